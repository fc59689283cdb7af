import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allHold, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import { citationOf, citationsOf } from '#domain/questions/sources.ts';
import { MAX_SCORE } from '#domain/scoring/policy.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf, refusalOf } from '#tests/setup/api-client.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { publishVersion } from '../questions/index.ts';
import { freezeProfile, rewriteStoredResult } from './assessments.report.test-helpers.ts';
import { answerAll, createAssessment, getQuestions } from './assessments.test-helpers.ts';

const byCode = new Map(QUESTION_BANK.map((q) => [q.code, q]));
const inDomain = (domainId: string) => QUESTION_BANK.filter((q) => q.domainId === domainId);
const [FIRST_DOMAIN, , , , LAST_DOMAIN] = DOMAINS.map((d) => d.id);
/** The first gate of the bank; the organizations below have every duty (createOrgAdmin), so every question is asked and every gate binds. */
const GATE = QUESTION_BANK.find((q) => q.critical)!;
/** Answered No: the gate, the last two ordinary questions of the first domain and the last one of the last domain. */
const NO_CODES = new Set([
  ...inDomain(FIRST_DOMAIN!).filter((q) => !q.critical).slice(-2).map((q) => q.code),
  inDomain(LAST_DOMAIN!).filter((q) => !q.critical).at(-1)!.code,
  GATE.code,
]);
/** The gaps as [domain, codes]: domains in questionnaire order, questions in bank order within each. */
const EXPECTED_GAPS = DOMAINS.map((d) => [d.id, inDomain(d.id).filter((q) => NO_CODES.has(q.code)).map((q) => q.code)] as const).filter(([, codes]) => codes.length > 0);
const inAYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();

/** The assessment routes of `who`'s typed client, for assessment `id`. */
const assessmentOf = (server: TestServer, who: Member, id: string) => {
  const one = apiClient(server, who.accessToken).assessments[':id'];
  return {
    submit: () => one.submit.$post({ param: { id } }),
    results: () => one.results.$get({ param: { id } }),
    report: () => one.report.$get({ param: { id } }),
  };
};
/** POST /api/admin/organizations/{id}/subscription as `token`'s user (none: anonymous). */
const verifyPayment = (server: TestServer, token: string | undefined, orgId: string | null, paidUntil: string) =>
  apiClient(server, token).admin.organizations[':id'].subscription.$post({ param: { id: orgId! }, json: { paidUntil } });

