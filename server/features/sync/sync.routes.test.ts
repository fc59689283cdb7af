import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvidenceStatus } from '#domain/contracts/enums.ts';
import { MAX_PUSH_BATCH, MAX_PUSH_PULLS, type PushResponse } from '#domain/contracts/sync.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { type TestUser } from '#tests/setup/auth.ts';
import { makeUser } from '#tests/setup/factories.ts';
import { DB_DRIVERS, TEST_DRIVER } from '#tests/setup/test-env.ts';
import { clientMutations, evidenceFiles, profiles, responseHistory, responses } from '../../db/schema/index.ts';
import { markSubmitted, seedOrg, type OrgFixture } from './sync.test-fixtures.ts';

let seq = 0;
const uuidv7ish = () => crypto.randomUUID();
const answerSet = (org: OrgFixture, over: { questionId?: string; value?: 'yes' | 'no'; baseVersion?: number | null; id?: string; assessmentId?: string } = {}) => ({
  id: over.id ?? uuidv7ish(),
  kind: 'answer.set',
  assessmentId: over.assessmentId ?? org.assessmentId,
  payload: { questionId: over.questionId ?? org.questionIds[0]!, value: over.value ?? 'yes' },
  baseVersion: over.baseVersion === undefined ? 0 : over.baseVersion,
  clientTs: 1_700_000_000_000 + seq++,
});

