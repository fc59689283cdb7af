import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signInUser } from '#tests/setup/auth.ts';
import { EMBEDDED_ANON_KEY } from '../config/index.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { createAssessment, getQuestions } from '../assessments/assessments.test-helpers.ts';
import { GATE_NEVER_HOLDS_MESSAGE } from '#domain/contracts/admin.ts';
import { CONDITIONS_NEVER_HOLD_MESSAGE } from '#domain/questions/applicability.ts';
import { RETIRED_CODES } from '#domain/questions/bank-retired.ts';
import { NOT_A_DATE_MESSAGE } from '#domain/questions/clocks.ts';
import { questions } from '../../db/schema/index.ts';

const NEW_QUESTION = {
  domainId: 'audit',
  subdomain: 'Internal review',
  questionText: 'Does internal audit review the research security program every year?',
  points: 2,
  critical: false,
  documentEvidenceRequired: true,
  evidenceDescription: 'The latest internal audit report',
  guidance: 'A dated audit report covering the program.',
  sources: [],
  correctiveAction: { action: 'Add the program to the annual internal audit plan.', priority: 'medium', targetDays: 90 },
};

const ENDPOINTS: [string, (orgId: string, userId: string) => string, unknown?][] = [
  ['GET', () => '/api/admin/questions'],
  ['POST', () => '/api/admin/questions', NEW_QUESTION],
  ['PUT', () => `/api/admin/questions/${crypto.randomUUID()}`, NEW_QUESTION],
  ['DELETE', () => `/api/admin/questions/${crypto.randomUUID()}`],
  ['GET', () => '/api/admin/overview'],
  ['GET', () => '/api/admin/organizations'],
  ['POST', (o) => `/api/admin/organizations/${o}/suspend`, { reason: 'Unpaid invoice' }],
  ['POST', (o) => `/api/admin/organizations/${o}/reactivate`],
  ['GET', () => '/api/admin/assessments'],
  ['GET', () => '/api/admin/users'],
  ['PUT', (_o, u) => `/api/admin/users/${u}/role`, { role: 'org_admin' }],
  ['POST', (_o, u) => `/api/admin/users/${u}/disable`],
  ['POST', (_o, u) => `/api/admin/users/${u}/enable`],
  ['GET', () => '/api/admin/audit-log'],
];

