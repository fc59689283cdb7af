import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import { frameworkCoverage } from '#domain/scoring/coverage.ts';
import { scoreAssessment } from '#domain/scoring/scoring.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf } from '#tests/setup/api-client.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, type Member } from '#tests/isolation/fixtures.ts';
import { correctiveActions, organizations } from '../../db/schema/index.ts';
import { answerAll, createAssessment, getQuestions, postAnswer } from './assessments.test-helpers.ts';

describe.each(DB_DRIVERS)('assessment lifecycle API (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  let outsider: Member;
  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Acme Research' });
    member = await joinOrganization(server, admin.organizationId!);
    outsider = await createOrgAdmin(server, { organizationName: 'Other Lab' });
  });
  afterEach(async () => server.close());

  it('creates one in-progress assessment per organization; a second create reports the first', async () => {
    const first = await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, admin.accessToken);
    expect(first.status).toBe(201);
    const second = await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, member.accessToken);
    expect(second.status).toBe(409);
    expect(second.body.error).toContain('already in progress');
    expect(second.body).toMatchObject({ code: 'already_in_progress', assessmentId: first.body.assessmentId });
    const foreign = await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, outsider.accessToken);
    expect(foreign.status).toBe(404);
    expect((await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId })).status).toBe(401);
  });

  it('lets exactly one of several simultaneous creates win', async () => {
    const create = () => server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, admin.accessToken);
    const results = await Promise.all([create(), create(), create()]);
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r).toMatchObject({ status: 409, body: { code: 'already_in_progress', assessmentId: won[0]!.body.assessmentId } });
    }
  });

  it('lists and reads the organization’s assessments, hiding them from other organizations', async () => {
    const id = await createAssessment(server, admin.accessToken, admin.organizationId);
    const list = await server.json('GET', '/api/assessments', undefined, member.accessToken);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id, status: 'in_progress', total_score: null, grade: null, pass_fail: null, submitted_at: null })]);
    const detail = await server.json('GET', `/api/assessments/${id}`, undefined, member.accessToken);
    expect(detail.body).toMatchObject({ id, status: 'in_progress', answered_count: 0, question_count: QUESTION_BANK.length });
    expect(typeof detail.body.version_id).toBe('number');
    expect((await server.json('GET', '/api/assessments', undefined, outsider.accessToken)).body).toEqual([]);
    for (const path of [`/api/assessments/${id}`, `/api/assessments/${id}/responses`, `/api/assessments/${id}/results`]) {
      expect((await server.json('GET', path, undefined, outsider.accessToken)).status, path).toBe(404);
    }
    expect((await server.json('GET', '/api/assessments/not-a-uuid', undefined, outsider.accessToken)).body).toMatchObject({ error: 'Invalid assessment id', code: 'validation_failed' });
    expect((await server.json('GET', `/api/assessments/${id}`)).status).toBe(401);
  });

  it('answers 404 for a JSON save on another organization’s assessment, whatever the body; its answers stay untouched', async () => {
    const id = await createAssessment(server, admin.accessToken, admin.organizationId);
    const [q] = await getQuestions(server, admin.accessToken, id);
    const saves = [{ questionId: q!.id, answer: 'yes' }, { questionId: q!.id, answer: 'maybe' }, { answer: 'yes' }, { questionId: 'x' }];
    for (const body of saves) {
      const res = await server.json('POST', `/api/assessments/${id}/responses`, body, outsider.accessToken);
      expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 404, error: 'Assessment not found' });
    }
    expect((await server.json('POST', `/api/assessments/${id}/responses`, { questionId: q!.id, answer: 'maybe' }, member.accessToken)).status).toBe(400);
    expect((await server.json('GET', `/api/assessments/${id}/responses`, undefined, admin.accessToken)).body).toEqual([]);
    const saved = await server.json('POST', `/api/assessments/${id}/responses`, { questionId: q!.id, answer: 'no' }, member.accessToken);
    expect(saved.body).toMatchObject({ status: 'applied', answer: { question_id: q!.id, answer: 'no', version: 1, updated_by: member.userId } });
  });

  it('saves yes/no answers (with evidence files) from multipart forms and refuses anything else', async () => {
    const id = await createAssessment(server, admin.accessToken, admin.organizationId);
    const [q1, q2] = await getQuestions(server, admin.accessToken, id);
    // Well-formed saves go through the typed client: the route declares both bodies (form and JSON).
    const answerRoute = (token: string) => apiClient(server, token).assessments[':id'].responses;
    const evidence_0 = new File(['item,owner\nPOC,Ada\n'], 'roster.csv', { type: 'text/csv' });
    const saved = await bodyOf(answerRoute(member.accessToken).$post({ param: { id }, form: { questionId: q1!.id, answer: 'yes', evidence_0 } }));
    expect(saved).toMatchObject({ evidence: [expect.objectContaining({ file_name: 'roster.csv', status: 'attached' })] });
    expect(saved).toMatchObject({ status: 'applied', answer: { question_id: q1!.id, answer: 'yes', version: 1, updated_by: member.userId } });
    const json = await bodyOf(answerRoute(admin.accessToken).$post({ param: { id }, json: { questionId: q2!.id, answer: 'no' } }));
    expect(json).toMatchObject({ status: 'applied', answer: { question_id: q2!.id, answer: 'no' } });
    const bad = await postAnswer(server, admin.accessToken, id, { questionId: q2!.id, answer: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: MSG.answerYesNo, code: 'validation_failed' });
    const unknown = await postAnswer(server, admin.accessToken, id, { questionId: crypto.randomUUID(), answer: 'no' });
    expect(unknown.status).toBe(400);
    const stale = await postAnswer(server, admin.accessToken, id, { questionId: q1!.id, answer: 'no', baseVersion: '0' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'conflict', details: { answer: { answer: 'yes', version: 1 } } });
    const fresh = await postAnswer(server, admin.accessToken, id, { questionId: q1!.id, answer: 'no', baseVersion: '1' });
    expect(fresh.body.answer).toMatchObject({ answer: 'no', version: 2 });
    expect((await postAnswer(server, outsider.accessToken, id, { questionId: q2!.id, answer: 'yes' })).status).toBe(404);
    const responses = await server.json('GET', `/api/assessments/${id}/responses`, undefined, member.accessToken);
    expect(responses.body).toEqual([
      expect.objectContaining({ question_id: q2!.id, answer: 'no', version: 1 }),
      expect.objectContaining({ question_id: q1!.id, answer: 'no', version: 2, updated_by: admin.userId, updated_by_name: `${admin.firstName} ${admin.lastName}` }),
    ]);
  });

  it('refuses to submit an incomplete assessment and lists what is missing', async () => {
    const id = await createAssessment(server, admin.accessToken, admin.organizationId);
    const skipped = new Set(['CI-02', 'AU-11']);
    await answerAll(server, admin.accessToken, id, () => 'yes', (q) => skipped.has(q.code));
    const res = await server.json('POST', `/api/assessments/${id}/submit`, undefined, admin.accessToken);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('incomplete_assessment');
    expect(res.body.error).toBe('2 questions still need an answer before you can submit');
    expect(res.body.details.unanswered.map((u: any) => u.code).sort()).toEqual(['AU-11', 'CI-02']);
    expect(res.body.details.unanswered[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await server.json('GET', `/api/assessments/${id}/results`, undefined, admin.accessToken)).status).toBe(409);
    const badKey = await server.json('POST', `/api/assessments/${id}/submit`, { mutationId: 'nope' }, admin.accessToken);
    expect(badKey).toMatchObject({ status: 400, body: { code: 'validation_failed', error: 'Invalid mutation id' } });
    const empty = await server.app.request(`/api/assessments/${id}/responses`, { method: 'POST', headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(empty.status).toBe(400);
    const broken = await server.app.request(`/api/assessments/${id}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(broken.status).toBe(400);
  });

  it('scores a complete assessment on the server, stores the result and locks it', async () => {
    const id = await createAssessment(server, admin.accessToken, admin.organizationId);
    const answers = await answerAll(server, member.accessToken, id, (q, i) => (q.code === 'PP-15' || i % 5 === 0 ? 'no' : 'yes'));
    const questions = await getQuestions(server, admin.accessToken, id);
    const expected = scoreAssessment(
      questions.map((q) => ({ id: q.id, code: q.code, domainId: q.domain_id, questionText: q.question_text, points: q.points, critical: q.critical })),
      answers,
      DOMAINS,
    );
    const res = await server.json('POST', `/api/assessments/${id}/submit`, undefined, member.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalScore: expected.totalScore,
      total_score: expected.totalScore,
      maxScore: 140,
      grade: expected.grade,
      passFail: 'Fail',
      pass_fail: 'Fail',
      domainScores: expected.domainScores,
      failReasons: expected.failReasons,
    });
    expect(res.body.failReasons.some((r: string) => r.includes('PP-15'))).toBe(true);
    // The results are the submit response plus the explained Fail, the gaps and the framework
    // coverage of the questions asked (ADR 012; domain/scoring/coverage.ts).
    const results = (await server.json('GET', `/api/assessments/${id}/results`, undefined, admin.accessToken)).body;
    expect(results).toEqual({ ...res.body, failSummary: expect.stringMatching(/^Fail: /), gaps: expect.any(Array), framework_coverage: frameworkCoverage(questions, answers) });
    expect(results.gaps.reduce((n: number, g: any) => n + g.gaps.length, 0)).toBe(res.body.gapCount);
    const detail = await server.json('GET', `/api/assessments/${id}`, undefined, admin.accessToken);
    expect(detail.body).toMatchObject({ status: 'submitted', total_score: expected.totalScore, grade: expected.grade, pass_fail: 'Fail', answered_count: QUESTION_BANK.length });
    const actions = await server.deps.db.select().from(correctiveActions).where(eq(correctiveActions.assessmentId, id));
    expect(actions).toHaveLength(Object.values(answers).filter((a) => a === 'no').length);
    expect(actions.every((a) => a.status === 'open' && a.targetDate!.getTime() > Date.parse(res.body.submitted_at))).toBe(true);

    const again = await server.json('POST', `/api/assessments/${id}/submit`, undefined, admin.accessToken);
    expect(again).toMatchObject({ status: 409, body: { code: 'assessment_locked' } });
    const late = await postAnswer(server, admin.accessToken, id, { questionId: questions[0]!.id, answer: 'yes' });
    expect(late).toMatchObject({ status: 409, body: { code: 'assessment_locked' } });
    expect((await server.json('POST', `/api/assessments/${id}/submit`, undefined, outsider.accessToken)).status).toBe(404);
    // A new assessment may start once the previous one is submitted.
    expect((await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, admin.accessToken)).status).toBe(201);
  });

  it('passes with every answer Yes, and replays an idempotent submit', async () => {
    const id = await createAssessment(server, admin.accessToken, admin.organizationId);
    await answerAll(server, admin.accessToken, id, () => 'yes');
    const submit = () =>
      server.app.request(`/api/assessments/${id}/submit`, { method: 'POST', headers: { authorization: `Bearer ${admin.accessToken}`, 'idempotency-key': 'submit-once-42' } });
    const first = await submit();
    const firstBody = await first.json();
    expect(first.status).toBe(200);
    expect(firstBody).toMatchObject({ totalScore: 140, grade: 'A', passFail: 'Pass', failReasons: [], gapCount: 0 });
    const replay = await submit();
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(firstBody);
    const plain = await server.json('POST', `/api/assessments/${id}/submit`, undefined, admin.accessToken);
    expect(plain.body.code).toBe('assessment_locked');
  });

  it('keeps a suspended organization read-only', async () => {
    const id = await createAssessment(server, admin.accessToken, admin.organizationId);
    const [q] = await getQuestions(server, admin.accessToken, id);
    await server.deps.db.update(organizations).set({ status: 'suspended', suspendedReason: 'Unpaid' }).where(eq(organizations.id, admin.organizationId!));
    expect((await postAnswer(server, member.accessToken, id, { questionId: q!.id, answer: 'yes' })).body.code).toBe('organization_suspended');
    expect((await server.json('POST', `/api/assessments/${id}/submit`, undefined, admin.accessToken)).status).toBe(403);
    expect((await server.json('GET', '/api/assessments', undefined, admin.accessToken)).status).toBe(200);
    expect((await server.json('GET', `/api/assessments/${id}/responses`, undefined, member.accessToken)).status).toBe(200);
  });
});
