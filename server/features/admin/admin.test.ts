import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf, refusalOf, type ApiClient, type BodyOf } from '#tests/setup/api-client.ts';
import { signInUser } from '#tests/setup/auth.ts';
import { EMBEDDED_ANON_KEY } from '../config/index.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { createAssessment, getQuestions } from '../assessments/assessments.test-helpers.ts';
import { GATE_NEVER_HOLDS_MESSAGE, type adminQuestionSchema } from '#domain/contracts/admin.ts';
import type { z } from 'zod';
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
  releaseNote: 'Added a question on the yearly internal audit of the program.',
} satisfies z.input<typeof adminQuestionSchema>;

/** Every admin route, called as `api` would call it with a well-formed request. */
const ENDPOINTS: [string, (api: ApiClient, orgId: string, userId: string) => Promise<{ status: number; json(): Promise<unknown> }>][] = [
  ['GET /api/admin/questions', (api) => api.admin.questions.$get({ query: {} })],
  ['POST /api/admin/questions', (api) => api.admin.questions.$post({ json: NEW_QUESTION })],
  ['PUT /api/admin/questions/:id', (api) => api.admin.questions[':id'].$put({ param: { id: crypto.randomUUID() }, json: NEW_QUESTION })],
  ['DELETE /api/admin/questions/:id', (api) => api.admin.questions[':id'].$delete({ param: { id: crypto.randomUUID() }, query: { releaseNote: NEW_QUESTION.releaseNote } })],
  ['GET /api/admin/overview', (api) => api.admin.overview.$get()],
  ['GET /api/admin/organizations', (api) => api.admin.organizations.$get({ query: {} })],
  ['POST /api/admin/organizations/:org/suspend', (api, o) => api.admin.organizations[':id'].suspend.$post({ param: { id: o }, json: { reason: 'Unpaid invoice' } })],
  ['POST /api/admin/organizations/:org/reactivate', (api, o) => api.admin.organizations[':id'].reactivate.$post({ param: { id: o } })],
  ['GET /api/admin/assessments', (api) => api.admin.assessments.$get({ query: {} })],
  ['GET /api/admin/users', (api) => api.admin.users.$get({ query: {} })],
  ['PUT /api/admin/users/:user/role', (api, _o, u) => api.admin.users[':id'].role.$put({ param: { id: u }, json: { role: 'org_admin' } })],
  ['POST /api/admin/users/:user/disable', (api, _o, u) => api.admin.users[':id'].disable.$post({ param: { id: u } })],
  ['POST /api/admin/users/:user/enable', (api, _o, u) => api.admin.users[':id'].enable.$post({ param: { id: u } })],
  ['GET /api/admin/audit-log', (api) => api.admin['audit-log'].$get({ query: {} })],
];