describe.each(DB_DRIVERS)('POST /api/sync/push (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let org: OrgFixture;

  beforeEach(async () => {
    server = await createTestServer(driver);
    alice = await makeUser(server);
    bob = await makeUser(server);
    org = await seedOrg(server.deps.db, 'Acme', { userId: alice.userId, otherUserId: bob.userId });
  });
  afterEach(() => server.close());

  const push = async (token: string, mutations: unknown[], clientId = 'client-a') => {
    const res = await server.json('POST', '/api/sync/push', { clientId, pendingCount: mutations.length, mutations }, token);
    return res as { status: number; body: PushResponse & { error?: string; code?: string } };
  };

  it('applies a mutation once and replays the stored result as duplicate', async () => {
    const m = answerSet(org);
    const first = await push(alice.accessToken, [m]);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      { id: m.id, status: 'applied', answer: expect.objectContaining({ question_id: org.questionIds[0], answer: 'yes', version: 1, updated_by: alice.userId }) },
    ]);
    const again = await push(alice.accessToken, [m]);
    expect(again.body.results[0]).toEqual({ ...first.body.results[0], status: 'duplicate' });
    expect(await server.deps.db.select().from(responseHistory)).toHaveLength(1);
  });

  it('applies one id exactly once when two pushes race', async () => {
    const m = answerSet(org);
    const [a, b] = await Promise.all([push(alice.accessToken, [m]), push(alice.accessToken, [m], 'client-a')]);
    const statuses = [a.body.results[0]!.status, b.body.results[0]!.status].sort();
    expect(statuses).toEqual(['applied', 'duplicate']);
    expect(a.body.results[0]!.answer).toEqual(b.body.results[0]!.answer);
    const rows = await server.deps.db.select().from(responses);
    expect(rows.map((r) => r.version)).toEqual([1]);
    expect(await server.deps.db.select().from(clientMutations)).toHaveLength(1);
  });

  it('returns conflict with the teammate’s answer for a stale base', async () => {
    await push(bob.accessToken, [answerSet(org, { value: 'yes' })], 'client-b');
    const mine = answerSet(org, { value: 'no', baseVersion: 0 });
    const { body } = await push(alice.accessToken, [mine]);
    expect(body.results[0]).toMatchObject({ id: mine.id, status: 'conflict', answer: { answer: 'yes', version: 1, updated_by: bob.userId, updated_by_name: 'AcmeBob Tester' } });
    // "Keep mine": re-sent with the server's version as base.
    const keep = await push(alice.accessToken, [answerSet(org, { value: 'no', baseVersion: 1 })]);
    expect(keep.body.results[0]).toMatchObject({ status: 'applied', answer: { answer: 'no', version: 2 } });
  });

  it('lets two concurrent writers on one base produce one applied and one conflict', async () => {
    const [a, b] = await Promise.all([
      push(alice.accessToken, [answerSet(org, { value: 'yes' })]),
      push(bob.accessToken, [answerSet(org, { value: 'no' })], 'client-b'),
    ]);
    expect([a.body.results[0]!.status, b.body.results[0]!.status].sort()).toEqual(['applied', 'conflict']);
    expect((await server.deps.db.select().from(responses)).map((r) => r.version)).toEqual([1]);
  });

  it('rejects a bad item without blocking the items after it, and stores the rejection', async () => {
    const bad = { ...answerSet(org), payload: { questionId: org.questionIds[0], value: 'maybe' } };
    const foreign = answerSet(org, { questionId: crypto.randomUUID() });
    const good = answerSet(org, { questionId: org.questionIds[1] });
    const { status, body } = await push(alice.accessToken, [bad, foreign, good]);
    expect(status).toBe(200);
    expect(body.results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'applied']);
    expect(body.results[0]!.error).toEqual({ code: 'validation_failed', message: 'Answer must be yes or no' });
    expect(body.results[1]!.error?.code).toBe('validation_failed');
    const replay = await push(alice.accessToken, [bad]);
    expect(replay.body.results[0]).toEqual(body.results[0]);
  });

  it('rejects a base version beyond the integer column as a bad item, not a server error', async () => {
    const huge = answerSet(org, { questionId: org.questionIds[2], baseVersion: 2 ** 31 });
    const good = answerSet(org, { questionId: org.questionIds[3] });
    const { status, body } = await push(alice.accessToken, [huge, good]);
    expect(status).toBe(200);
    expect(body.results.map((r) => [r.status, r.error?.code])).toEqual([['rejected', 'validation_failed'], ['applied', undefined]]);
  });

  it('rejects writes to a submitted assessment with assessment_locked', async () => {
    await markSubmitted(server.deps.db, org.assessmentId);
    const { body } = await push(alice.accessToken, [answerSet(org)]);
    expect(body.results[0]).toMatchObject({
      status: 'rejected',
      error: { code: 'assessment_locked', message: 'This assessment has been submitted and can no longer be changed' },
    });
  });

  it('rejects another organization’s assessment as not found', async () => {
    const eve = await makeUser(server);
    const other = await seedOrg(server.deps.db, 'Other', { userId: eve.userId });
    const { body } = await push(eve.accessToken, [answerSet(other, { assessmentId: org.assessmentId })]);
    expect(body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'not_found' } });
    expect(await server.deps.db.select().from(responses)).toHaveLength(0);
  });

  it('never replays one user’s mutation to another user', async () => {
    const m = answerSet(org);
    await push(alice.accessToken, [m]);
    const { body } = await push(bob.accessToken, [m], 'client-b');
    expect(body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'forbidden' } });
    expect(body.results[0]!.answer).toBeUndefined();
  });

  it('refuses a removed user with 403 and processes nothing', async () => {
    await server.deps.db.update(profiles).set({ status: 'removed' }).where(eq(profiles.id, alice.userId));
    const res = await push(alice.accessToken, [answerSet(org)]);
    expect(res.status).toBe(403);
    expect(await server.deps.db.select().from(clientMutations)).toHaveLength(0);
  });

  it('answers 401 for a bad token and processes nothing', async () => {
    const res = await push('not-a-token', [answerSet(org)]);
    expect(res.status).toBe(401);
    expect(await server.deps.db.select().from(clientMutations)).toHaveLength(0);
  });

  it(`refuses more than ${MAX_PUSH_BATCH} mutations in one push`, async () => {
    const res = await push(alice.accessToken, Array.from({ length: MAX_PUSH_BATCH + 1 }, () => answerSet(org)));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });

  it('submits through the queue: incomplete is rejected, complete is applied and locks later edits', async () => {
    const submit = () => ({ id: uuidv7ish(), kind: 'assessment.submit', assessmentId: org.assessmentId, payload: {}, baseVersion: null, clientTs: 1 });
    const early = await push(alice.accessToken, [submit()]);
    expect(early.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'incomplete_assessment' } });
    for (let i = 0; i < org.questionIds.length; i += 50) {
      const chunk = org.questionIds.slice(i, i + 50).map((questionId) => answerSet(org, { questionId }));
      const { body } = await push(alice.accessToken, chunk);
      expect(body.results.every((r) => r.status === 'applied')).toBe(true);
    }
    const final = submit();
    const late = answerSet(org, { value: 'no', baseVersion: 1 });
    const { body } = await push(alice.accessToken, [final, late]);
    expect(body.results[0]).toMatchObject({ status: 'applied', assessment: { status: 'submitted', submitted_at: expect.any(String) } });
    expect(body.results[1]).toMatchObject({ status: 'rejected', error: { code: 'assessment_locked' } });
    const replay = await push(alice.accessToken, [final]);
    expect(replay.body.results[0]).toEqual({ ...body.results[0], status: 'duplicate' });
  });

  it('carries the pull state of the assessments it names, read after the push applied (one round trip)', async () => {
    await push(bob.accessToken, [answerSet(org, { questionId: org.questionIds[1], value: 'no' })], 'client-b');
    const eve = await makeUser(server);
    const other = await seedOrg(server.deps.db, 'Other', { userId: eve.userId });
    const m = answerSet(org);
    const res = await server.json('POST', '/api/sync/push', { clientId: 'client-a', mutations: [m], pull: [{ assessmentId: org.assessmentId }, { assessmentId: other.assessmentId }] }, alice.accessToken);
    expect(res.status).toBe(200);
    const body = res.body as PushResponse;
    expect(body.results).toEqual([expect.objectContaining({ id: m.id, status: 'applied' })]);
    const [mine, theirs] = body.pulls!;
    if (!mine || !('state' in mine)) throw new Error(`no pull state: ${JSON.stringify(body.pulls)}`);
    expect(mine.assessmentId).toBe(org.assessmentId);
    expect(mine.state.answers.map((a) => [a.question_id, a.answer, a.updated_by]).sort()).toEqual(
      [[org.questionIds[0], 'yes', alice.userId], [org.questionIds[1], 'no', bob.userId]].sort(),
    );
    expect(mine.state).toMatchObject({ assessment: { status: 'in_progress' }, deferrals: [], evidence: [], cursor: expect.any(String) });
    // Another organization's assessment: its reason, as GET /api/sync/pull would answer it.
    expect(theirs).toEqual({ assessmentId: other.assessmentId, error: { code: 'not_found', message: 'Assessment not found' } });
    // From a cursor, only what changed since (minus the overlap window) comes back.
    await server.deps.db.update(responses).set({ updatedAt: new Date(Date.parse(mine.state.cursor!) - 10 * 60_000) });
    const next = await server.json('POST', '/api/sync/push', { clientId: 'client-a', mutations: [], pull: [{ assessmentId: org.assessmentId, since: mine.state.cursor }] }, alice.accessToken);
    expect((next.body as PushResponse).pulls).toEqual([{ assessmentId: org.assessmentId, state: expect.objectContaining({ answers: [], cursor: mine.state.cursor }) }]);
    // A push that names nothing to pull answers as before.
    expect(Object.keys((await push(alice.accessToken, [])).body)).toEqual(['results']);
  });

  it(`refuses a bad pull list: a malformed id or more than ${MAX_PUSH_PULLS} assessments`, async () => {
    const bad = await server.json('POST', '/api/sync/push', { clientId: 'c', mutations: [], pull: [{ assessmentId: 'nope' }] }, alice.accessToken);
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const many = Array.from({ length: MAX_PUSH_PULLS + 1 }, () => ({ assessmentId: crypto.randomUUID() }));
    const tooMany = await server.json('POST', '/api/sync/push', { clientId: 'c', mutations: [], pull: many }, alice.accessToken);
    expect(tooMany).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await server.deps.db.select().from(clientMutations)).toHaveLength(0);
  });

  it('records a deferral to another active member and refuses one to oneself', async () => {
    const q = org.questionIds[2]!;
    const defer = (to: string) => ({ id: uuidv7ish(), kind: 'defer.set', assessmentId: org.assessmentId, payload: { questionId: q, deferToUserId: to }, baseVersion: null, clientTs: 1 });
    const { body } = await push(alice.accessToken, [defer(bob.userId), defer(alice.userId)]);
    expect(body.results[0]).toMatchObject({ status: 'applied', deferral: { question_id: q, deferred_to: bob.userId, deferred_to_name: 'AcmeBob Tester', status: 'open' } });
    expect(body.results[1]).toMatchObject({ status: 'rejected', error: { code: 'validation_failed' } });
    // Bob answers: the deferral closes.
    await push(bob.accessToken, [answerSet(org, { questionId: q })], 'client-b');
    const pull = await server.json('GET', `/api/sync/pull?assessmentId=${org.assessmentId}`, undefined, alice.accessToken);
    expect(pull.body.deferrals).toEqual([expect.objectContaining({ question_id: q, status: 'answered' })]);
  });
});

