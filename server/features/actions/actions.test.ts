// The corrective action plan across assessments (ADR 019) through the real API: carried into the next
// assessment, closed when answered Yes, overdue, filters, the spreadsheet, assignment notices and
// tenant isolation.
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActionPlanItem, ActionPlanView } from '#domain/contracts/cycles.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { assessmentQuestions, correctiveActions, notifications, responses } from '#server/db/schema/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { loadAssessmentQuestions } from '../questions/index.ts';

const ordinary = QUESTION_BANK.filter((q) => !q.critical);
/** Answered No in the first assessment: X stays No, Y turns Yes, Z is not asked in the second one. */
const [X, Y, Z] = [ordinary[0]!.code, ordinary[1]!.code, ordinary[2]!.code];
const inAYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();

describe.each([TEST_DRIVER])('action plan across assessments (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  let outsider: Member;
  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Acme Research', firstName: 'Ada', lastName: 'Lovelace' });
    member = await joinOrganization(server, admin.organizationId!, { firstName: 'Olive', lastName: 'Owner' });
    outsider = await createOrgAdmin(server, { organizationName: 'Other Lab' });
  });
  afterEach(async () => server.close());

  const pay = async (orgId: string | null) => {
    const sys = await signInSystemAdmin(server);
    expect((await server.json('POST', `/api/admin/organizations/${orgId}/subscription`, { paidUntil: inAYear() }, sys.accessToken)).status).toBe(200);
  };

  /** Creates and submits an assessment of the admin's organization: `answer` per code; `notAsked` codes left out of it. */
  const cycle = async (answer: (code: string) => 'yes' | 'no', notAsked: readonly string[] = []): Promise<{ id: string; submittedAt: string }> => {
    const created = await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId, startFrom: 'blank' }, admin.accessToken);
    expect(created.status).toBe(201);
    const id = created.body.assessmentId as string;
    const db = server.deps.db;
    const asked = await loadAssessmentQuestions({ db }, id);
    for (const q of asked.filter((x) => notAsked.includes(x.code))) {
      await db.delete(assessmentQuestions).where(and(eq(assessmentQuestions.assessmentId, id), eq(assessmentQuestions.questionId, q.id)));
    }
    await db.delete(responses).where(eq(responses.assessmentId, id));
    await db.insert(responses).values(
      asked
        .filter((q) => !notAsked.includes(q.code))
        .map((q) => ({ assessmentId: id, organizationId: admin.organizationId!, questionId: q.id, answer: q.critical ? ('yes' as const) : answer(q.code) })),
    );
    const submitted = await server.json('POST', `/api/assessments/${id}/submit`, undefined, admin.accessToken);
    expect(submitted.status).toBe(200);
    return { id, submittedAt: submitted.body.submittedAt as string };
  };
  const noFor = (codes: readonly string[]) => (code: string) => (codes.includes(code) ? 'no' : 'yes');

  const plan = async (query = '', token = admin.accessToken): Promise<ActionPlanView> => {
    const res = await server.json('GET', `/api/actions${query}`, undefined, token);
    expect(res.status).toBe(200);
    return res.body as ActionPlanView;
  };
  const byCode = (view: ActionPlanView, code: string) => view.items.filter((a) => a.code === code);
  const rowsOf = (code: string) => server.deps.db.select().from(correctiveActions).where(and(eq(correctiveActions.organizationId, admin.organizationId!), eq(correctiveActions.code, code)));
  const patch = (actionId: string, body: unknown, token = admin.accessToken) => server.json('PATCH', `/api/actions/${actionId}`, body, token);

  it('carries an open action into the next assessment while the gap stays No, closes it on Yes, and leaves an unasked one', async () => {
    const first = await cycle(noFor([X, Y, Z]));
    await pay(admin.organizationId);
    const second = await cycle(noFor([X, Y]), [Z]);

    const [x] = await rowsOf(X);
    expect(await rowsOf(X)).toHaveLength(1);
    expect(x).toMatchObject({ assessmentId: first.id, latestAssessmentId: second.id, status: 'open', closedAt: null });
    const [z] = await rowsOf(Z);
    expect(z).toMatchObject({ assessmentId: first.id, latestAssessmentId: first.id, status: 'open' });

    const report = await server.json('GET', `/api/assessments/${second.id}/report`, undefined, admin.accessToken);
    expect(report.status).toBe(200);
    const carried = report.body.correctiveActions.find((a: ActionPlanItem) => a.code === X);
    expect(carried).toMatchObject({ id: x!.id, opened_in: { assessment_id: first.id, submitted_at: first.submittedAt } });
    expect(report.body.correctiveActions.map((a: ActionPlanItem) => a.code)).not.toContain(Z);

    const third = await cycle(noFor([X]), [Z]);
    const [y] = await rowsOf(Y);
    expect(await rowsOf(Y)).toHaveLength(1);
    expect(y).toMatchObject({ status: 'done', closedInAssessmentId: third.id, latestAssessmentId: second.id });
    expect(y!.closedAt?.toISOString()).toBe(third.submittedAt);
    expect(y!.closedNote).toBe(`Closed automatically: answered Yes in the assessment submitted on ${third.submittedAt.slice(0, 10)}`);

    const all = await plan();
    expect(byCode(all, X)).toHaveLength(1);
    expect(byCode(all, Y)[0]).toMatchObject({ status: 'done', closed_note: y!.closedNote, overdue: false });
    expect((await plan('?status=closed')).items.map((a) => a.code)).toEqual([Y]);
    expect((await plan('?status=open')).items.map((a) => a.code).sort()).toEqual([X, Z].sort());
    expect(all.counts).toEqual({ open: 2, overdue: 0, closed: 1 });
    // The first assessment's report still shows the action that closed since, with its note.
    const old = await server.json('GET', `/api/assessments/${first.id}/report`, undefined, admin.accessToken);
    expect(old.body.correctiveActions.find((a: ActionPlanItem) => a.code === Y)).toMatchObject({ status: 'done', closed_note: y!.closedNote });
  });

  it('flags overdue actions and filters by status, owner, domain and overdue', async () => {
    await cycle(noFor([X, Y]));
    await pay(admin.organizationId);
    const [x] = await rowsOf(X);
    await server.deps.db.update(correctiveActions).set({ targetDate: new Date(Date.now() - 24 * 3600 * 1000) }).where(eq(correctiveActions.id, x!.id));
    const overdue = await plan('?overdue=true');
    expect(overdue.items.map((a) => a.code)).toEqual([X]);
    expect(overdue.items[0]!.overdue).toBe(true);
    expect(overdue.counts.overdue).toBe(1);
    expect((await plan('?overdue=false')).items.map((a) => a.code)).toEqual([Y]);

    expect((await patch(x!.id, { ownerId: member.userId, baseVersion: 1 })).status).toBe(200);
    expect((await plan(`?ownerId=${member.userId}`)).items.map((a) => a.code)).toEqual([X]);
    const yDomain = QUESTION_BANK.find((q) => q.code === Y)!.domainId;
    expect((await plan(`?domainId=${yDomain}`)).items.map((a) => a.code)).toContain(Y);
    expect((await plan(`?domainId=nowhere`)).items).toEqual([]);

    for (const bad of ['?status=maybe', '?overdue=yes', '?ownerId=nobody']) {
      const res = await server.json('GET', `/api/actions${bad}`, undefined, admin.accessToken);
      expect(res.status, bad).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('closes on done with the notes or who marked it, reopens, and refuses a stale edit', async () => {
    await cycle(noFor([X, Y]));
    await pay(admin.organizationId);
    const [x] = await rowsOf(X);
    const [y] = await rowsOf(Y);
    const done = await patch(x!.id, { status: 'done', baseVersion: 1 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'done', closed_note: 'Marked done by Ada Lovelace', version: 2, updated_by_name: 'Ada Lovelace' });
    expect(done.body.closed_at).toBeTruthy();
    const reopened = await patch(x!.id, { status: 'open', baseVersion: 2 });
    expect(reopened.body).toMatchObject({ status: 'open', closed_at: null, closed_note: null, version: 3 });
    const withNotes = await patch(y!.id, { status: 'done', notes: 'Policy adopted by the board.', baseVersion: 1 }, member.accessToken);
    expect(withNotes.body).toMatchObject({ closed_note: 'Policy adopted by the board.', updated_by_name: 'Olive Owner' });

    const stale = await patch(x!.id, { notes: 'late', baseVersion: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('edit_conflict');
    expect(stale.body.details.current).toMatchObject({ id: x!.id, version: 3 });
    expect((await patch(x!.id, { ownerId: outsider.userId, baseVersion: 3 })).status).toBe(400);
  });

  it('queues exactly one notice to a new owner, none when assigning oneself', async () => {
    await cycle(noFor([X]));
    await pay(admin.organizationId);
    const [x] = await rowsOf(X);
    expect((await patch(x!.id, { ownerId: member.userId, baseVersion: 1 })).status).toBe(200);
    expect((await patch(x!.id, { status: 'in_progress', baseVersion: 2 })).status).toBe(200);
    expect((await patch(x!.id, { ownerId: member.userId, notes: 'same owner', baseVersion: 3 })).status).toBe(200);
    const sent = await server.deps.db.select().from(notifications).where(eq(notifications.kind, 'action_assigned'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      dedupeKey: `action_assigned:${x!.id}:${member.userId}`,
      recipientId: member.userId,
      recipientEmail: member.email,
      organizationId: admin.organizationId,
      subject: `Corrective action assigned to you: ${X}`,
      status: 'pending',
    });
    expect(sent[0]!.body).toContain(`${server.deps.env.APP_URL}/action-plan`);
    expect(sent[0]!.body).toContain('Ada Lovelace assigned a corrective action to you.');
    expect(sent[0]!.body).toMatch(/Due: \d{4}-\d{2}-\d{2}/);

    // Taking it oneself: no notice.
    expect((await patch(x!.id, { ownerId: admin.userId, baseVersion: 4 })).status).toBe(200);
    expect(await server.deps.db.select().from(notifications).where(eq(notifications.kind, 'action_assigned'))).toHaveLength(1);
  });

  it('sends the owner one notice per action however often it is reassigned, whatever case the id is spelled in', async () => {
    await cycle(noFor([X]));
    await pay(admin.organizationId);
    const [x] = await rowsOf(X);
    let version = 1;
    const assign = async (ownerId: string | null) => {
      const res = await patch(x!.id, { ownerId, baseVersion: version });
      expect(res.status).toBe(200);
      version = res.body.version;
      return res;
    };
    await assign(member.userId);
    await assign(admin.userId);
    await assign(member.userId);
    await assign(null);
    expect((await assign(member.userId.toUpperCase())).body.owner_id).toBe(member.userId);
    await assign(member.userId.toUpperCase()); // already the owner: not a new assignment
    const sent = await server.deps.db.select().from(notifications).where(eq(notifications.kind, 'action_assigned'));
    expect(sent.map((n) => n.dedupeKey)).toEqual([`action_assigned:${x!.id}:${member.userId}`]);
  });

  it('exports the filtered plan as one sheet with the agreed columns', async () => {
    await cycle(noFor([X, Y]));
    await pay(admin.organizationId);
    const [y] = await rowsOf(Y);
    await patch(y!.id, { status: 'done', notes: 'Handled.', baseVersion: 1 });
    const res = await server.app.request('/api/actions.xlsx?status=open', { headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('mvrsp-action-plan-acme-research-');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Corrective actions']);
    const sheet = wb.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(5)).toEqual(['Code', 'Domain', 'Corrective action', 'Priority', 'Owner', 'Target date', 'Status', 'Overdue', 'Opened', 'Closed', 'Note']);
    const codes = Array.from({ length: sheet.rowCount - 5 }, (_, i) => sheet.getRow(6 + i).getCell(1).value);
    expect(codes).toEqual([X]);
    expect(sheet.getRow(6).getCell(7).value).toBe('Open');
    expect(sheet.getRow(6).getCell(9).value).toBeInstanceOf(Date);

    const closed = await server.app.request('/api/actions.xlsx?status=closed', { headers: { authorization: `Bearer ${admin.accessToken}` } });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(await closed.arrayBuffer());
    const row = wb2.worksheets[0]!.getRow(6);
    expect(row.getCell(1).value).toBe(Y);
    expect(row.getCell(10).value).toBeInstanceOf(Date);
    expect(row.getCell(11).value).toBe('Handled.');
  });

  it('keeps each organization to its own actions and holds the plan until payment', async () => {
    await cycle(noFor([X]));
    const gated = await server.json('GET', '/api/actions', undefined, admin.accessToken);
    expect(gated.status).toBe(403);
    expect(gated.body.code).toBe('payment_required');
    expect((await server.app.request('/api/actions.xlsx', { headers: { authorization: `Bearer ${admin.accessToken}` } })).status).toBe(403);
    await pay(admin.organizationId);
    await pay(outsider.organizationId);
    const [x] = await rowsOf(X);
    expect((await plan('', outsider.accessToken)).items).toEqual([]);
    const foreign = await patch(x!.id, { status: 'done', baseVersion: 1 }, outsider.accessToken);
    expect(foreign.status).toBe(404);
    expect((await patch('not-an-id', { status: 'done', baseVersion: 1 })).body.error).toBe('Invalid corrective action id');
    expect((await patch(crypto.randomUUID(), { status: 'done', baseVersion: 1 })).status).toBe(404);
    expect((await server.json('GET', '/api/actions')).status).toBe(401);
    // A team member may manage actions, as on the assessment's report.
    expect((await patch(x!.id, { status: 'in_progress', baseVersion: 1 }, member.accessToken)).status).toBe(200);
  });

  it('edits a carried action opened in an earlier assessment (one update path)', async () => {
    const first = await cycle(noFor([X]));
    await pay(admin.organizationId);
    await cycle(noFor([X]));
    const [x] = await rowsOf(X);
    const res = await server.json('PATCH', `/api/actions/${x!.id}`, { ownerId: member.userId, baseVersion: 1 }, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: x!.id, owner_name: 'Olive Owner', opened_in: { assessment_id: first.id } });
    expect(await server.deps.db.select().from(notifications).where(eq(notifications.kind, 'action_assigned'))).toHaveLength(1);
    expect((await server.json('GET', `/api/actions`, undefined, admin.accessToken)).body.items[0]).toMatchObject({ version: 2, owner_id: member.userId });
  });
});