describe.each([TEST_DRIVER])('detailed report and payment gate (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  let outsider: Member;
  let assessmentId: string;
  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Acme Research' });
    member = await joinOrganization(server, admin.organizationId!, { firstName: 'Olive', lastName: 'Owner' });
    outsider = await createOrgAdmin(server, { organizationName: 'Other Lab' });
    assessmentId = await createAssessment(server, admin.accessToken, admin.organizationId);
  });
  afterEach(async () => server.close());

  const submitWithGaps = async () => {
    await answerAll(server, admin.accessToken, assessmentId, (q) => (NO_CODES.has(q.code) ? 'no' : 'yes'));
    return bodyOf(assessmentOf(server, admin, assessmentId).submit());
  };
  const verify = (token: string | undefined, orgId: string | null, paidUntil: string) => verifyPayment(server, token, orgId, paidUntil);
  const updateAction = (who: Member, actionId: string, json: { ownerId?: string; status?: 'open' | 'in_progress' | 'done'; notes?: string; baseVersion: number }) =>
    apiClient(server, who.accessToken).actions[':actionId'].$patch({ param: { actionId }, json });

  it('answers 409 for an in-progress assessment and 403 payment_required until payment is verified', async () => {
    expect((await assessmentOf(server, admin, assessmentId).report()).status).toBe(409);
    await submitWithGaps();
    const gated = await refusalOf(assessmentOf(server, member, assessmentId).report(), 403);
    expect(gated.code).toBe('payment_required');
    expect(gated.error).toContain('payment has been verified');
    expect(gated.details).toMatchObject({ checkoutUrl: server.deps.env.CHECKOUT_URL });
  });

  it('lets only a system admin verify payment, with a future date', async () => {
    expect((await verify(admin.accessToken, admin.organizationId, inAYear())).status).toBe(403);
    expect((await verify(member.accessToken, admin.organizationId, inAYear())).status).toBe(403);
    expect((await verify(undefined, admin.organizationId, inAYear())).status).toBe(401);
    const sys = await signInSystemAdmin(server);
    const past = await refusalOf(verify(sys.accessToken, admin.organizationId, '2020-01-01'), 400);
    expect(past.error).toBe('paidUntil must be a date in the future');
    expect((await verify(sys.accessToken, admin.organizationId, 'soon')).status).toBe(400);
    expect((await verify(sys.accessToken, crypto.randomUUID(), inAYear())).status).toBe(404);
    const ok = await bodyOf(verify(sys.accessToken, admin.organizationId, inAYear()));
    expect(ok).toMatchObject({ organization_id: admin.organizationId, payment_verified_by: sys.userId });
  });

  it('releases the gap analysis and action plan after verification; members manage actions', async () => {
    const result = await submitWithGaps();
    const sys = await signInSystemAdmin(server);
    expect((await verify(sys.accessToken, admin.organizationId, inAYear())).status).toBe(200);
    const res = await bodyOf(assessmentOf(server, member, assessmentId).report());
    expect(res.result).toEqual(result);
    expect(EXPECTED_GAPS.length).toBe(3);
    expect(res.gapAnalysis.map((g) => [g.domain_id, g.gaps.map((x) => x.code)])).toEqual(EXPECTED_GAPS);
    const gaps = res.gapAnalysis.flatMap((g) => g.gaps);
    expect(gaps.filter((g) => g.critical).map((g) => g.code)).toEqual([GATE.code]);
    expect(gaps.find((g) => g.code === GATE.code)).toMatchObject({
      critical: true,
      sources: GATE.sources.map(citationOf),
      citations: citationsOf(GATE.sources),
      corrective_action: { priority: 'critical', target_days: GATE.correctiveAction.targetDays },
    });
    const actions = res.correctiveActions;
    expect(actions.map((a) => a.code)).toEqual(EXPECTED_GAPS.flatMap(([, codes]) => codes));
    for (const a of actions) {
      const days = byCode.get(a.code)!.correctiveAction.targetDays;
      expect(Date.parse(a.target_date!) - Date.parse(result.submittedAt!), a.code).toBe(days * 24 * 3600 * 1000);
      expect(a).toMatchObject({ status: 'open', owner_id: null, owner_name: null, notes: '', action: byCode.get(a.code)!.correctiveAction.action });
    }
    const actionId = actions[0]!.id;
    const patched = await bodyOf(updateAction(member, actionId, { ownerId: member.userId, status: 'in_progress', notes: 'Drafting the letter', baseVersion: 1 }));
    expect(patched).toMatchObject({ id: actionId, owner_id: member.userId, owner_name: 'Olive Owner', status: 'in_progress', notes: 'Drafting the letter' });
    expect((await updateAction(admin, actionId, { ownerId: outsider.userId, baseVersion: 2 })).status).toBe(400);
    // no baseVersion, and a status that does not exist: sent untyped
    const path = `/api/actions/${actionId}`;
    expect((await server.json('PATCH', path, { status: 'done' }, admin.accessToken)).status).toBe(400);
    expect((await server.json('PATCH', path, { status: 'closed', baseVersion: 2 }, admin.accessToken)).status).toBe(400);
    expect((await updateAction(outsider, actionId, { status: 'done', baseVersion: 2 })).status).toBe(404);
    expect((await updateAction(admin, crypto.randomUUID(), { status: 'done', baseVersion: 1 })).status).toBe(404);
    expect((await assessmentOf(server, outsider, assessmentId).report()).status).toBe(404);
  });

  it('shows every organization its gaps and their corrective actions before payment, but not the report depth', async () => {
    await submitWithGaps();
    const res = await bodyOf(assessmentOf(server, member, assessmentId).results());
    expect(res.failSummary).toBe('Fail: 1 critical requirement not met');
    expect(res.gaps.map((g) => [g.domain_id, g.gaps.map((x) => x.code)])).toEqual(EXPECTED_GAPS);
    expect(res.gaps.flatMap((g) => g.gaps).find((g) => g.code === GATE.code)).toEqual({
      question_id: expect.any(String),
      code: GATE.code,
      question_text: GATE.questionText,
      points: GATE.points,
      critical: true,
      action: GATE.correctiveAction.action,
      priority: 'critical',
      // The sources, as every member sees them on the question card (ADR 012).
      citations: citationsOf(GATE.sources),
    });
    // The paid depth stays out: guidance, target dates, owners, action status and notes.
    const text = JSON.stringify({ ...res, gaps: res.gaps.map((g) => ({ ...g, gaps: g.gaps.map(({ citations: _, ...gap }) => gap) })) });
    expect(text).not.toContain(GATE.guidance);
    for (const key of ['guidance', 'target_days', 'target_date', 'owner_id', 'status', 'notes']) expect(text).not.toContain(`"${key}"`);
    expect((await assessmentOf(server, member, assessmentId).report()).status).toBe(403);
    expect((await assessmentOf(server, outsider, assessmentId).results()).status).toBe(404);
    const list = await apiClient(server, member.accessToken).assessments.$get();
    expect((await list.json())[0]).toMatchObject({ pass_fail: 'Fail', fail_summary: 'Fail: 1 critical requirement not met' });
  });

  it('refuses an action edit based on a version a colleague already changed (409 with the current item)', async () => {
    await submitWithGaps();
    const sys = await signInSystemAdmin(server);
    expect((await verify(sys.accessToken, admin.organizationId, inAYear())).status).toBe(200);
    const report = await assessmentOf(server, admin, assessmentId).report();
    const item = (await report.json()).correctiveActions[0]!;
    expect(item).toMatchObject({ version: 1, updated_by_name: null });
    const first = await bodyOf(updateAction(member, item.id, { ownerId: member.userId, status: 'in_progress', baseVersion: 1 }));
    expect(first).toMatchObject({ version: 2, owner_id: member.userId, status: 'in_progress', updated_by_name: 'Olive Owner' });
    const stale = await refusalOf(updateAction(admin, item.id, { status: 'done', baseVersion: 1 }), 409);
    expect(stale.code).toBe('edit_conflict');
    expect(stale.error).toContain('Someone else changed this action');
    expect(stale.details).toMatchObject({ current: { id: item.id, version: 2, status: 'in_progress', owner_name: 'Olive Owner', updated_by_name: 'Olive Owner' } });
    // Nothing was overwritten; re-applied on the current version it saves.
    const after = await assessmentOf(server, admin, assessmentId).report();
    expect((await after.json()).correctiveActions[0]).toMatchObject({ status: 'in_progress', version: 2 });
    const reapplied = await bodyOf(updateAction(admin, item.id, { status: 'done', baseVersion: 2 }));
    expect(reapplied).toMatchObject({ status: 'done', version: 3, owner_id: member.userId });
    // a version that is not a number: sent untyped
    expect((await server.json('PATCH', `/api/actions/${item.id}`, { status: 'done', baseVersion: 'x' }, admin.accessToken)).status).toBe(400);
    // Beyond the integer column: a 400, not a database error.
    expect((await updateAction(admin, item.id, { status: 'done', baseVersion: 3_000_000_000 })).status).toBe(400);
  });
});