describe.each(DB_DRIVERS)('admin API (%s)', (driver) => {
  let server: TestServer;
  let orgAdmin: Member;
  let member: Member;
  let sys: Member;
  beforeEach(async () => {
    server = await createTestServer(driver);
    orgAdmin = await createOrgAdmin(server, { organizationName: 'Acme Research' });
    member = await joinOrganization(server, orgAdmin.organizationId!, { firstName: 'Tess', lastName: 'Member' });
    sys = await signInSystemAdmin(server);
  });
  afterEach(async () => server.close());

  it.each(ENDPOINTS.map(([m, p, b]) => [`${m} ${p(':org', ':user')}`, m, p, b] as const))('%s refuses anonymous, team members and org admins', async (_n, method, path, body) => {
    const url = path(orgAdmin.organizationId!, member.userId);
    expect((await server.json(method, url, body)).status).toBe(401);
    for (const who of [member, orgAdmin]) {
      const res = await server.json(method, url, body, who.accessToken);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
  });

  it('lists questions 10 at a time with paging and search', async () => {
    const first = await server.json('GET', '/api/admin/questions', undefined, sys.accessToken);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(10);
    expect(first.body.total).toBeGreaterThan(10);
    expect(first.body).toMatchObject({ page: 1, pageSize: 10, total_points: 140 });
    const second = await server.json('GET', '/api/admin/questions?page=2', undefined, sys.accessToken);
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    const search = await server.json('GET', '/api/admin/questions?q=AU-0', undefined, sys.accessToken);
    expect(search.body.items.length).toBeGreaterThan(0);
    expect(search.body.items.every((q: any) => q.code.startsWith('AU-0'))).toBe(true);
    expect((await server.json('GET', '/api/admin/questions?page=0', undefined, sys.accessToken)).status).toBe(400);
  });

  it('publishes a new version for create, edit and delete; started assessments keep theirs', async () => {
    const assessmentId = await createAssessment(server, orgAdmin.accessToken, orgAdmin.organizationId);
    const pinned = await getQuestions(server, orgAdmin.accessToken, assessmentId);
    const bank = (await server.json('GET', '/api/admin/questions?q=AU-', undefined, sys.accessToken)).body;
    const donor = bank.items.find((q: any) => q.points >= 3);

    const unbalanced = await server.json('POST', '/api/admin/questions', NEW_QUESTION, sys.accessToken);
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.body.error).toContain('140');

    const created = await server.json('POST', '/api/admin/questions', { ...NEW_QUESTION, balanceWith: donor.id }, sys.accessToken);
    expect(created.status).toBe(201);
    expect(created.body.version_id).toBeGreaterThan(bank.version_id);
    expect(created.body.question).toMatchObject({ domain_id: 'audit', points: 2, question_text: NEW_QUESTION.questionText });
    const current = await getQuestions(server, orgAdmin.accessToken);
    expect(current.find((q) => q.code === donor.code)!.points).toBe(donor.points - 2);
    expect(current.reduce((s, q) => s + q.points, 0)).toBe(140);
    expect(await getQuestions(server, orgAdmin.accessToken, assessmentId)).toEqual(pinned);

    const newId = created.body.question.id;
    const edited = await server.json('PUT', `/api/admin/questions/${newId}`, { ...NEW_QUESTION, questionText: 'Is the program audited internally each year?' }, sys.accessToken);
    expect(edited.status).toBe(200);
    expect(edited.body.version_id).toBe(created.body.version_id + 1);
    expect(edited.body.question.code).toBe(created.body.question.code);
    // The old id belongs to an older version now.
    const stale = await server.json('PUT', `/api/admin/questions/${newId}`, NEW_QUESTION, sys.accessToken);
    expect(stale.status).toBe(409);

    const restored = (await getQuestions(server, orgAdmin.accessToken)).find((q) => q.code === donor.code)!;
    const deleted = await server.json('DELETE', `/api/admin/questions/${edited.body.question.id}?balanceWith=${restored.id}`, undefined, sys.accessToken);
    expect(deleted.status).toBe(200);
    const after = await getQuestions(server, orgAdmin.accessToken);
    expect(after.some((q) => q.code === created.body.question.code)).toBe(false);
    expect(after.find((q) => q.code === donor.code)!.points).toBe(donor.points);
    expect(await getQuestions(server, orgAdmin.accessToken, assessmentId)).toEqual(pinned);

    const audit = await server.json('GET', '/api/admin/audit-log?q=question.', undefined, sys.accessToken);
    expect(audit.body.items.map((e: any) => e.action)).toEqual(['question.deleted', 'question.updated', 'question.created']);
    expect(audit.body.items[1]).toMatchObject({ actor_id: sys.userId, actor_email: sys.email, target_type: 'question' });
    expect(audit.body.items[1].before.questionText).toBe(NEW_QUESTION.questionText);
    expect(audit.body.items[1].after.questionText).toBe('Is the program audited internally each year?');
  });


  it('lets two admins add questions at the same moment: both land, the total stays 140', async () => {
    const donors = (await server.json('GET', '/api/admin/questions', undefined, sys.accessToken)).body.items.filter((q: any) => q.points >= 2);
    const [a, b] = await Promise.all(
      ['Is the program reviewed by the board each year?', 'Is the research security budget reviewed each year?'].map((text, i) =>
        server.json('POST', '/api/admin/questions', { ...NEW_QUESTION, questionText: text, points: 1, balanceWith: donors[i].id }, sys.accessToken),
      ),
    );
    expect([a!.status, b!.status], JSON.stringify([a!.body, b!.body]).slice(0, 600)).toEqual([201, 201]);
    const both = await getQuestions(server, orgAdmin.accessToken);
    expect(both.map((q) => q.question_text)).toEqual(expect.arrayContaining([a!.body.question.question_text, b!.body.question.question_text]));
    expect(both.reduce((s, q) => s + q.points, 0)).toBe(140);
    expect(new Set(both.map((q) => q.code)).size).toBe(both.length);

  });
  it('never gives a new question a code used before: not a retired one, not one of a deleted question', async () => {
    const retired = new Set(RETIRED_CODES.map((r) => r.code));
    const donor = (await server.json('GET', '/api/admin/questions', undefined, sys.accessToken)).body.items.find((q: any) => q.points >= 2);
    // Each domain of the bank has retired codes below its highest number (CI-01, PP-04, TP-04, IP-03, AU-01 ...).
    for (const domainId of ['communications-integration', 'policies-procedures', 'training-program', 'information-protection', 'audit']) {
      const everPublished = new Set((await server.deps.db.selectDistinct({ code: questions.code }).from(questions)).map((r) => r.code));
      const created = await server.json('POST', '/api/admin/questions', { ...NEW_QUESTION, domainId, points: 1, balanceWith: donor.id }, sys.accessToken);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const code: string = created.body.question.code;
      expect([domainId, retired.has(code), everPublished.has(code)]).toEqual([domainId, false, false]);
      // Deleted again: the code stays spent.
      const current = (await getQuestions(server, orgAdmin.accessToken)).find((q) => q.code === donor.code)!;
      expect((await server.json('DELETE', `/api/admin/questions/${created.body.question.id}?balanceWith=${current.id}`, undefined, sys.accessToken)).status).toBe(200);
      const next = await server.json('POST', '/api/admin/questions', { ...NEW_QUESTION, domainId, points: 1, balanceWith: (await getQuestions(server, orgAdmin.accessToken)).find((q) => q.code === donor.code)!.id }, sys.accessToken);
      expect(next.status).toBe(201);
      expect(next.body.question.code).not.toBe(code);
      expect(retired.has(next.body.question.code)).toBe(false);
      const after = (await getQuestions(server, orgAdmin.accessToken)).find((q) => q.code === donor.code)!;
      expect((await server.json('DELETE', `/api/admin/questions/${next.body.question.id}?balanceWith=${after.id}`, undefined, sys.accessToken)).status).toBe(200);
    }
  });

  /** The edit payload of a question as the admin list shows it. */
  const inputOf = (q: any) => ({
    domainId: q.domain_id,
    subdomain: q.subdomain,
    questionText: q.question_text,
    points: q.points,
    critical: q.critical,
    appliesWhen: q.applies_when,
    criticalWhen: q.critical_when,
    clock: q.clock,
    documentEvidenceRequired: q.document_evidence_required,
    evidenceDescription: q.evidence_description,
    guidance: q.guidance,
    sources: q.source_ids,
    correctiveAction: { action: q.corrective_action.action, priority: q.corrective_action.priority, targetDays: q.corrective_action.target_days },
  });
  const adminBank = async (): Promise<any[]> => {
    const first = (await server.json('GET', '/api/admin/questions', undefined, sys.accessToken)).body;
    const pages = Math.ceil(first.total / first.pageSize);
    const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => server.json('GET', `/api/admin/questions?page=${i + 2}`, undefined, sys.accessToken)));
    return [...first.items, ...rest.flatMap((r) => r.body.items)];
  };

  it('edits applicability and the legal clock: a new version, found by who it applies to; started assessments keep theirs', async () => {
    const assessmentId = await createAssessment(server, orgAdmin.accessToken, orgAdmin.organizationId);
    const pinned = await getQuestions(server, orgAdmin.accessToken, assessmentId);
    const bank = (await server.json('GET', '/api/admin/questions', undefined, sys.accessToken)).body;
    const target = (await adminBank()).find((q) => !q.critical && q.source_ids.length > 0 && q.applies_when.length === 0 && q.clock === null);
    expect(target, 'a non-critical question with sources, no conditions and no clock').toBeDefined();
    const appliesWhen = [{ activities: ['export_controlled'] }, { agencies: ['dod', 'doe'] }];
    const clock = { summary: 'Export control training renewed every year', recurrence: 'annual', months: 12, dates: ['01-31'], starts: null, source: target.source_ids[0] };

    const edited = await server.json('PUT', `/api/admin/questions/${target.id}`, { ...inputOf(target), appliesWhen, clock }, sys.accessToken);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.version_id).toBe(bank.version_id + 1);
    expect(edited.body.question).toMatchObject({ code: target.code, applies_when: appliesWhen, critical_when: [], clock, source_ids: target.source_ids });

    // the list finds it by the words of its applicability ("organizations with export-controlled research ...")
    const found = await server.json('GET', '/api/admin/questions?q=export-controlled research', undefined, sys.accessToken);
    expect(found.body.items.map((q: any) => q.code)).toContain(target.code);
    const byAgency = await server.json('GET', `/api/admin/questions?q=${encodeURIComponent('funded by DoD or DOE')}`, undefined, sys.accessToken);
    expect(byAgency.body.items.map((q: any) => q.code)).toContain(target.code);

    // the started assessment still asks its own version: no conditions, no clock
    expect(await getQuestions(server, orgAdmin.accessToken, assessmentId)).toEqual(pinned);
    expect(pinned.find((q) => q.code === target.code)!.clock).toBeNull();
    expect((await getQuestions(server, orgAdmin.accessToken)).find((q) => q.code === target.code)!.clock).toEqual(clock);

    const audit = await server.json('GET', '/api/admin/audit-log?q=question.updated', undefined, sys.accessToken);
    expect(audit.body.items[0].before).toMatchObject({ code: target.code, appliesWhen: [], criticalWhen: [], clock: null, sources: target.source_ids });
    expect(audit.body.items[0].after).toMatchObject({ code: target.code, appliesWhen, criticalWhen: [], clock, sources: target.source_ids, versionId: edited.body.version_id });

    // a gate condition on a critical question is kept as written
    const gate = (await adminBank()).find((q) => q.critical);
    const gated = await server.json('PUT', `/api/admin/questions/${gate.id}`, { ...inputOf(gate), criticalWhen: [{ covered: true }] }, sys.accessToken);
    expect(gated.status, JSON.stringify(gated.body)).toBe(200);
    expect(gated.body.question).toMatchObject({ code: gate.code, critical: true, critical_when: [{ covered: true }] });
  });

  it('refuses bad applicability, clocks and banks with a 400 naming the problem', async () => {
    const bank = await adminBank();
    const versionBefore = (await server.json('GET', '/api/admin/questions', undefined, sys.accessToken)).body.version_id;
    const plain = bank.find((q) => !q.critical && q.source_ids.length > 0);
    const gate = bank.find((q) => q.critical);
    const put = (q: any, patch: object) => server.json('PUT', `/api/admin/questions/${q.id}`, { ...inputOf(q), ...patch }, sys.accessToken);
    const clock = { summary: 'Report foreign gifts twice a year', recurrence: 'semiannual', months: 6, dates: ['01-31', '07-31'], starts: null, source: plain.source_ids[0] };
    const cases: [object, string][] = [
      [{ criticalWhen: [{ covered: true }] }, 'Gate conditions apply only to a critical question: mark it critical or remove them'],
      [{ clock: { ...clock, dates: ['13-40'] } }, 'Due dates look like 01-31'],
      [{ clock: { ...clock, months: 0 } }, 'Months must be 1 to 120'],
      [{ clock: { ...clock, source: '' } }, 'A clock names the source that sets it'],
      [{ appliesWhen: [{ region: ['eu'] }] }, 'Unknown condition "region": use kinds, covered, agencies or activities'],
      [{ appliesWhen: [{ agencies: ['nsf'], covered: true }] }, 'Each condition names exactly one of kinds, covered, agencies or activities'],
      [{ appliesWhen: [{ agencies: ['esa'] }] }, 'Unknown funding agency "esa" in agencies'],
      [{ appliesWhen: [{ covered: false }] }, 'The covered condition is written { "covered": true }'],
      [{ appliesWhen: [{ activities: [] }] }, 'Choose at least one activity'],
      [{ appliesWhen: ['covered'] }, 'A condition looks like { "agencies": ["nsf"] }'],
      // input that cannot be right
      [{ clock: { ...clock, recurrence: 'semiannual', months: 120 } }, 'A twice-yearly clock runs 6 months'],
      [{ clock: { ...clock, dates: ['02-31', '07-31'] } }, NOT_A_DATE_MESSAGE],
      [{ clock: { ...clock, dates: ['04-31', '07-31'] } }, NOT_A_DATE_MESSAGE],
      [{ clock: { ...clock, dates: ['07-31'] } }, 'A twice-yearly clock has two due dates, or none'],
      [{ clock: { ...clock, recurrence: 'every_years', months: 30, dates: [] } }, 'A clock of every few years runs whole years: 24, 36 ... 120 months'],
      [{ appliesWhen: [{ kinds: ['company'] }, { covered: true }] }, CONDITIONS_NEVER_HOLD_MESSAGE],
      [{ appliesWhen: [{ agencies: ['nsf'] }, { agencies: ['nih'] }] }, 'Write each sort of condition once: agencies appears twice'],
      [{ appliesWhen: [{ agencies: Array.from({ length: 20_000 }, () => 'nsf') }] }, 'agencies lists at most 7 values'],
      [{ appliesWhen: [{ agencies: ['nsf', 'nsf'] }] }, '"nsf" is listed twice in agencies'],
    ];
    for (const [patch, message] of cases) {
      const res = await put(plain, patch);
      expect([JSON.stringify(patch), res.status, res.body.error]).toEqual([JSON.stringify(patch), 400, message]);
    }
    const gateNever = await put(gate, { appliesWhen: [{ kinds: ['company'] }], criticalWhen: [{ covered: true }] });
    expect([gateNever.status, gateNever.body.error]).toEqual([400, GATE_NEVER_HOLDS_MESSAGE]);
    // the bank rules run at publish: their first problem is the message
    const unsourced = await put(gate, { sources: [] });
    expect(unsourced.status).toBe(400);
    expect(unsourced.body.error).toContain(gate.code);
    expect(unsourced.body.error).toBe(unsourced.body.details[0].message);
    // nothing was published
    expect((await server.json('GET', '/api/admin/questions', undefined, sys.accessToken)).body.version_id).toBe(versionBefore);
    expect((await adminBank()).map((q) => q.id)).toEqual(bank.map((q) => q.id));
  });

  it('validates question input', async () => {
    const bad = async (patch: object) => server.json('POST', '/api/admin/questions', { ...NEW_QUESTION, ...patch }, sys.accessToken);
    expect((await bad({ points: 9 })).body.error).toBe('Points must be between 1 and 5');
    expect((await bad({ domainId: 'nope' })).body.error).toBe('Unknown domain');
    expect((await bad({ questionText: 'short' })).body.error).toBe('Question text must be at least 10 characters');
    expect((await bad({ points: 9 })).status).toBe(400);
    expect((await server.json('DELETE', '/api/admin/questions/not-a-uuid', undefined, sys.accessToken)).status).toBe(400);
  });

  it('answers a malformed id in the path with 400 naming the id (the one id rule), before the body is judged', async () => {
    const cases: [string, string, string, unknown?][] = [
      ['POST', '/api/admin/users/not-a-uuid/disable', 'Invalid user id'],
      ['PUT', '/api/admin/users/not-a-uuid/role', 'Invalid user id', { role: 'org_admin' }],
      ['POST', '/api/admin/organizations/not-a-uuid/reactivate', 'Invalid organization id'],
      ['POST', '/api/admin/organizations/not-a-uuid/subscription', 'Invalid organization id', { paidUntil: '2150-01-01' }],
      ['GET', '/api/admin/assessments/not-a-uuid/report.pdf', 'Invalid assessment id'],
      // the path is checked before the body: a bad body on a malformed id names the id
      ['PUT', '/api/admin/users/not-a-uuid/role', 'Invalid user id', { role: 'emperor' }],
      ['POST', '/api/admin/organizations/not-a-uuid/suspend', 'Invalid organization id', { reason: 7 }],
      ['POST', '/api/admin/organizations/not-a-uuid/subscription', 'Invalid organization id', { paidUntil: 'soon' }],
      ['PUT', '/api/admin/questions/not-a-uuid', 'Invalid question id', {}],
      ['DELETE', '/api/admin/questions/not-a-uuid?balanceWith=nope', 'Invalid question id'],
      // not RFC 9562 (version 0): refused like any other malformed id
      ['POST', '/api/admin/users/00000000-0000-0000-0000-000000000001/disable', 'Invalid user id'],
    ];
    for (const [method, path, message, body] of cases) {
      const res = await server.json(method, path, body, sys.accessToken);
      expect([path, res.status, res.body.code, res.body.error]).toEqual([path, 400, 'validation_failed', message]);
    }
    // a well-formed id that names nothing is still the row's 404
    const missing = await server.json('POST', `/api/admin/users/${crypto.randomUUID()}/disable`, undefined, sys.accessToken);
    expect([missing.status, missing.body.error]).toEqual([404, 'User not found']);
  });

  it('overview: organizations, users, assessments and reports waiting for payment across the platform', async () => {
    const other = await createOrgAdmin(server, { organizationName: 'Beta Lab' });
    await createAssessment(server, orgAdmin.accessToken, orgAdmin.organizationId);
    await server.json('POST', `/api/admin/organizations/${other.organizationId}/suspend`, { reason: 'Unpaid invoice' }, sys.accessToken);
    await server.json('POST', `/api/admin/users/${member.userId}/disable`, undefined, sys.accessToken);
    const res = await server.json('GET', '/api/admin/overview', undefined, sys.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      organizations: { active: 1, suspended: 1 },
      users: { active: 3, disabled: 1 },
      assessments: { in_progress: 1, submitted: 0 },
      awaiting_payment: 0,
    });
  });

  it('lists organizations, assessments and users across organizations', async () => {
    const other = await createOrgAdmin(server, { organizationName: 'Beta Lab' });
    await createAssessment(server, orgAdmin.accessToken, orgAdmin.organizationId);
    const orgs = await server.json('GET', '/api/admin/organizations', undefined, sys.accessToken);
    expect(orgs.status).toBe(200);
    expect(orgs.body.organizations.map((o: any) => o.name)).toEqual(['Acme Research', 'Beta Lab']);
    expect(orgs.body).toMatchObject({ next_cursor: null, estimated_total: 2 });
    expect(orgs.body.organizations[0]).toMatchObject({ status: 'active', member_count: 2, assessment_count: 1, subscription: 'none', paid_until: null });
    expect(orgs.body.organizations[1]).toMatchObject({ id: other.organizationId, member_count: 1, assessment_count: 0 });

    const list = await server.json('GET', '/api/admin/assessments', undefined, sys.accessToken);
    expect(list.body.assessments).toHaveLength(1);
    expect(list.body.assessments[0]).toMatchObject({ organization_name: 'Acme Research', status: 'in_progress', total_score: null, grade: null, pass_fail: null, subscription: 'none' });

    const users = await server.json('GET', '/api/admin/users', undefined, sys.accessToken);
    const tess = users.body.users.find((u: any) => u.id === member.userId);
    expect(tess).toMatchObject({ role: 'team_member', status: 'active', organization: { id: orgAdmin.organizationId, name: 'Acme Research' } });
    expect(users.body.users.find((u: any) => u.id === sys.userId)).toMatchObject({ role: 'system_admin', organization: null });
  });

  it('changes a role (audited) and refuses changing your own account', async () => {
    const res = await server.json('PUT', `/api/admin/users/${member.userId}/role`, { role: 'org_admin' }, sys.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('org_admin');
    expect((await server.json('GET', '/api/organization/invitations', undefined, member.accessToken)).status).toBe(200);
    expect((await server.json('PUT', `/api/admin/users/${member.userId}/role`, { role: 'boss' }, sys.accessToken)).status).toBe(400);
    expect((await server.json('PUT', `/api/admin/users/${sys.userId}/role`, { role: 'team_member' }, sys.accessToken)).status).toBe(400);
    const lastAdmin = await server.json('PUT', `/api/admin/users/${orgAdmin.userId}/role`, { role: 'team_member' }, sys.accessToken);
    expect(lastAdmin.status).toBe(200); // Tess is an org_admin now, so Ada is not the last one
    const only = await server.json('PUT', `/api/admin/users/${member.userId}/role`, { role: 'team_member' }, sys.accessToken);
    expect(only.status).toBe(409);
    expect(only.body.error).toContain('only Organization Admin');
    const audit = await server.json('GET', '/api/admin/audit-log?q=user.', undefined, sys.accessToken);
    expect(audit.body.items.map((e: any) => e.action)).toEqual(['user.role_changed', 'user.role_changed']);
    expect(audit.body.items[1]).toMatchObject({
      action: 'user.role_changed',
      target_id: member.userId,
      organization_name: 'Acme Research',
      before: { role: 'team_member', status: 'active' },
      after: { role: 'org_admin', status: 'active' },
    });
  });

  it('disabling a user ends their sessions and refuses sign-in until re-enabled', async () => {
    expect((await server.json('POST', `/api/admin/users/${member.userId}/disable`, undefined, sys.accessToken)).body.status).toBe('disabled');
    const refused = await server.json('GET', '/api/auth/profile', undefined, member.accessToken);
    expect([401, 403]).toContain(refused.status);
    const refresh = await server.app.request('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: EMBEDDED_ANON_KEY },
      body: JSON.stringify({ refresh_token: member.refreshToken }),
    });
    expect(refresh.status).toBeGreaterThanOrEqual(400);
    await expect(signInUser(server, member.email, member.password)).rejects.toThrow();
    expect((await server.json('POST', `/api/admin/users/${member.userId}/disable`, undefined, sys.accessToken)).status).toBe(409);

    expect((await server.json('POST', `/api/admin/users/${member.userId}/enable`, undefined, sys.accessToken)).body.status).toBe('active');
    const again = await signInUser(server, member.email, member.password);
    expect((await server.json('GET', '/api/auth/profile', undefined, again.accessToken)).status).toBe(200);
    const audit = await server.json('GET', '/api/admin/audit-log?q=user.', undefined, sys.accessToken);
    expect(audit.body.items.map((e: any) => e.action)).toEqual(['user.enabled', 'user.disabled']);
  });

  it('suspending an organization makes it read-only with the reason; reactivating restores it', async () => {
    const res = await server.json('POST', `/api/admin/organizations/${orgAdmin.organizationId}/suspend`, { reason: 'Invoice 42 is overdue' }, sys.accessToken);
    expect(res.status).toBe(200);
    expect((await server.json('POST', `/api/admin/organizations/${orgAdmin.organizationId}/suspend`, { reason: 'x' }, sys.accessToken)).status).toBe(400);
    const profile = await server.json('GET', '/api/auth/profile', undefined, member.accessToken);
    expect(profile.status).toBe(200);
    expect(profile.body.organization).toMatchObject({ status: 'suspended', suspended_reason: 'Invoice 42 is overdue' });
    const write = await server.json('POST', '/api/assessments/create', { organizationId: orgAdmin.organizationId }, member.accessToken);
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('organization_suspended');
    expect(write.body.error).toContain('Invoice 42 is overdue');
    expect((await server.json('GET', '/api/assessments', undefined, member.accessToken)).status).toBe(200);
    const orgs = await server.json('GET', '/api/admin/organizations', undefined, sys.accessToken);
    expect(orgs.body.organizations[0]).toMatchObject({ status: 'suspended', suspended_reason: 'Invoice 42 is overdue' });

    expect((await server.json('POST', `/api/admin/organizations/${orgAdmin.organizationId}/reactivate`, undefined, sys.accessToken)).status).toBe(200);
    expect((await server.json('POST', `/api/admin/organizations/${orgAdmin.organizationId}/reactivate`, undefined, sys.accessToken)).status).toBe(409);
    expect((await server.json('POST', '/api/assessments/create', { organizationId: orgAdmin.organizationId }, member.accessToken)).status).toBe(201);
    expect((await server.json('POST', `/api/admin/organizations/${crypto.randomUUID()}/suspend`, { reason: 'Nope nope' }, sys.accessToken)).status).toBe(404);
    const audit = await server.json('GET', '/api/admin/audit-log?q=organization.', undefined, sys.accessToken);
    expect(audit.body.items[1]).toMatchObject({
      action: 'organization.suspended',
      before: { status: 'active', suspendedReason: null },
      after: { status: 'suspended', suspendedReason: 'Invoice 42 is overdue' },
    });
  });
});