describe.each([TEST_DRIVER])('GET /api/sync/pull (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let org: OrgFixture;

  beforeEach(async () => {
    server = await createTestServer(driver);
    alice = await makeUser(server);
    org = await seedOrg(server.deps.db, 'Acme', { userId: alice.userId });
  });
  afterEach(() => server.close());

  const pull = (query: string, token = alice.accessToken) => server.json('GET', `/api/sync/pull?${query}`, undefined, token);

  it('returns answers, lock state and a cursor; a later pull with the cursor returns only recent changes', async () => {
    await server.json('POST', '/api/sync/push', { clientId: 'c', pendingCount: 1, mutations: [answerSet(org)] }, alice.accessToken);
    const first = await pull(`assessmentId=${org.assessmentId}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ assessment: { status: 'in_progress', submitted_at: null }, deferrals: [] });
    expect(first.body.answers).toEqual([expect.objectContaining({ question_id: org.questionIds[0], answer: 'yes', version: 1 })]);
    expect(first.body.cursor).toBe(first.body.answers[0].updated_at);
    // Rows older than the cursor minus the overlap window are not sent again.
    await server.deps.db.update(responses).set({ updatedAt: new Date(Date.parse(first.body.cursor) - 10 * 60_000) });
    const next = await pull(`assessmentId=${org.assessmentId}&since=${encodeURIComponent(first.body.cursor)}`);
    expect(next.body.answers).toEqual([]);
    expect(next.body.cursor).toBe(first.body.cursor);
  });

  it("brings every evidence file of the assessment, a teammate's too, on each pull (detached ones gone)", async () => {
    const file = (over: { id?: string; orgId?: string; assessmentId?: string; status?: EvidenceStatus; fileName?: string; uploadedBy?: string }) => ({
      id: over.id ?? crypto.randomUUID(),
      organizationId: over.orgId ?? org.orgId,
      assessmentId: over.assessmentId ?? org.assessmentId,
      questionId: org.questionIds[1]!,
      fileName: over.fileName ?? 'roster.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 120,
      sha256: 'a'.repeat(64),
      storageKey: 'k',
      status: over.status ?? 'attached',
      uploadedBy: over.uploadedBy ?? org.otherUserId,
    });
    const other = await seedOrg(server.deps.db, 'Other');
    await server.deps.db
      .insert(evidenceFiles)
      .values([file({ fileName: 'roster.pdf' }), file({ fileName: 'removed.pdf', status: 'detached' }), file({ fileName: 'theirs.pdf', orgId: other.orgId, assessmentId: other.assessmentId, uploadedBy: other.userId })]);
    const first = await pull(`assessmentId=${org.assessmentId}`);
    expect(first.body.evidence).toEqual([
      expect.objectContaining({ file_name: 'roster.pdf', question_id: org.questionIds[1], size_bytes: 120, status: 'attached', uploaded_by: org.otherUserId, uploaded_by_name: expect.stringContaining('AcmeBob') }),
    ]);
    // Not only what changed since the cursor: the whole list, so a removal reaches every device.
    const next = await pull(`assessmentId=${org.assessmentId}&since=${encodeURIComponent(new Date().toISOString())}`);
    expect(next.body.evidence.map((e: { file_name: string }) => e.file_name)).toEqual(['roster.pdf']);
  });

  it('reports a submitted assessment', async () => {
    await markSubmitted(server.deps.db, org.assessmentId);
    const res = await pull(`assessmentId=${org.assessmentId}`);
    expect(res.body.assessment.status).toBe('submitted');
    expect(res.body.assessment.submitted_at).toEqual(expect.any(String));
  });

  it('hides another organization’s assessment behind 404 and validates the query', async () => {
    const eve = await makeUser(server);
    await seedOrg(server.deps.db, 'Other', { userId: eve.userId });
    expect((await pull(`assessmentId=${org.assessmentId}`, eve.accessToken)).status).toBe(404);
    expect((await pull('assessmentId=nope')).status).toBe(400);
  });
});