describe.each([TEST_DRIVER])('questionnaire version pinning (%s)', (driver) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(driver);
  });
  afterEach(async () => server.close());

  it('keeps an assessment on the version it started with after a new version is published', async () => {
    const admin = await createOrgAdmin(server);
    const assessmentId = await createAssessment(server, admin.accessToken, admin.organizationId);
    const pinned = await getQuestions(server, admin.accessToken, assessmentId);
    // v2: one 1-point question of the first domain is removed and another reworded and worth 2 points, keeping the total at 140.
    const [removed, reworded] = inDomain(FIRST_DOMAIN!).filter((q) => q.points === 1 && !q.critical).slice(-2);
    const v2 = QUESTION_BANK.filter((q) => q.code !== removed!.code).map((q) => (q.code === reworded!.code ? { ...q, points: 2, questionText: 'Is the program funded?' } : q));
    await publishVersion(server.deps, v2, null, 'v2');
    const current = await getQuestions(server, admin.accessToken);
    expect(current.find((q) => q.code === reworded!.code)).toMatchObject({ points: 2, question_text: 'Is the program funded?' });
    expect(current.some((q) => q.code === removed!.code)).toBe(false);
    expect(await getQuestions(server, admin.accessToken, assessmentId)).toEqual(pinned);

    // The question v2 removed is still asked, and its No still costs its point: scored on v1, not v2.
    await answerAll(server, admin.accessToken, assessmentId, (q) => (q.code === removed!.code ? 'no' : 'yes'));
    const res = await bodyOf(assessmentOf(server, admin, assessmentId).submit());
    expect(res.totalScore).toBe(MAX_SCORE - 1);
    const domainPoints = inDomain(FIRST_DOMAIN!).reduce((s, q) => s + q.points, 0);
    const first = res.domainScores.find((d) => d.id === FIRST_DOMAIN);
    expect(first).toMatchObject({ earned_points: domainPoints - 1, total_points: domainPoints });
  });
});

