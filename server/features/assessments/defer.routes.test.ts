// POST /api/assessments/{id}/defer, and what removing a member does to the questions handed to them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { assessments } from '#server/db/schema/index.ts';
import { createOrgAdmin, joinOrganization, removeMember, type Member } from '#tests/isolation/fixtures.ts';
import { apiClient, bodyOf, refusalOf } from '#tests/setup/api-client.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { DEFERRED_MESSAGE } from './defer.routes.ts';

describe.each([TEST_DRIVER])('POST /api/assessments/:id/defer (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let bob: Member;
  let assessmentId: string;
  let questionIds: string[];

  /** A malformed body or id on purpose (the typed client only sends what the route accepts). */
  const deferRaw = (as: Member, body: unknown, id = assessmentId) => server.json('POST', `/api/assessments/${id}/defer`, body, as.accessToken);
  /** A well-formed deferral through the typed client (tests/setup/api-client.ts). */
  const defer = (as: Member, json: { questionId: string; deferToUserId: string }, id = assessmentId) =>
    apiClient(server, as.accessToken).assessments[':id'].defer.$post({ param: { id }, json });
  const pullDeferrals = async (as: Member) => {
    const res = await apiClient(server, as.accessToken).sync.pull.$get({ query: { assessmentId } });
    expect(res.status).toBe(200);
    const body = await res.json();
    if (!('deferrals' in body)) throw new Error('pull answered without deferrals');
    return body.deferrals;
  };

  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Hopper Institute' });
    bob = await joinOrganization(server, admin.organizationId!, { firstName: 'Bob', lastName: 'Byte' });
    const api = apiClient(server, admin.accessToken);
    assessmentId = (await bodyOf(api.assessments.create.$post({ json: { organizationId: admin.organizationId! } }), 201)).assessmentId;
    questionIds = (await bodyOf(api.questions.$get({ query: { assessmentId } }))).map((q) => q.id);
  });
  afterAll(async () => server?.close());

  it('hands a question to a teammate, who sees it in the pull; a second deferral replaces the first', async () => {
    const res = await bodyOf(defer(admin, { questionId: questionIds[0]!, deferToUserId: bob.userId }));
    expect(res).toMatchObject({ message: DEFERRED_MESSAGE, deferral: { question_id: questionIds[0]!, deferred_to: bob.userId, deferred_to_name: 'Bob Byte', status: 'open' } });
    expect(await pullDeferrals(bob)).toEqual([expect.objectContaining({ question_id: questionIds[0]!, deferred_to: bob.userId, status: 'open' })]);

    const back = await defer(bob, { questionId: questionIds[0]!, deferToUserId: admin.userId });
    expect(back.status).toBe(200);
    const open = (await pullDeferrals(admin)).filter((d) => d.status === 'open');
    expect(open).toEqual([expect.objectContaining({ question_id: questionIds[0]!, deferred_to: admin.userId })]);
  });

  it('refuses oneself, strangers, unknown questions and bad bodies with a readable 400', async () => {
    const self = await refusalOf(defer(admin, { questionId: questionIds[0]!, deferToUserId: admin.userId }), 400);
    expect(self).toMatchObject({ error: 'Choose another team member to defer to' });

    const outsider = await createOrgAdmin(server, { organizationName: 'Elsewhere' });
    const stranger = await refusalOf(defer(admin, { questionId: questionIds[0]!, deferToUserId: outsider.userId }), 400);
    expect(stranger).toMatchObject({ error: 'That team member is not an active member of your organization' });

    const unknown = await refusalOf(defer(admin, { questionId: crypto.randomUUID(), deferToUserId: bob.userId }), 400);
    expect(unknown).toMatchObject({ error: 'This question is not part of the assessment' });

    for (const body of [{}, { questionId: 'q1', deferToUserId: bob.userId }, { questionId: questionIds[0]! }]) {
      const res = await deferRaw(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect(await pullDeferrals(admin)).toEqual([]);
  });

  it("is a 404 for another organization's assessment, a 400 for a malformed id, and a 409 once submitted", async () => {
    const outsider = await createOrgAdmin(server, { organizationName: 'Elsewhere' });
    expect((await defer(outsider, { questionId: questionIds[0]!, deferToUserId: bob.userId })).status).toBe(404);
    expect((await deferRaw(admin, { questionId: questionIds[0], deferToUserId: bob.userId }, 'not-a-uuid')).status).toBe(400);

    await server.deps.db.update(assessments).set({ status: 'submitted', submittedAt: new Date() }).where(eq(assessments.id, assessmentId));
    const locked = await refusalOf(defer(admin, { questionId: questionIds[0]!, deferToUserId: bob.userId }), 409);
    expect(locked).toMatchObject({ code: 'assessment_locked' });
  });

  it('gives the questions of a removed member back to the team', async () => {
    await defer(admin, { questionId: questionIds[0]!, deferToUserId: bob.userId });
    await defer(admin, { questionId: questionIds[1]!, deferToUserId: bob.userId });
    await removeMember(server, admin, bob.userId);
    const after = await pullDeferrals(admin);
    expect(after.map((d) => d.status).sort()).toEqual(['cancelled', 'cancelled']);
    // A removed member can no longer be chosen.
    const again = await defer(admin, { questionId: questionIds[0]!, deferToUserId: bob.userId });
    expect(again.status).toBe(400);
  });
});
