// GET /api/assessments/trend, /:id/comparison and /:id/previous-answers through the real app:
// assessments answered and submitted through the real endpoints, one organization's data never
// visible to another. An assessment in progress has no comparison yet (409, as its results).
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResultView } from '#domain/contracts/assessments.ts';
import type { QuestionView } from '#domain/contracts/assessments.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf, refusalOf } from '#tests/setup/api-client.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { assessments } from '../../db/schema/index.ts';
import { createOrgAdmin, joinOrganization, type Member } from '#tests/isolation/fixtures.ts';
import { answerAll, createAssessment, getQuestions } from './assessments.test-helpers.ts';
import { NOT_SUBMITTED_MESSAGE } from './cycles.service.ts';

describe.each([TEST_DRIVER])('comparison, trend and previous answers API (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  let outsider: Member;
  let questions: QuestionView[];
  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Acme Research', firstName: 'Ada', lastName: 'Admin' });
    member = await joinOrganization(server, admin.organizationId!, { firstName: 'Tess', lastName: 'Member' });
    outsider = await createOrgAdmin(server, { organizationName: 'Other Lab' });
  });
  afterEach(async () => server.close());

  /** The cycle routes as `who` (anonymous: null) through the typed client. */
  const routesOf = (who: Member | null = admin) => {
    const api = apiClient(server, who?.accessToken).assessments;
    return {
      comparison: (id: string) => api[':id'].comparison.$get({ param: { id } }),
      previousAnswers: (id: string) => api[':id']['previous-answers'].$get({ param: { id } }),
      trend: () => api.trend.$get(),
    };
  };

  /** Creates, answers (No for `noCodes`, Yes otherwise) and submits an assessment; returns its id and result. */
  async function submitted(who: Member, noCodes: string[]): Promise<{ id: string; result: ResultView }> {
    const id = await createAssessment(server, who.accessToken, admin.organizationId);
    questions = await getQuestions(server, who.accessToken, id);
    await answerAll(server, who.accessToken, id, (q) => (noCodes.includes(q.code) ? 'no' : 'yes'));
    const result: ResultView = await bodyOf(apiClient(server, who.accessToken).assessments[':id'].submit.$post({ param: { id } }));
    return { id, result };
  }

  it('compares two submitted assessments: regressions, improvements, total and domain deltas', async () => {
    const first = await submitted(admin, ['PP-01', 'TP-01']);
    const [a, b, c] = [questions.find((q) => q.code === 'PP-01')!, questions.find((q) => q.code === 'TP-01')!, questions.find((q) => !q.critical && !['PP-01', 'TP-01'].includes(q.code))!];
    // Now PP-01 stays No, TP-01 improves, and c regresses (answered by the member).
    const second = await submitted(member, ['PP-01', c.code]);

    const view = await bodyOf(routesOf(member).comparison(second.id));
    expect(view.current).toEqual({ assessment_id: second.id, submitted_at: second.result.submittedAt, total_score: second.result.totalScore, grade: second.result.grade, pass_fail: second.result.passFail });
    expect(view.previous).toMatchObject({ assessment_id: first.id, submitted_at: first.result.submittedAt, total_score: first.result.totalScore });
    expect(view.total_delta).toBe(second.result.totalScore - first.result.totalScore);
    expect(view.regressed).toEqual([{ code: c.code, question_text: c.question_text, domain_id: c.domain_id, from: 'yes', to: 'no', critical: false }]);
    expect(view.improved).toEqual([{ code: b.code, question_text: b.question_text, domain_id: b.domain_id, from: 'no', to: 'yes', critical: b.critical }]);
    expect(view.regressed.concat(view.improved).some((q) => q.code === a.code)).toBe(false);
    expect(view.domains.map((d) => d.domain_id)).toEqual(second.result.domainScores.map((d) => d.id));
    for (const d of view.domains) {
      const before = first.result.domainScores.find((x) => x.id === d.domain_id)!.weighted_percentage;
      const now = second.result.domainScores.find((x) => x.id === d.domain_id)!.weighted_percentage;
      expect(d).toMatchObject({ previous_percentage: before, percentage: now });
      expect(d.delta).toBeCloseTo(now - before, 6);
    }
    expect(view.domains.some((d) => d.delta !== 0)).toBe(true);

    // The first one is compared with nothing: the later one is not "previous".
    const firstView = await bodyOf(routesOf().comparison(first.id));
    expect(firstView).toMatchObject({ previous: null, total_delta: null, regressed: [], improved: [] });
  });

  it('answers for the first submitted assessment with no previous one and a one-point trend', async () => {
    const only = await submitted(admin, ['PP-01']);
    const view = await bodyOf(routesOf().comparison(only.id));
    expect(view).toMatchObject({ previous: null, total_delta: null, regressed: [], improved: [] });
    expect(view.domains.every((d) => d.previous_percentage === null && d.delta === null)).toBe(true);
    const trend = await bodyOf(routesOf().trend());
    expect(trend.points.map((p) => [p.assessment_id, p.total_score])).toEqual([[only.id, only.result.totalScore]]);
  });

  it('lists the trend oldest first with every domain percentage, and reads results stored before cycles', async () => {
    expect(await bodyOf(routesOf().trend())).toEqual({ domains: [], points: [] });
    const one = await submitted(admin, ['PP-01', 'TP-01']);
    const two = await submitted(admin, ['PP-01']);
    const three = await submitted(admin, []);
    // A result stored before cycles has no carry and no evidence_missing.
    const legacy = { ...one.result } as Partial<ResultView>;
    delete legacy.carry;
    delete legacy.evidence_missing;
    await server.deps.db.update(assessments).set({ result: legacy as ResultView }).where(eq(assessments.id, one.id));

    const res = await bodyOf(routesOf(member).trend());
    expect(res.points.map((p) => p.assessment_id)).toEqual([one.id, two.id, three.id]);
    expect(res.points.map((p) => p.total_score)).toEqual([one.result.totalScore, two.result.totalScore, three.result.totalScore]);
    expect(res.domains).toEqual(three.result.domainScores.map((d) => ({ id: d.id, name: d.name })));
    expect(res.points[0]!.domains).toEqual(Object.fromEntries(one.result.domainScores.map((d) => [d.id, d.weighted_percentage])));
    const compared = await bodyOf(routesOf().comparison(two.id));
    expect(compared.previous?.assessment_id).toBe(one.id);
    expect(compared.improved.map((q) => q.code)).toEqual(['TP-01']);

    // An open assessment is not on the trend; another organization sees only its own (none).
    await createAssessment(server, admin.accessToken, admin.organizationId);
    expect((await bodyOf(routesOf().trend())).points).toHaveLength(3);
    expect(await bodyOf(routesOf(outsider).trend())).toEqual({ domains: [], points: [] });
  });

  it('lists each question’s earlier answers newest first with author and date', async () => {
    const one = await submitted(admin, ['PP-01']);
    const two = await submitted(member, ['TP-01']);
    const open = await createAssessment(server, admin.accessToken, admin.organizationId);

    const res = await bodyOf(routesOf(member).previousAnswers(open));
    const pp = res['PP-01']!;
    expect(pp.map((p) => [p.assessment_id, p.answer, p.answered_by_name])).toEqual([
      [two.id, 'yes', 'Tess Member'],
      [one.id, 'no', 'Ada Admin'],
    ]);
    expect(pp[0]!.submitted_at).toBe(two.result.submittedAt);
    expect(Date.parse(pp[0]!.answered_at)).toBeLessThanOrEqual(Date.parse(two.result.submittedAt));
    expect(Object.keys(res).sort()).toEqual(questions.map((q) => q.code).sort());

    // A submitted assessment sees only those submitted before it; the first sees none.
    const ofTwo = await bodyOf(routesOf().previousAnswers(two.id));
    expect(ofTwo['TP-01']!.map((p) => [p.assessment_id, p.answer])).toEqual([[one.id, 'yes']]);
    expect(await bodyOf(routesOf().previousAnswers(one.id))).toEqual({});
  });

  it('keeps every route to the caller’s organization and explains an assessment in progress', async () => {
    const done = await submitted(admin, []);
    const open = await createAssessment(server, admin.accessToken, admin.organizationId);
    const calls = (who: Member | null) => {
      const routes = routesOf(who);
      return [
        [`/api/assessments/${done.id}/comparison`, () => routes.comparison(done.id)],
        [`/api/assessments/${done.id}/previous-answers`, () => routes.previousAnswers(done.id)],
        [`/api/assessments/${open}/previous-answers`, () => routes.previousAnswers(open)],
      ] as const;
    };
    for (const [path, call] of calls(outsider)) {
      const res = await refusalOf(call(), 404);
      expect(res.error, path).toBe('Assessment not found');
    }
    // a malformed id: sent untyped
    expect((await server.json('GET', '/api/assessments/not-a-uuid/comparison', undefined, outsider.accessToken)).body.error).toBe('Invalid assessment id');
    const inProgress = await refusalOf(routesOf().comparison(open), 409);
    expect(inProgress).toMatchObject({ error: NOT_SUBMITTED_MESSAGE });
    const anonymous = routesOf(null);
    expect((await anonymous.trend()).status, 'trend').toBe(401);
    expect((await anonymous.comparison(done.id)).status, 'comparison').toBe(401);
    expect((await anonymous.previousAnswers(open)).status, 'previous-answers').toBe(401);
  });
});