describe.each([TEST_DRIVER])('results and report of an assessment asked against a profile (%s)', (driver) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(driver);
  });
  afterEach(async () => server.close());

  const SMALL_COMPANY: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['nsf'], activities: [] };

  it('shows the gates of this assessment and leaves out the questions not asked', async () => {
    // A version where a gate this profile is asked binds covered institutions only, and a question
    // asked of everyone is asked only of export-controlled research.
    const gate = QUESTION_BANK.find((q) => q.critical && q.criticalWhen.length === 0 && allHold(q.appliesWhen, SMALL_COMPANY))!;
    const optional = QUESTION_BANK.find((q) => !q.critical && q.appliesWhen.length === 0)!;
    const v2 = QUESTION_BANK.map((q) =>
      q.code === gate.code ? { ...q, criticalWhen: [{ covered: true as const }] } : q.code === optional.code ? { ...q, appliesWhen: [{ activities: ['export_controlled' as const] }] } : q,
    );
    await publishVersion(server.deps, v2, null, 'v2');
    const admin = await createOrgAdmin(server, { organizationName: 'Small Company' });
    const assessmentId = await createAssessment(server, admin.accessToken, admin.organizationId);
    await freezeProfile(server, assessmentId, SMALL_COMPANY);
    await answerAll(server, admin.accessToken, assessmentId, (q) => (q.code === gate.code || q.code === optional.code ? 'no' : 'yes'));
    const one = assessmentOf(server, admin, assessmentId);
    expect((await one.submit()).status).toBe(200);

    const codesOf = (sections: { gaps: { code: string; critical: boolean }[] }[]) => sections.flatMap((d) => d.gaps.map((g) => [g.code, g.critical]));
    const results = await bodyOf(one.results());
    expect(results.applicability).toEqual(SMALL_COMPANY);
    expect(codesOf(results.gaps)).toEqual([[gate.code, false]]);
    expect(results.failReasons.join('\n')).not.toContain(gate.code); // its No costs points, not the result

    const sys = await signInSystemAdmin(server);
    const paid = await verifyPayment(server, sys.accessToken, admin.organizationId, inAYear());
    expect(paid.status).toBe(200);
    const report = await bodyOf(one.report());
    expect(report.result.applicability).toEqual(SMALL_COMPANY);
    expect(codesOf(report.gapAnalysis)).toEqual([[gate.code, false]]);
    expect(report.gapAnalysis[0]!.gaps[0]!.sources).toEqual(gate.sources.map(citationOf));
  });

  it('reads a result stored before profiles: every question asked, the points earned are the score', async () => {
    const admin = await createOrgAdmin(server, { organizationName: 'Old Lab' });
    const assessmentId = await createAssessment(server, admin.accessToken, admin.organizationId);
    await freezeProfile(server, assessmentId, null);
    const answeredNo = QUESTION_BANK.find((q) => !q.critical)!;
    await answerAll(server, admin.accessToken, assessmentId, (q) => (q.code === answeredNo.code ? 'no' : 'yes'));
    const one = assessmentOf(server, admin, assessmentId);
    const submitted = await bodyOf(one.submit());
    expect(submitted.totalScore).toBe(MAX_SCORE - answeredNo.points);
    await rewriteStoredResult(server, assessmentId, ({ earned_points: _e, applicable_points: _a, applicability: _p, ...legacy }) => legacy);
    const results = await bodyOf(one.results());
    const total = submitted.totalScore;
    expect(results).toMatchObject({ totalScore: total, earned_points: total, applicable_points: MAX_SCORE, applicability: null });
  });
});