describe.each(DB_DRIVERS)('admin API (%s)', (driver) => {
  let server: TestServer;
  let orgAdmin: Member;
  let member: Member;
  let sys: Member;
  /** The system admin's typed client. */
  let admin: ApiClient;
  beforeEach(async () => {
    server = await createTestServer(driver);
    orgAdmin = await createOrgAdmin(server, { organizationName: 'Acme Research' });
    member = await joinOrganization(server, orgAdmin.organizationId!, { firstName: 'Tess', lastName: 'Member' });
    sys = await signInSystemAdmin(server);
    admin = apiClient(server, sys.accessToken);
  });
  const listQuestions = (query: { page?: string; q?: string } = {}) => bodyOf(admin.admin.questions.$get({ query }));
  const auditLog = (q: string) => bodyOf(admin.admin['audit-log'].$get({ query: { q } }));
  afterEach(async () => server.close());

  it.each(ENDPOINTS)('%s refuses anonymous, team members and org admins', async (_n, call) => {
    const org = orgAdmin.organizationId!;
    expect((await call(apiClient(server), org, member.userId)).status).toBe(401);
    for (const who of [member, orgAdmin]) {
      const res = await refusalOf(call(apiClient(server, who.accessToken), org, member.userId), 403);
      expect(res.code).toBe('forbidden');
    }
  });

  it('lists questions 10 at a time with paging and search', async () => {
    const first = await listQuestions();
    expect(first.items).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
    expect(first).toMatchObject({ page: 1, pageSize: 10, total_points: 140 });
    const second = await listQuestions({ page: '2' });
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    const search = await listQuestions({ q: 'AU-0' });
    expect(search.items.length).toBeGreaterThan(0);
    expect(search.items.every((q) => q.code.startsWith('AU-0'))).toBe(true);
    expect((await admin.admin.questions.$get({ query: { page: '0' } })).status).toBe(400);
  });

  it('publishes a new version for create, edit and delete; started assessments keep theirs', async () => {
    const assessmentId = await createAssessment(server, orgAdmin.accessToken, orgAdmin.organizationId);
    const pinned = await getQuestions(server, orgAdmin.accessToken, assessmentId);
    const bank = await listQuestions({ q: 'AU-' });
    const donor = bank.items.find((q) => q.points >= 3)!;

    const unbalanced = await refusalOf(admin.admin.questions.$post({ json: NEW_QUESTION }), 400);
    expect(unbalanced.error).toContain('140');

    const created = await bodyOf(admin.admin.questions.$post({ json: { ...NEW_QUESTION, balanceWith: donor.id } }), 201);
    expect(created.version_id).toBeGreaterThan(bank.version_id);
    expect(created.question).toMatchObject({ domain_id: 'audit', points: 2, question_text: NEW_QUESTION.questionText });
    const current = await getQuestions(server, orgAdmin.accessToken);
    expect(current.find((q) => q.code === donor.code)!.points).toBe(donor.points - 2);
    expect(current.reduce((s, q) => s + q.points, 0)).toBe(140);
    expect(await getQuestions(server, orgAdmin.accessToken, assessmentId)).toEqual(pinned);

    const newId = created.question!.id;
    const put = (id: string, json: z.input<typeof adminQuestionSchema>) => admin.admin.questions[':id'].$put({ param: { id }, json });
    const edited = await bodyOf(put(newId, { ...NEW_QUESTION, questionText: 'Is the program audited internally each year?' }));
    expect(edited.version_id).toBe(created.version_id + 1);
    expect(edited.question!.code).toBe(created.question!.code);
    // The old id belongs to an older version now.
    expect((await put(newId, NEW_QUESTION)).status).toBe(409);

    const restored = (await getQuestions(server, orgAdmin.accessToken)).find((q) => q.code === donor.code)!;
    const deleted = await admin.admin.questions[':id'].$delete({ param: { id: edited.question!.id }, query: { balanceWith: restored.id, releaseNote: NEW_QUESTION.releaseNote } });
    expect(deleted.status).toBe(200);
    const after = await getQuestions(server, orgAdmin.accessToken);
    expect(after.some((q) => q.code === created.question!.code)).toBe(false);
    expect(after.find((q) => q.code === donor.code)!.points).toBe(donor.points);
    expect(await getQuestions(server, orgAdmin.accessToken, assessmentId)).toEqual(pinned);

    const audit = await auditLog('question.');
    expect(audit.items.map((e) => e.action)).toEqual(['question.deleted', 'question.updated', 'question.created']);
    expect(audit.items[1]).toMatchObject({ actor_id: sys.userId, actor_email: sys.email, target_type: 'question' });
    expect(audit.items[1]!.before).toMatchObject({ questionText: NEW_QUESTION.questionText });
    expect(audit.items[1]!.after).toMatchObject({ questionText: 'Is the program audited internally each year?' });
  });


  it('lets two admins add questions at the same moment: both land, the total stays 140', async () => {
    // Donors from the whole bank: the admin list's first page may hold fewer than two questions worth 2 points or more.
    const donors = (await getQuestions(server, orgAdmin.accessToken)).filter((q) => q.points >= 2);
    const [a, b] = await Promise.all(
      ['Is the program reviewed by the board each year?', 'Is the research security budget reviewed each year?'].map((text, i) =>
        bodyOf(admin.admin.questions.$post({ json: { ...NEW_QUESTION, questionText: text, points: 1, balanceWith: donors[i]!.id } }), 201),
      ),
    );
    const both = await getQuestions(server, orgAdmin.accessToken);
    expect(both.map((q) => q.question_text)).toEqual(expect.arrayContaining([a!.question!.question_text, b!.question!.question_text]));
    expect(both.reduce((s, q) => s + q.points, 0)).toBe(140);
    expect(new Set(both.map((q) => q.code)).size).toBe(both.length);

  });
  it('never gives a new question a code used before: not a retired one, not one of a deleted question', async () => {
    const retired = new Set(RETIRED_CODES.map((r) => r.code));
    const donor = (await getQuestions(server, orgAdmin.accessToken)).find((q) => q.points >= 2)!;
    const create = (json: z.input<typeof adminQuestionSchema>) => bodyOf(admin.admin.questions.$post({ json }), 201);
    const remove = (id: string, balanceWith: string) => admin.admin.questions[':id'].$delete({ param: { id }, query: { balanceWith, releaseNote: NEW_QUESTION.releaseNote } });
    // Each domain of the bank has retired codes below its highest number (CI-01, PP-04, TP-04, IP-03, AU-01 ...).
    for (const domainId of ['communications-integration', 'policies-procedures', 'training-program', 'information-protection', 'audit']) {
      const everPublished = new Set((await server.deps.db.selectDistinct({ code: questions.code }).from(questions)).map((r) => r.code));
      const created = (await create({ ...NEW_QUESTION, domainId, points: 1, balanceWith: donor.id })).question!;
      const code: string = created.code;
      expect([domainId, retired.has(code), everPublished.has(code)]).toEqual([domainId, false, false]);
      // Deleted again: the code stays spent.
      const current = (await getQuestions(server, orgAdmin.accessToken)).find((q) => q.code === donor.code)!;
      expect((await remove(created.id, current.id)).status).toBe(200);
      const next = (await create({ ...NEW_QUESTION, domainId, points: 1, balanceWith: (await getQuestions(server, orgAdmin.accessToken)).find((q) => q.code === donor.code)!.id })).question!;
      expect(next.code).not.toBe(code);
      expect(retired.has(next.code)).toBe(false);
      const after = (await getQuestions(server, orgAdmin.accessToken)).find((q) => q.code === donor.code)!;
      expect((await remove(next.id, after.id)).status).toBe(200);
    }
  });

  type AdminQuestion = BodyOf<Awaited<ReturnType<ApiClient['admin']['questions']['$get']>>>['items'][number];
  /** The edit payload of a question as the admin list shows it. */
  const inputOf = (q: AdminQuestion): z.input<typeof adminQuestionSchema> => ({
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
    releaseNote: NEW_QUESTION.releaseNote,
  });
  const adminBank = async (): Promise<AdminQuestion[]> => {
    const first = await listQuestions();
    const pages = Math.ceil(first.total / first.pageSize);
    const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => listQuestions({ page: String(i + 2) })));
    return [...first.items, ...rest.flatMap((r) => r.items)];
  };
  const putQuestion = (q: AdminQuestion, patch: Partial<z.input<typeof adminQuestionSchema>>) =>
    admin.admin.questions[':id'].$put({ param: { id: q.id }, json: { ...inputOf(q), ...patch } });

  it('edits applicability and the legal clock: a new version, found by who it applies to; started assessments keep theirs', async () => {
    const assessmentId = await createAssessment(server, orgAdmin.accessToken, orgAdmin.organizationId);
    const pinned = await getQuestions(server, orgAdmin.accessToken, assessmentId);
    const bank = await listQuestions();
    const target = (await adminBank()).find((q) => !q.critical && q.source_ids.length > 0 && q.applies_when.length === 0 && q.clock === null)!;
    expect(target, 'a non-critical question with sources, no conditions and no clock').toBeDefined();
    const appliesWhen = [{ activities: ['export_controlled'] }, { agencies: ['dod', 'doe'] }] satisfies z.input<typeof adminQuestionSchema>['appliesWhen'];
    const clock = { summary: 'Export control training renewed every year', recurrence: 'annual', months: 12, dates: ['01-31'], starts: null, source: target.source_ids[0]! } as const;

    const edited = await bodyOf(putQuestion(target, { appliesWhen, clock: { ...clock, dates: [...clock.dates] } }));
    expect(edited.version_id).toBe(bank.version_id + 1);
    expect(edited.question).toMatchObject({ code: target.code, applies_when: appliesWhen, critical_when: [], clock, source_ids: target.source_ids });

    // the list finds it by the words of its applicability ("organizations with export-controlled research ...")
    const found = await listQuestions({ q: 'export-controlled research' });
    expect(found.items.map((q) => q.code)).toContain(target.code);
    const byAgency = await listQuestions({ q: 'funded by DoD or DOE' });
    expect(byAgency.items.map((q) => q.code)).toContain(target.code);

    // the started assessment still asks its own version: no conditions, no clock
    expect(await getQuestions(server, orgAdmin.accessToken, assessmentId)).toEqual(pinned);
    expect(pinned.find((q) => q.code === target.code)!.clock).toBeNull();
    expect((await getQuestions(server, orgAdmin.accessToken)).find((q) => q.code === target.code)!.clock).toEqual(clock);

    const audit = await auditLog('question.updated');
    expect(audit.items[0]!.before).toMatchObject({ code: target.code, appliesWhen: [], criticalWhen: [], clock: null, sources: target.source_ids });
    expect(audit.items[0]!.after).toMatchObject({ code: target.code, appliesWhen, criticalWhen: [], clock, sources: target.source_ids, versionId: edited.version_id });

    // a gate condition on a critical question is kept as written
    const gate = (await adminBank()).find((q) => q.critical)!;
    const gated = await bodyOf(putQuestion(gate, { criticalWhen: [{ covered: true }] }));
    expect(gated.question).toMatchObject({ code: gate.code, critical: true, critical_when: [{ covered: true }] });
  });

  it('refuses bad applicability, clocks and banks with a 400 naming the problem', async () => {
    const bank = await adminBank();
    const versionBefore = (await listQuestions()).version_id;
    const plain = bank.find((q) => !q.critical && q.source_ids.length > 0)!;
    const gate = bank.find((q) => q.critical)!;
    const put = (q: AdminQuestion, patch: Partial<z.input<typeof adminQuestionSchema>>) => refusalOf(putQuestion(q, patch), 400);
    const clock = { summary: 'Report foreign gifts twice a year', recurrence: 'semiannual', months: 6, dates: ['01-31', '07-31'], starts: null, source: plain.source_ids[0]! } satisfies z.input<typeof adminQuestionSchema>['clock'];
    // Values of the wrong type on purpose: sent untyped, as a client that ignores the contract would.
    const malformed: [object, string][] = [
      [{ appliesWhen: [{ region: ['eu'] }] }, 'Unknown condition "region": use kinds, covered, agencies, grants, contracts or activities'],
      [{ appliesWhen: [{ agencies: ['esa'] }] }, 'Unknown funding agency "esa" in agencies'],
      [{ appliesWhen: [{ covered: false }] }, 'The covered condition is written { "covered": true }'],
      [{ appliesWhen: ['covered'] }, 'A condition looks like { "agencies": ["nsf"] }'],
    ];
    for (const [patch, message] of malformed) {
      const res = await server.json('PUT', `/api/admin/questions/${plain.id}`, { ...inputOf(plain), ...patch }, sys.accessToken);
      expect([JSON.stringify(patch), res.status, res.body.error]).toEqual([JSON.stringify(patch), 400, message]);
    }
    const cases: [Partial<z.input<typeof adminQuestionSchema>>, string][] = [
      [{ criticalWhen: [{ covered: true }] }, 'Gate conditions apply only to a critical question: mark it critical or remove them'],
      [{ clock: { ...clock, dates: ['13-40'] } }, 'Due dates look like 01-31'],
      [{ clock: { ...clock, months: 0 } }, 'Months must be 1 to 120'],
      [{ clock: { ...clock, source: '' } }, 'A clock names the source that sets it'],
      [{ appliesWhen: [{ agencies: ['nsf'], covered: true }] }, 'Each condition names exactly one of kinds, covered, agencies, grants, contracts or activities'],
      [{ appliesWhen: [{ activities: [] }] }, 'Choose at least one activity'],
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
      expect([JSON.stringify(patch), res.error]).toEqual([JSON.stringify(patch), message]);
    }
    const gateNever = await put(gate, { appliesWhen: [{ kinds: ['company'] }], criticalWhen: [{ covered: true }] });
    expect(gateNever.error).toBe(GATE_NEVER_HOLDS_MESSAGE);
    // the bank rules run at publish: their first problem is the message
    const unsourced = await put(gate, { sources: [] });
    expect(unsourced.error).toContain(gate.code);
    expect(unsourced.error).toBe((unsourced.details as { message: string }[])[0]!.message);
    // nothing was published
    expect((await listQuestions()).version_id).toBe(versionBefore);
    expect((await adminBank()).map((q) => q.id)).toEqual(bank.map((q) => q.id));
  });

  it('validates question input', async () => {
    const bad = async (patch: Partial<z.input<typeof adminQuestionSchema>>) => admin.admin.questions.$post({ json: { ...NEW_QUESTION, ...patch } });
    expect((await refusalOf(bad({ points: 9 }), 400)).error).toBe('Points must be between 1 and 5');
    expect((await refusalOf(bad({ domainId: 'nope' }), 400)).error).toBe('Unknown domain');
    expect((await refusalOf(bad({ questionText: 'short' }), 400)).error).toBe('Question text must be at least 10 characters');
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
    const missing = await refusalOf(admin.admin.users[':id'].disable.$post({ param: { id: crypto.randomUUID() } }), 404);
    expect(missing.error).toBe('User not found');
  });

  it('overview: organizations, users, assessments and reports waiting for payment across the platform', async () => {
    const other = await createOrgAdmin(server, { organizationName: 'Beta Lab' });
    await createAssessment(server, orgAdmin.accessToken, orgAdmin.organizationId);
    await admin.admin.organizations[':id'].suspend.$post({ param: { id: other.organizationId! }, json: { reason: 'Unpaid invoice' } });
    await admin.admin.users[':id'].disable.$post({ param: { id: member.userId } });
    expect(await bodyOf(admin.admin.overview.$get())).toEqual({
      organizations: { active: 1, suspended: 1 },
      users: { active: 3, disabled: 1 },
      assessments: { in_progress: 1, submitted: 0 },
      awaiting_payment: 0,
    });
  });

  it('lists organizations, assessments and users across organizations', async () => {
    const other = await createOrgAdmin(server, { organizationName: 'Beta Lab' });
    await createAssessment(server, orgAdmin.accessToken, orgAdmin.organizationId);
    const orgs = await bodyOf(admin.admin.organizations.$get({ query: {} }));
    expect(orgs.organizations.map((o) => o.name)).toEqual(['Acme Research', 'Beta Lab']);
    expect(orgs).toMatchObject({ next_cursor: null, estimated_total: 2 });
    expect(orgs.organizations[0]).toMatchObject({ status: 'active', member_count: 2, assessment_count: 1, subscription: 'none', paid_until: null });
    expect(orgs.organizations[1]).toMatchObject({ id: other.organizationId, member_count: 1, assessment_count: 0 });

    const list = await bodyOf(admin.admin.assessments.$get({ query: {} }));
    expect(list.assessments).toHaveLength(1);
    expect(list.assessments[0]).toMatchObject({ organization_name: 'Acme Research', status: 'in_progress', total_score: null, grade: null, pass_fail: null, subscription: 'none' });

    const users = await bodyOf(admin.admin.users.$get({ query: {} }));
    const tess = users.users.find((u) => u.id === member.userId);
    expect(tess).toMatchObject({ role: 'team_member', status: 'active', organization: { id: orgAdmin.organizationId, name: 'Acme Research' } });
    expect(users.users.find((u) => u.id === sys.userId)).toMatchObject({ role: 'system_admin', organization: null });
  });

  it('changes a role (audited) and refuses changing your own account', async () => {
    const setRole = (id: string, role: 'org_admin' | 'team_member') => admin.admin.users[':id'].role.$put({ param: { id }, json: { role } });
    expect((await bodyOf(setRole(member.userId, 'org_admin'))).role).toBe('org_admin');
    expect((await apiClient(server, member.accessToken).organization.invitations.$get()).status).toBe(200);
    // not a role at all: sent untyped
    expect((await server.json('PUT', `/api/admin/users/${member.userId}/role`, { role: 'boss' }, sys.accessToken)).status).toBe(400);
    expect((await setRole(sys.userId, 'team_member')).status).toBe(400);
    const lastAdmin = await setRole(orgAdmin.userId, 'team_member');
    expect(lastAdmin.status).toBe(200); // Tess is an org_admin now, so Ada is not the last one
    const only = await refusalOf(setRole(member.userId, 'team_member'), 409);
    expect(only.error).toContain('only Organization Admin');
    const audit = await auditLog('user.');
    expect(audit.items.map((e) => e.action)).toEqual(['user.role_changed', 'user.role_changed']);
    expect(audit.items[1]).toMatchObject({
      action: 'user.role_changed',
      target_id: member.userId,
      organization_name: 'Acme Research',
      before: { role: 'team_member', status: 'active' },
      after: { role: 'org_admin', status: 'active' },
    });
  });

  it('disabling a user ends their sessions and refuses sign-in until re-enabled', async () => {
    const disable = () => admin.admin.users[':id'].disable.$post({ param: { id: member.userId } });
    const enable = () => admin.admin.users[':id'].enable.$post({ param: { id: member.userId } });
    expect((await bodyOf(disable())).status).toBe('disabled');
    const refused = await apiClient(server, member.accessToken).auth.profile.$get();
    expect([401, 403]).toContain(refused.status);
    const refresh = await server.app.request('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: EMBEDDED_ANON_KEY },
      body: JSON.stringify({ refresh_token: member.refreshToken }),
    });
    expect(refresh.status).toBeGreaterThanOrEqual(400);
    await expect(signInUser(server, member.email, member.password)).rejects.toThrow();
    expect((await disable()).status).toBe(409);

    expect((await bodyOf(enable())).status).toBe('active');
    const again = await signInUser(server, member.email, member.password);
    expect((await apiClient(server, again.accessToken).auth.profile.$get()).status).toBe(200);
    const audit = await auditLog('user.');
    expect(audit.items.map((e) => e.action)).toEqual(['user.enabled', 'user.disabled']);
  });

  it('suspending an organization makes it read-only with the reason; reactivating restores it', async () => {
    const orgId = orgAdmin.organizationId!;
    const suspend = (id: string, reason: string) => admin.admin.organizations[':id'].suspend.$post({ param: { id }, json: { reason } });
    const reactivate = () => admin.admin.organizations[':id'].reactivate.$post({ param: { id: orgId } });
    const memberApi = apiClient(server, member.accessToken);
    const createAssessmentAs = () => memberApi.assessments.create.$post({ json: { organizationId: orgId } });
    expect((await suspend(orgId, 'Invoice 42 is overdue')).status).toBe(200);
    expect((await suspend(orgId, 'x')).status).toBe(400);
    const profile = await bodyOf(memberApi.auth.profile.$get());
    expect(profile.organization).toMatchObject({ status: 'suspended', suspended_reason: 'Invoice 42 is overdue' });
    const write = await refusalOf(createAssessmentAs(), 403);
    expect(write.code).toBe('organization_suspended');
    expect(write.error).toContain('Invoice 42 is overdue');
    expect((await memberApi.assessments.$get()).status).toBe(200);
    const orgs = await bodyOf(admin.admin.organizations.$get({ query: {} }));
    expect(orgs.organizations[0]).toMatchObject({ status: 'suspended', suspended_reason: 'Invoice 42 is overdue' });

    expect((await reactivate()).status).toBe(200);
    expect((await reactivate()).status).toBe(409);
    expect((await createAssessmentAs()).status).toBe(201);
    expect((await suspend(crypto.randomUUID(), 'Nope nope')).status).toBe(404);
    const audit = await auditLog('organization.');
    expect(audit.items[1]).toMatchObject({
      action: 'organization.suspended',
      before: { status: 'active', suspendedReason: null },
      after: { status: 'suspended', suspendedReason: 'Invoice 42 is overdue' },
    });
  });
});
