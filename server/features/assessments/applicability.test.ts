// The applicability profile end to end: GET/PUT /api/organization/applicability, the profile
// frozen into each assessment with the questions that apply to it (assessment_questions), and
// scoring scaled to the applicable points (domain/scoring/policy.ts scaledScore).
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicabilityView } from '#domain/contracts/accounts.ts';
import type { QuestionView, ResultView } from '#domain/contracts/assessments.ts';
import { MSG } from '#domain/messages.ts';
import {
  COMPANY_NOT_COVERED_MESSAGE,
  PROFILE_WITH_EVERY_DUTY,
  questionsFor,
  type ApplicabilityProfile,
  type Condition,
} from '#domain/questions/applicability.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import type { QuestionDef } from '#domain/questions/question-types.ts';
import { MAX_SCORE } from '#domain/scoring/policy.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf, refusalOf } from '#tests/setup/api-client.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, setApplicability, type Member } from '#tests/isolation/fixtures.ts';
import { assessments, auditLog, organizations } from '../../db/schema/index.ts';
import { currentVersionId, loadVersionQuestions, publishVersion } from '../questions/index.ts';
import { answerAll, createAssessment, getQuestions, postAnswer } from './assessments.test-helpers.ts';

/** Kind company, not covered, DoD-funded, no activities with extra duties. */
const UNCOVERED_COMPANY: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['dod'], activities: [] };
const COVERED_UNIVERSITY = PROFILE_WITH_EVERY_DUTY;

/**
 * The bank in code with conditions added to a few questions, so the two profiles differ whatever the
 * bank in code holds: the first critical question is asked of covered institutions only; the first
 * other critical question the company is asked gates Pass only for institutions of higher
 * education; the first question that is not critical is asked only with CUI or FCI. Conditions are
 * added, never replaced, so each gate stays within whom its sources bind (bank-rules.ts).
 */
function bankWithConditions(): { bank: QuestionDef[]; coveredOnly: string; gateForIhe: string; cuiOnly: string } {
  const coveredOnly = QUESTION_BANK.find((q) => q.critical)!.code;
  const gateForIhe = QUESTION_BANK.find((q) => q.critical && q.code !== coveredOnly && questionsFor([q], UNCOVERED_COMPANY).length === 1)!.code;
  const cuiOnly = QUESTION_BANK.find((q) => !q.critical)!.code;
  const add = (code: string, key: 'appliesWhen' | 'criticalWhen', c: Condition) => (q: QuestionDef) => (q.code === code ? { ...q, [key]: [...q[key], c] } : q);
  const bank = QUESTION_BANK.map(add(coveredOnly, 'appliesWhen', { covered: true }))
    .map(add(gateForIhe, 'criticalWhen', { kinds: ['ihe'] }))
    .map(add(cuiOnly, 'appliesWhen', { activities: ['cui_fci'] }));
  return { bank, coveredOnly, gateForIhe, cuiOnly };
}

