// Starting from the last submitted assessment (ADR 019) through the real API: carried answers to
// re-confirm (unanswered until then), new and changed questions, carried evidence with its dates,
// re-confirmation one by one, in bulk through the sync outbox, and the result's carry summary.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssessmentDetail, QuestionView } from '#domain/contracts/assessments.ts';
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import type { AnswerView, PushResponse } from '#domain/contracts/sync.ts';
import { PROFILE_WITH_EVERY_DUTY, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf, refusalOf } from '#tests/setup/api-client.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, setApplicability, type Member } from '#tests/isolation/fixtures.ts';
import { evidenceFiles, responseHistory } from '../../db/schema/index.ts';
import { publishVersion } from '../questions/index.ts';
import { getQuestions, postAnswer } from './assessments.test-helpers.ts';

/** Asks fewer questions than every duty (and resolves some gates differently). */
const UNCOVERED_COMPANY: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['dod'], activities: [] };

const yesOrNo = (q: QuestionView, i: number): 'yes' | 'no' => (i % 3 === 2 ? 'no' : 'yes');

describe.each([TEST_DRIVER])('start from the last submitted assessment (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  let outsider: Member;
  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Acme Research' });
    member = await joinOrganization(server, admin.organizationId!);
    outsider = await createOrgAdmin(server, { organizationName: 'Other Lab', email: 'other@lab.example' });
  });
  afterEach(async () => server.close());

  const api = (as: Member) => apiClient(server, as.accessToken).assessments;
  /** POST /api/assessments/create (asserts 201). */
  const create = (as: Member, startFrom?: 'previous' | 'blank') =>
    bodyOf(api(as).create.$post({ json: { organizationId: as.organizationId!, ...(startFrom ? { startFrom } : {}) } }), 201);
  const detail = (as: Member, id: string): Promise<AssessmentDetail> => bodyOf(api(as)[':id'].$get({ param: { id } }));
  const answersOf = (as: Member, id: string): Promise<AnswerView[]> => bodyOf(api(as)[':id'].responses.$get({ param: { id } }));
  const evidenceOf = (as: Member, id: string): Promise<EvidenceView[]> => bodyOf(api(as)[':id'].evidence.$get({ param: { id } }));
  const submit = (as: Member, id: string) => api(as)[':id'].submit.$post({ param: { id } });
  const resultsOf = (as: Member, id: string) => bodyOf(api(as)[':id'].results.$get({ param: { id } }));
  let seq = 0;
  const answerSet = (assessmentId: string, questionId: string, value: 'yes' | 'no', baseVersion: number | null, extra: { bulk?: true; id?: string } = {}) => ({
    id: extra.id ?? crypto.randomUUID(),
    kind: 'answer.set',
    assessmentId,
    payload: { questionId, value, ...(extra.bulk ? { bulk: true } : {}) },
    baseVersion,
    clientTs: 1_700_000_000_000 + seq++,
  });
  const push = async (as: Member, mutations: unknown[]) => {
    const res = await server.json('POST', '/api/sync/push', { clientId: `client-${as.userId}`, pendingCount: mutations.length, mutations }, as.accessToken);
    if (res.status !== 200) throw new Error(`push failed: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as PushResponse).results;
  };

  /**
   * A submitted assessment: every asked question answered (questions at even positions by the
   * member, the rest by the admin), a file on the first Yes question that requires evidence.
   */
  async function submittedAssessment(): Promise<{ id: string; questions: QuestionView[]; answers: Map<string, 'yes' | 'no'>; evidenceQuestion: QuestionView; file: EvidenceView }> {
    const id = (await create(admin)).assessmentId;
    const questions = await getQuestions(server, admin.accessToken, id);
    const answers = new Map(questions.map((q, i) => [q.id, yesOrNo(q, i)] as const));
    const byMember = questions.filter((_, i) => i % 2 === 0);
    const byAdmin = questions.filter((_, i) => i % 2 === 1);
    for (const [as, qs] of [[member, byMember], [admin, byAdmin]] as const) {
      const results = await push(as, qs.map((q) => answerSet(id, q.id, answers.get(q.id)!, 0)));
      expect(results.every((r) => r.status === 'applied')).toBe(true);
    }
    const evidenceQuestion = questions.find((q) => q.document_evidence_required && answers.get(q.id) === 'yes')!;
    const saved = await postAnswer(server, admin.accessToken, id, {
      questionId: evidenceQuestion.id,
      answer: 'yes',
      evidence_0: new File(['item,owner\nPOC,Ada\n'], 'roster.csv', { type: 'text/csv' }),
    });
    expect(saved.status).toBe(200);
    const file = saved.body.evidence[0] as EvidenceView;
    expect((await submit(admin, id)).status).toBe(200);
    return { id, questions, answers, evidenceQuestion, file };
  }

  it('starts blank when nothing was submitted yet, whatever startFrom says', async () => {
    const res = await create(admin, 'previous');
    expect(res).toMatchObject({ startFrom: 'blank' });
    const d = await detail(admin, res.assessmentId);
    expect(d).toMatchObject({ carried_from: null, answered_count: 0, to_confirm_count: 0, question_count: QUESTION_BANK.length });
    expect((await getQuestions(server, admin.accessToken, res.assessmentId)).every((q) => q.novelty === null)).toBe(true);
    expect(await answersOf(admin, res.assessmentId)).toEqual([]);
  });

  it('carries every answer to re-confirm, with its author, and counts none of them as answered', async () => {
    const prev = await submittedAssessment();
    const res = await create(member);
    expect(res).toMatchObject({ startFrom: 'previous' });
    const id = res.assessmentId;
    const n = prev.questions.length;
    expect(await detail(member, id)).toMatchObject({ carried_from: prev.id, answered_count: 0, to_confirm_count: n, question_count: n });
    const questions = await getQuestions(server, member.accessToken, id);
    expect(questions.every((q) => q.novelty === null)).toBe(true);

    const carried = await answersOf(member, id);
    expect(carried).toHaveLength(n);
    const byCode = new Map(prev.questions.map((q, i) => [q.code, { answer: prev.answers.get(q.id), author: i % 2 === 0 ? member : admin }]));
    for (const a of carried) {
      const code = questions.find((q) => q.id === a.question_id)!.code;
      const was = byCode.get(code)!;
      expect(a).toMatchObject({ answer: was.answer, origin: 'carried', version: 1, updated_by: was.author.userId, updated_by_name: `${was.author.firstName} ${was.author.lastName}` });
    }
    const history = await server.deps.db.select().from(responseHistory).where(eq(responseHistory.assessmentId, id));
    expect(history).toHaveLength(n);
    expect(history.every((h) => h.origin === 'carried' && h.version === 1)).toBe(true);

    // Carried answers are unanswered for submit: all of them are listed.
    const refused = await refusalOf(submit(member, id), 409);
    expect(refused.code).toBe('incomplete_assessment');
    expect((refused.details as { unanswered: unknown[] }).unanswered).toHaveLength(n);

    // Confirming needs the carried version as base: a writer who saw no answer (base 0) is told what is there.
    const stale = await server.json('POST', `/api/assessments/${id}/responses`, { questionId: carried[0]!.question_id, answer: carried[0]!.answer, baseVersion: 0 }, member.accessToken);
    expect(stale).toMatchObject({ status: 409, body: { code: 'conflict', details: { answer: { origin: 'carried', version: 1 } } } });

    // The pull shows them with their origin.
    const pull = await server.json('GET', `/api/sync/pull?assessmentId=${id}`, undefined, member.accessToken);
    expect(pull.status).toBe(200);
    expect(pull.body.answers.every((a: AnswerView) => a.origin === 'carried')).toBe(true);
  });

  it('a blank start carries nothing even when a submitted assessment exists', async () => {
    await submittedAssessment();
    const res = await create(admin, 'blank');
    expect(res).toMatchObject({ startFrom: 'blank' });
    const id = res.assessmentId;
    expect(await detail(admin, id)).toMatchObject({ carried_from: null, to_confirm_count: 0, answered_count: 0 });
    expect(await answersOf(admin, id)).toEqual([]);
    expect(await evidenceOf(admin, id)).toEqual([]);
    expect((await getQuestions(server, admin.accessToken, id)).every((q) => q.novelty === null)).toBe(true);
  });

  it('re-confirms one by one, in bulk through the outbox (once on replay), or changes; the result counts each', async () => {
    const prev = await submittedAssessment();
    const id = (await create(admin)).assessmentId;
    const questions = await getQuestions(server, admin.accessToken, id);
    const carried = new Map((await answersOf(admin, id)).map((a) => [a.question_id, a]));
    const [one, changed, ...rest] = questions;
    const flip = (v: 'yes' | 'no') => (v === 'yes' ? 'no' : 'yes');

    // The same value over a carried answer is a write: version 2, origin confirmed, recorded in history.
    const confirm = await server.json('POST', `/api/assessments/${id}/responses`, { questionId: one!.id, answer: carried.get(one!.id)!.answer, baseVersion: 1 }, member.accessToken);
    expect(confirm).toMatchObject({ status: 200, body: { status: 'applied', answer: { origin: 'confirmed', version: 2, updated_by: member.userId } } });
    // Saved again: a no-op, still confirmed.
    const again = await server.json('POST', `/api/assessments/${id}/responses`, { questionId: one!.id, answer: carried.get(one!.id)!.answer, baseVersion: 2 }, member.accessToken);
    expect(again).toMatchObject({ status: 200, body: { status: 'applied', answer: { origin: 'confirmed', version: 2 } } });

    // A different value is an ordinary answer.
    const other = flip(carried.get(changed!.id)!.answer);
    const change = await server.json('POST', `/api/assessments/${id}/responses`, { questionId: changed!.id, answer: other, baseVersion: 1 }, admin.accessToken);
    expect(change).toMatchObject({ status: 200, body: { status: 'applied', answer: { answer: other, origin: 'answered', version: 2 } } });
    expect(await detail(admin, id)).toMatchObject({ answered_count: 2, to_confirm_count: questions.length - 2 });

    // A domain's "confirm unchanged answers": bulk answer.set items through the sync push.
    const bulk = rest.map((q) => answerSet(id, q.id, carried.get(q.id)!.answer, 1, { bulk: true }));
    const results = await push(admin, bulk);
    expect(results.every((r) => r.status === 'applied' && r.answer?.origin === 'bulk_confirmed' && r.answer.version === 2)).toBe(true);
    // The outbox sends the same items again (a lost response): each is applied once.
    const replay = await push(admin, bulk.slice(0, 3));
    expect(replay.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    const first = rest[0]!;
    const history = await server.deps.db
      .select()
      .from(responseHistory)
      .where(and(eq(responseHistory.assessmentId, id), eq(responseHistory.questionId, first.id)));
    expect(history.map((h) => [h.version, h.origin]).sort()).toEqual([
      [1, 'carried'],
      [2, 'bulk_confirmed'],
    ]);
    // bulk over an answer that is no longer carried changes nothing.
    const late = await push(admin, [answerSet(id, first.id, carried.get(first.id)!.answer, 2, { bulk: true })]);
    expect(late[0]).toMatchObject({ status: 'applied', answer: { origin: 'bulk_confirmed', version: 2 } });

    const views = await answersOf(admin, id);
    expect(views.find((a) => a.question_id === one!.id)!.origin).toBe('confirmed');
    expect(views.find((a) => a.question_id === changed!.id)!.origin).toBe('answered');
    expect(await detail(admin, id)).toMatchObject({ answered_count: questions.length, to_confirm_count: 0 });

    const result = await bodyOf(submit(admin, id));
    expect(result.carry).toEqual({ carried_from: prev.id, carried: questions.length, confirmed: 1, bulk_confirmed: rest.length, changed: 1, new_questions: 0 });
    // The carried file (no expiry) still counts as evidence for its question.
    expect(prev.file.status).toBe('attached');
    expect(result.evidence_missing.map((m) => m.code)).not.toContain(prev.evidenceQuestion.code);
    expect(result.evidence_missing.length).toBeGreaterThan(0);
    // The stored result says the same.
    expect((await resultsOf(admin, id)).carry).toEqual(result.carry);
  });

  it('marks questions not asked before as new and changed ones (wording, gate) as changed, and carries neither', async () => {
    await setApplicability(server, admin.accessToken, UNCOVERED_COMPANY);
    const prev = await submittedAssessment();
    const before = new Map(prev.questions.map((q) => [q.code, q]));
    // A new questionnaire version rewords one question the first assessment asked.
    const reworded = prev.questions.find((q) => !q.critical)!.code;
    const bank = QUESTION_BANK.map((q) => (q.code === reworded ? { ...q, questionText: `${q.questionText} (reworded)` } : q));
    await publishVersion(server.deps, bank, null, 'v-reworded');
    // Now every duty applies: more questions are asked, and some gates resolve differently.
    await setApplicability(server, admin.accessToken, PROFILE_WITH_EVERY_DUTY);

    const id = (await create(admin)).assessmentId;
    const questions = await getQuestions(server, admin.accessToken, id);
    const expected = (q: QuestionView) => {
      const was = before.get(q.code);
      if (!was) return 'new';
      return was.question_text !== q.question_text || was.critical !== q.critical || was.points !== q.points || was.document_evidence_required !== q.document_evidence_required
        ? 'changed'
        : null;
    };
    expect(questions.map((q) => [q.code, q.novelty])).toEqual(questions.map((q) => [q.code, expected(q)]));
    const fresh = questions.filter((q) => q.novelty !== null);
    expect(fresh.some((q) => q.novelty === 'new')).toBe(true);
    expect(questions.find((q) => q.code === reworded)!.novelty).toBe('changed');

    const carried = await answersOf(admin, id);
    const carriedIds = new Set(carried.map((a) => a.question_id));
    expect(fresh.every((q) => !carriedIds.has(q.id))).toBe(true);
    expect(carried).toHaveLength(questions.length - fresh.length);
    expect(await detail(admin, id)).toMatchObject({ to_confirm_count: questions.length - fresh.length, answered_count: 0 });

    // Without an assessment, novelty is null.
    expect((await getQuestions(server, admin.accessToken)).every((q) => q.novelty === null)).toBe(true);

    // Confirm everything carried and answer the rest; the summary counts the new questions.
    await push(admin, carried.map((a) => answerSet(id, a.question_id, a.answer, 1)));
    await push(admin, fresh.map((q) => answerSet(id, q.id, 'yes', 0)));
    const res = await bodyOf(submit(admin, id));
    expect(res.carry).toMatchObject({ carried: carried.length, confirmed: carried.length, bulk_confirmed: 0, changed: 0, new_questions: fresh.length });
  });

  it('carries evidence with its dates; a carried file that has expired is missing evidence at submit', async () => {
    const prev = await submittedAssessment();
    // The previous result already lists Yes answers that require evidence and have none.
    const prevResult = await resultsOf(admin, prev.id);
    const needing = prev.questions.filter((q) => q.document_evidence_required && prev.answers.get(q.id) === 'yes');
    expect(prevResult.evidence_missing.map((m) => m.code).sort()).toEqual(needing.filter((q) => q.id !== prev.evidenceQuestion.id).map((q) => q.code).sort());
    expect(prevResult.carry).toBeNull();
    // The document's dates (set directly: their API is elsewhere); its last day was yesterday.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await server.deps.db.update(evidenceFiles).set({ effectiveOn: '2020-01-15', expiresOn: yesterday }).where(eq(evidenceFiles.id, prev.file.id));

    const id = (await create(admin)).assessmentId;
    const files = await evidenceOf(admin, id);
    const question = (await getQuestions(server, admin.accessToken, id)).find((q) => q.code === prev.evidenceQuestion.code)!;
    expect(files).toEqual([
      expect.objectContaining({
        question_id: question.id,
        assessment_id: id,
        file_name: 'roster.csv',
        sha256: prev.file.sha256,
        size_bytes: prev.file.size_bytes,
        status: 'attached',
        effective_on: '2020-01-15',
        expires_on: yesterday,
        uploaded_by: admin.userId,
        carried_from: prev.file.id,
      }),
    ]);
    expect(files[0]!.id).not.toBe(prev.file.id);
    const download = await server.app.request(`/api/evidence/${files[0]!.id}/download`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('item,owner\nPOC,Ada\n');

    // Confirm everything and submit: the expired file no longer counts as evidence.
    const carried = await answersOf(admin, id);
    await push(admin, carried.map((a) => answerSet(id, a.question_id, a.answer, 1, { bulk: true })));
    const res = await bodyOf(submit(admin, id));
    expect(res.evidence_missing.map((m) => m.code).sort()).toEqual(needing.map((q) => q.code).sort());
  });

  it('keeps each organization to its own: no start from, and no reading of, another organization’s assessment', async () => {
    const prev = await submittedAssessment();
    const res = await create(outsider, 'previous');
    expect(res).toMatchObject({ startFrom: 'blank' });
    const theirs = res.assessmentId;
    expect(await detail(outsider, theirs)).toMatchObject({ carried_from: null, to_confirm_count: 0 });
    expect(await answersOf(outsider, theirs)).toEqual([]);
    expect(await evidenceOf(outsider, theirs)).toEqual([]);
    // Starting in another organization's name is a 404.
    expect((await api(outsider).create.$post({ json: { organizationId: admin.organizationId!, startFrom: 'previous' } })).status).toBe(404);

    const ours = (await create(admin)).assessmentId;
    const theirApi = apiClient(server, outsider.accessToken);
    const reads = [
      [`/api/assessments/${ours}`, () => theirApi.assessments[':id'].$get({ param: { id: ours } })],
      [`/api/assessments/${ours}/responses`, () => theirApi.assessments[':id'].responses.$get({ param: { id: ours } })],
      [`/api/assessments/${prev.id}/results`, () => theirApi.assessments[':id'].results.$get({ param: { id: prev.id } })],
      [`/api/questions?assessmentId=${ours}`, () => theirApi.questions.$get({ query: { assessmentId: ours } })],
      [`/api/assessments/${ours}/evidence`, () => theirApi.assessments[':id'].evidence.$get({ param: { id: ours } })],
    ] as const;
    for (const [path, read] of reads) {
      expect((await read()).status, path).toBe(404);
    }
    // Nor confirm its carried answers through the outbox.
    const q = (await answersOf(admin, ours))[0]!;
    const [pushed] = await push(outsider, [answerSet(ours, q.question_id, q.answer, 1, { bulk: true })]);
    expect(pushed).toMatchObject({ status: 'rejected' });
    expect((await answersOf(admin, ours)).find((a) => a.question_id === q.question_id)).toMatchObject({ origin: 'carried', version: 1 });
  });

  it('answers a bad startFrom with a 400 the form can show', async () => {
    // not one of the two values: sent untyped
    const res = await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId, startFrom: 'last-year' }, admin.accessToken);
    expect(res).toMatchObject({ status: 400, body: { error: 'startFrom must be previous or blank' } });
  });
});