describe.each([TEST_DRIVER])('applicability profile and the questions asked (%s)', (driver) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(driver);
  });
  afterEach(async () => server.close());

  const api = (as: Member) => apiClient(server, as.accessToken);
  /** The profile as `as` reads it (asserts 200). */
  const view = (as: Member) => bodyOf(api(as).organization.applicability.$get());
  const put = (as: Member, json: ApplicabilityProfile) => api(as).organization.applicability.$put({ json });
  /** A body of the wrong shape on purpose: sent untyped. */
  const putRaw = (as: Member, body: unknown) => server.json('PUT', '/api/organization/applicability', body, as.accessToken);
  const create = (as: Member) => api(as).assessments.create.$post({ json: { organizationId: as.organizationId! } });
  const submit = (as: Member, id: string) => api(as).assessments[':id'].submit.$post({ param: { id } });
  const detailOf = (as: Member, id: string) => bodyOf(api(as).assessments[':id'].$get({ param: { id } }));
  const resultsOf = (as: Member, id: string) => bodyOf(api(as).assessments[':id'].results.$get({ param: { id } }));

  /** What questionsFor says the current version asks of the profile: [code, gate] in bank order. */
  async function expectedFor(profile: ApplicabilityProfile) {
    const rows = await loadVersionQuestions(server.deps, await currentVersionId(server.deps));
    return questionsFor(rows, profile).map((q) => [q.code, q.critical] as const);
  }
  const asked = (qs: QuestionView[]) => qs.map((q) => [q.code, q.critical] as const);

  it('refuses to start an assessment until an org_admin sets the profile, then freezes it', async () => {
    const admin = await createOrgAdmin(server, { applicability: null });
    const empty = await view(admin);
    expect(empty).toEqual({ profile: null, updated_at: null, updated_by_name: null, in_progress_assessment_id: null, activities_review: false, last_submitted: null } satisfies ApplicabilityView);

    const refused = await refusalOf(create(admin), 409);
    expect(refused).toMatchObject({ code: 'applicability_required', error: MSG.applicabilityRequired });
    const member = await joinOrganization(server, admin.organizationId!);
    const refusedMember = await refusalOf(create(member), 409);
    expect(refusedMember).toMatchObject({ code: 'applicability_required', error: MSG.applicabilityRequiredMember });
    expect(await server.deps.db.select().from(assessments)).toHaveLength(0);

    // Duplicates and any order are accepted and stored in the lists' own order.
    const saved = await bodyOf(put(admin, { kind: 'nonprofit', covered: true, agencies: ['nih', 'nsf', 'nih'], activities: ['foreign_gifts'] }));
    const profile: ApplicabilityProfile = { kind: 'nonprofit', covered: true, agencies: ['nsf', 'nih'], activities: ['foreign_gifts'] };
    expect(saved).toMatchObject({ profile, updated_by_name: 'Ada Admin', in_progress_assessment_id: null });
    expect(Number.isNaN(Date.parse(saved.updated_at!))).toBe(false);
    expect(await view(admin)).toEqual(saved);

    const [audit] = await server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'organization.applicability'));
    expect(audit).toMatchObject({ actorId: admin.userId, organizationId: admin.organizationId, targetId: admin.organizationId });
    expect(JSON.parse(audit!.before!)).toBeNull();
    expect(JSON.parse(audit!.after!)).toEqual(profile);

    const id = await createAssessment(server, admin.accessToken, admin.organizationId);
    const detail = await detailOf(admin, id);
    expect(detail.applicability).toEqual(profile);
    expect(detail.question_count).toBe((await expectedFor(profile)).length);
    expect((await view(admin)).in_progress_assessment_id).toBe(id);
  });

  it('lets any member read the profile, only an org_admin change it, and each organization only its own', async () => {
    const a = await createOrgAdmin(server, { organizationName: 'Alpha', applicability: UNCOVERED_COMPANY });
    const member = await joinOrganization(server, a.organizationId!);
    const b = await createOrgAdmin(server, { organizationName: 'Beta', email: 'beta@b.example', applicability: null });

    expect((await view(member)).profile).toEqual(UNCOVERED_COMPANY);
    const denied = await refusalOf(put(member, COVERED_UNIVERSITY), 403);
    expect(typeof denied.error).toBe('string');

    // B reads and writes B's profile; A's is untouched.
    expect((await view(b)).profile).toBeNull();
    expect((await put(b, COVERED_UNIVERSITY)).status).toBe(200);
    expect((await view(b)).profile).toEqual(COVERED_UNIVERSITY);
    expect((await view(a)).profile).toEqual(UNCOVERED_COMPANY);
    expect(JSON.stringify(await view(b))).not.toContain(a.organizationId);
  });

  it('answers a bad profile with a 400 the form can show, never a 500', async () => {
    const admin = await createOrgAdmin(server, { applicability: null });
    // Well-typed but not allowed: a company is never a covered institution.
    const company = await refusalOf(put(admin, { kind: 'company', covered: true, agencies: [], activities: [] }), 400);
    expect(company.code).toBe('validation_failed');
    expect(company.error).toMatch(COMPANY_NOT_COVERED_MESSAGE);
    // Values and bodies of the wrong type on purpose: sent untyped.
    const cases: Array<[unknown, string | RegExp]> = [
      [{ ...UNCOVERED_COMPANY, agencies: ['dod', 'nato'] }, 'Unknown funding agency'],
      [{ ...UNCOVERED_COMPANY, activities: ['mining'] }, 'Unknown activity'],
      [{ ...UNCOVERED_COMPANY, kind: 'government' }, 'Choose the kind of organization'],
      [{ ...UNCOVERED_COMPANY, covered: 'no' }, 'Say whether the organization is a covered institution'],
      [{ ...UNCOVERED_COMPANY, extra: 1 }, /./],
      [[], /./],
      ['company', /./],
    ];
    for (const [body, message] of cases) {
      const res = await putRaw(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error).toMatch(message);
    }
    const raw = await server.app.request('/api/organization/applicability', {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      body: '{"kind":',
    });
    expect(raw.status).toBe(400);
    expect((await view(admin)).profile).toBeNull();
  });

  it('asks an uncovered company and a covered university different questions with different gates; both score out of 140', async () => {
    const { bank, coveredOnly, gateForIhe, cuiOnly } = bankWithConditions();
    await publishVersion(server.deps, bank, null, 'with conditions');
    const company = await createOrgAdmin(server, { organizationName: 'Company', email: 'co@c.example', applicability: UNCOVERED_COMPANY });
    const university = await createOrgAdmin(server, { organizationName: 'University', email: 'u@u.example', applicability: COVERED_UNIVERSITY });
    const companyRun = await createAssessment(server, company.accessToken, company.organizationId);
    const universityRun = await createAssessment(server, university.accessToken, university.organizationId);

    const companyQs = await getQuestions(server, company.accessToken, companyRun);
    const universityQs = await getQuestions(server, university.accessToken, universityRun);
    expect(asked(companyQs)).toEqual(await expectedFor(UNCOVERED_COMPANY));
    expect(asked(universityQs)).toEqual(await expectedFor(COVERED_UNIVERSITY));
    expect(universityQs).toHaveLength(bank.length);
    const codes = (qs: QuestionView[]) => qs.map((q) => q.code);
    expect(codes(companyQs)).not.toContain(coveredOnly);
    expect(codes(companyQs)).not.toContain(cuiOnly);
    expect(codes(universityQs)).toEqual(expect.arrayContaining([coveredOnly, cuiOnly]));
    expect(companyQs.find((q) => q.code === gateForIhe)?.critical).toBe(false);
    expect(universityQs.find((q) => q.code === gateForIhe)?.critical).toBe(true);

    // Nothing can be written for a question the assessment does not ask: a 400, nothing stored.
    const notAsked = universityQs.find((q) => q.code === coveredOnly)!;
    const answer = await postAnswer(server, company.accessToken, companyRun, { questionId: notAsked.id, answer: 'yes' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('This question is not part of the assessment');
    const teammate = await joinOrganization(server, company.organizationId!, { email: 'mate@c.example' });
    const deferral = await refusalOf(api(company).assessments[':id'].defer.$post({ param: { id: companyRun }, json: { questionId: notAsked.id, deferToUserId: teammate.userId } }), 400);
    expect(deferral.error).toBe('This question is not part of the assessment');
    const evidence = await refusalOf(
      api(company).evidence.uploads.$post({
        json: { evidenceId: crypto.randomUUID(), assessmentId: companyRun, questionId: notAsked.id, fileName: 'x.pdf', mimeType: 'application/pdf', size: 10, sha256: 'a'.repeat(64) },
      }),
      400,
    );
    expect(evidence.error).toBe('This question is not part of the assessment');
    const pushed = await bodyOf(
      api(company).sync.push.$post({
        json: {
          clientId: 'applicability-test',
          pendingCount: 1,
          mutations: [{ id: crypto.randomUUID(), kind: 'answer.set', assessmentId: companyRun, payload: { questionId: notAsked.id, value: 'yes' }, baseVersion: null, clientTs: Date.now() }],
        },
      }),
    );
    expect(pushed.results[0]!.status).toBe('rejected');

    // The detail counts only the questions asked, and submit needs only those.
    const detail = await detailOf(company, companyRun);
    expect(detail.question_count).toBe(companyQs.length);
    await answerAll(server, company.accessToken, companyRun, () => 'yes');
    await answerAll(server, university.accessToken, universityRun, () => 'yes');
    const companyResult = await bodyOf(submit(company, companyRun));
    const universityResult = await bodyOf(submit(university, universityRun));
    const points = (qs: QuestionView[]) => qs.reduce((s, q) => s + q.points, 0);
    expect(companyResult).toMatchObject({ totalScore: MAX_SCORE, passFail: 'Pass', earned_points: points(companyQs), applicable_points: points(companyQs), applicability: UNCOVERED_COMPANY });
    expect(universityResult).toMatchObject({ totalScore: MAX_SCORE, passFail: 'Pass', earned_points: MAX_SCORE, applicable_points: MAX_SCORE, applicability: COVERED_UNIVERSITY });
    expect(points(companyQs)).toBeLessThan(MAX_SCORE);

    const [stored] = await server.deps.db.select({ result: assessments.result }).from(assessments).where(eq(assessments.id, companyRun));
    expect(stored!.result).toMatchObject({ applicability: UNCOVERED_COMPANY, earned_points: points(companyQs), applicable_points: points(companyQs) });
    const results = await resultsOf(company, companyRun);
    expect(results).toMatchObject({ totalScore: MAX_SCORE, applicability: UNCOVERED_COMPANY });
  });

  it('a No on a question that gates Pass only for universities fails the university, not the company', async () => {
    const { bank, gateForIhe } = bankWithConditions();
    await publishVersion(server.deps, bank, null, 'with conditions');
    const company = await createOrgAdmin(server, { organizationName: 'Company', email: 'co@c.example', applicability: UNCOVERED_COMPANY });
    const university = await createOrgAdmin(server, { organizationName: 'University', email: 'u@u.example', applicability: COVERED_UNIVERSITY });
    const results: Record<string, ResultView> = {};
    for (const [name, as] of [['company', company], ['university', university]] as const) {
      const id = await createAssessment(server, as.accessToken, as.organizationId);
      await answerAll(server, as.accessToken, id, (q) => (q.code === gateForIhe ? 'no' : 'yes'));
      results[name] = await bodyOf(submit(as, id));
    }
    expect(results.company!.passFail).toBe('Pass');
    expect(results.company!.totalScore).toBeLessThan(MAX_SCORE);
    expect(results.university!.passFail).toBe('Fail');
    expect(results.university!.failReasons.join(' ')).toContain(gateForIhe);
  });

  it('a profile change leaves the assessment in progress as it started; the next one uses the new profile', async () => {
    const { bank } = bankWithConditions();
    await publishVersion(server.deps, bank, null, 'with conditions');
    const admin = await createOrgAdmin(server, { applicability: COVERED_UNIVERSITY });
    const first = await createAssessment(server, admin.accessToken, admin.organizationId);
    const before = await getQuestions(server, admin.accessToken, first);

    await setApplicability(server, admin.accessToken, UNCOVERED_COMPANY);
    const changed = await view(admin);
    expect(changed).toMatchObject({ profile: UNCOVERED_COMPANY, in_progress_assessment_id: first });
    expect(await getQuestions(server, admin.accessToken, first)).toEqual(before);
    const detail = await detailOf(admin, first);
    expect(detail).toMatchObject({ applicability: COVERED_UNIVERSITY, question_count: before.length });

    await answerAll(server, admin.accessToken, first, () => 'yes');
    const submitted = await (await submit(admin, first)).json();
    expect(submitted).toMatchObject({ applicability: COVERED_UNIVERSITY, applicable_points: MAX_SCORE });
    // The start page offers to carry the last submitted assessment, as the server names it (ADR 019).
    const afterSubmit = await view(admin);
    expect(afterSubmit).toMatchObject({ in_progress_assessment_id: null, last_submitted: { id: first, grade: expect.any(String) as string } });
    expect(afterSubmit.last_submitted?.submitted_at).toEqual(expect.any(String));

    const second = await createAssessment(server, admin.accessToken, admin.organizationId);
    const next = await getQuestions(server, admin.accessToken, second);
    expect(asked(next)).toEqual(await expectedFor(UNCOVERED_COMPANY));
    expect(next.length).toBeLessThan(before.length);
    const [row] = await server.deps.db
      .select({ applicability: assessments.applicability })
      .from(assessments)
      .where(and(eq(assessments.id, second), eq(assessments.organizationId, admin.organizationId!)));
    expect(row!.applicability).toEqual(UNCOVERED_COMPANY);
  });

  it('confirming funding instruments on a profile saved before they were asked leaves the assessment in progress as it started', async () => {
    // A DOE FFRDC saved without instruments: DOE counts as grants and contracts, so the DOE training letter gates (TP-12).
    const unconfirmed: ApplicabilityProfile = { kind: 'ffrdc', covered: true, agencies: ['doe'], activities: [] };
    const admin = await createOrgAdmin(server, { applicability: unconfirmed });
    const first = await createAssessment(server, admin.accessToken, admin.organizationId);
    const before = await getQuestions(server, admin.accessToken, first);
    expect(before.find((q) => q.code === 'TP-12')?.critical).toBe(true);

    // The admin confirms: DOE funds it through its management and operating contract only.
    const confirmed: ApplicabilityProfile = { ...unconfirmed, instruments: { doe: ['contract'] } };
    expect(await bodyOf(put(admin, confirmed))).toMatchObject({ profile: confirmed, in_progress_assessment_id: first });
    expect(await getQuestions(server, admin.accessToken, first)).toEqual(before);
    expect(await detailOf(admin, first)).toMatchObject({ applicability: unconfirmed });

    await answerAll(server, admin.accessToken, first, () => 'yes');
    expect((await submit(admin, first)).status).toBe(200);
    const second = await createAssessment(server, admin.accessToken, admin.organizationId);
    const next = await getQuestions(server, admin.accessToken, second);
    expect(asked(next)).toEqual(await expectedFor(confirmed));
    expect(next.map((q) => q.code)).not.toContain('TP-12');
    expect(next.find((q) => q.code === 'TP-01')?.critical).toBe(false);
  });

  it('asks to review the activities of a profile saved with controlled-access data before the NIH repositories choice existed; saving it unchanged records the review', async () => {
    const old: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: ['nih'], instruments: { nih: ['grant'] }, activities: ['controlled_access_data'] };
    const admin = await createOrgAdmin(server, { applicability: old });
    const other = await createOrgAdmin(server, { applicability: old });
    // Saved today, after the release that added the NIH choice: a deliberate choice, nothing to review.
    expect(await view(admin)).toMatchObject({ profile: old, activities_review: false });
    // Saved before the first published version that asks about NIH repositories (no migration changed stored profiles).
    const longAgo = new Date('2025-01-15T12:00:00Z');
    await server.deps.db.update(organizations).set({ applicabilityUpdatedAt: longAgo }).where(eq(organizations.id, admin.organizationId!));
    expect(await view(admin)).toMatchObject({ activities_review: true });
    // Another organization's profile is its own.
    expect(await view(other)).toMatchObject({ activities_review: false });
    // A member reads it too, and cannot record the review.
    const member = await joinOrganization(server, admin.organizationId!);
    expect((await view(member)).activities_review).toBe(true);
    await refusalOf(put(member, old), 403);

    // The admin reviews and keeps the profile: the unchanged save is recorded, and the notice ends.
    const reviewed = await bodyOf(put(admin, old));
    expect(reviewed).toMatchObject({ profile: old, activities_review: false, updated_by_name: expect.any(String) as string });
    expect(new Date(reviewed.updated_at!).getTime()).toBeGreaterThan(longAgo.getTime());
    const audits = await server.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'organization.applicability'), eq(auditLog.organizationId, admin.organizationId!)));
    expect(audits.length).toBe(2);
    // A further unchanged save writes nothing.
    await bodyOf(put(admin, old));
    expect((await server.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'organization.applicability'), eq(auditLog.organizationId, admin.organizationId!)))).length).toBe(2);

    // An old profile that already has the NIH choice is not asked.
    const withNih: ApplicabilityProfile = { ...old, activities: ['controlled_access_data', 'nih_controlled_access'] };
    await bodyOf(put(admin, withNih));
    await server.deps.db.update(organizations).set({ applicabilityUpdatedAt: longAgo }).where(eq(organizations.id, admin.organizationId!));
    expect(await view(admin)).toMatchObject({ activities_review: false });
  });

  it('reads a result stored before profiles existed as every question asked, unscaled', async () => {
    const admin = await createOrgAdmin(server);
    const id = await createAssessment(server, admin.accessToken, admin.organizationId);
    await answerAll(server, admin.accessToken, id, (_q, i) => (i === 0 ? 'no' : 'yes'));
    expect((await submit(admin, id)).status).toBe(200);
    const [row] = await server.deps.db.select({ result: assessments.result }).from(assessments).where(eq(assessments.id, id));
    const { earned_points: _e, applicable_points: _a, applicability: _p, ...legacy } = row!.result!;
    await server.deps.db.update(assessments).set({ result: legacy as ResultView, applicability: null }).where(eq(assessments.id, id));

    const results = await resultsOf(admin, id);
    expect(results).toMatchObject({ totalScore: legacy.totalScore, earned_points: legacy.totalScore, applicable_points: MAX_SCORE, applicability: null });
    const list = await (await api(admin).assessments.$get()).json();
    expect(list[0]).toMatchObject({ id, total_score: legacy.totalScore });
  });
});
