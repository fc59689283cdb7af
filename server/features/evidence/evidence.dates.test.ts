// Evidence dates (ADR 019): the effective date (default: the upload day) and the optional expiry are
// stored on declaration, on the multipart way in and by PUT /api/evidence/{id}/dates; `expired` is
// judged against the server's clock of the request (deps.now), in the list and in the sync pull.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { utcDay } from '#domain/dates.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { assessments, auditLog, evidenceFiles, organizations } from '../../db/schema/index.ts';
import { orgWithAssessment, patchChunk, pdfBytes, request, sha256Hex, type EvidenceOrg } from './evidence.fixtures.ts';

const DAY = 86_400_000;
const EXPIRY_BEFORE_EFFECTIVE = 'The expiry date cannot be before the effective date';

describe.each([TEST_DRIVER])('evidence dates (%s)', (driver) => {
  let server: TestServer;
  let dataDir: string;
  let acme: EvidenceOrg;
  /** The server's clock (deps.now): noon UTC of the real day, so no test straddles midnight; some tests move it. */
  let clock: Date;
  const today = () => utcDay(clock);
  const dayOffset = (days: number) => utcDay(new Date(clock.getTime() + days * DAY));

  beforeEach(async () => {
    clock = new Date(`${utcDay(new Date())}T12:00:00Z`);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mvrsp-evidence-dates-'));
    server = await createTestServer(driver, { DATA_DIR: dataDir }, { now: () => clock });
    acme = await orgWithAssessment(server, 'Acme');
  });
  afterEach(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const token = () => acme.user.accessToken;
  const declare = (over: Record<string, unknown>, bytes = pdfBytes(2048), org = acme) =>
    request(server, org.user.accessToken, 'POST', '/api/evidence/uploads', {
      json: { evidenceId: randomUUID(), assessmentId: org.assessmentId, questionId: org.questionId, fileName: 'policy.pdf', mimeType: 'application/pdf', size: bytes.length, sha256: sha256Hex(bytes), ...over },
    });

  /** Declares, sends, completes and attaches a file; returns its view from the attach. */
  async function upload(dates: Record<string, unknown> = {}) {
    const bytes = pdfBytes(2048);
    const evidenceId = randomUUID();
    expect((await declare({ evidenceId, ...dates }, bytes)).status).toBe(201);
    expect((await patchChunk(server, token(), evidenceId, 0, bytes)).status).toBe(200);
    expect((await request(server, token(), 'POST', `/api/evidence/uploads/${evidenceId}/complete`)).status).toBe(200);
    const attached = await request(server, token(), 'POST', `/api/evidence/${evidenceId}/attach`);
    expect(attached.status).toBe(200);
    return attached.json();
  }
  const list = async () => (await request(server, token(), 'GET', `/api/assessments/${acme.assessmentId}/evidence`)).json();
  const putDates = (evidenceId: string, body: unknown, t: string | null = token()) => request(server, t, 'PUT', `/api/evidence/${evidenceId}/dates`, { json: body });

  it('takes effect on the upload day by default and stores the dates given', async () => {
    const plain = await upload();
    expect(plain).toMatchObject({ effective_on: today(), expires_on: null, expired: false });
    const dated = await upload({ effectiveOn: '2025-01-15', expiresOn: dayOffset(30) });
    expect(dated).toMatchObject({ effective_on: '2025-01-15', expires_on: dayOffset(30), expired: false });
    const [row] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, plain.id));
    expect(row).toMatchObject({ effectiveOn: today(), expiresOn: null });
    expect((await list()).map((v: { effective_on: string; expires_on: string | null }) => [v.effective_on, v.expires_on])).toEqual([
      [today(), null],
      ['2025-01-15', dayOffset(30)],
    ]);
  });

  it('refuses impossible dates with a clear 400 and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ effectiveOn: '2026-03-10', expiresOn: '2026-03-09' }, EXPIRY_BEFORE_EFFECTIVE],
      // no effective date: the upload day is the effective date, so an expiry before it is refused too
      [{ expiresOn: dayOffset(-1) }, EXPIRY_BEFORE_EFFECTIVE],
      [{ expiresOn: '2026-13-40' }, 'Expiry date must be a date (YYYY-MM-DD)'],
      [{ effectiveOn: '15/01/2026' }, 'Effective date must be a date (YYYY-MM-DD)'],
      [{ effectiveOn: '1999-12-31' }, 'Effective date must be a date between 2000 and 2199'],
    ];
    for (const [dates, message] of cases) {
      const res = await declare(dates);
      expect(res.status, JSON.stringify(dates)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed', error: message });
    }
    expect(await server.deps.db.select().from(evidenceFiles)).toHaveLength(0);
  });

  it('judges expired with the server clock, in the list and in the sync pull', async () => {
    // Sessions follow the same clock (one hour), so the clock crosses midnight within the hour.
    clock = new Date('2026-03-10T23:30:00Z');
    acme = await orgWithAssessment(server, 'Initech');
    const file = await upload({ effectiveOn: '2025-03-11', expiresOn: '2026-03-10' });
    expect(file).toMatchObject({ expires_on: '2026-03-10', expired: false }); // its last day
    clock = new Date('2026-03-10T23:59:59Z');
    expect((await list())[0]).toMatchObject({ id: file.id, expired: false });
    clock = new Date('2026-03-11T00:15:00Z'); // the day after
    expect((await list())[0]).toMatchObject({ id: file.id, expires_on: '2026-03-10', expired: true });
    const pull = await request(server, token(), 'GET', `/api/sync/pull?assessmentId=${acme.assessmentId}`);
    expect(pull.status).toBe(200);
    expect((await pull.json()).evidence).toEqual([expect.objectContaining({ id: file.id, expired: true })]);
  });

  it('changes the dates of a file with PUT /dates; null goes back to the upload day / no expiry', async () => {
    const file = await upload();
    const res = await putDates(file.id, { effectiveOn: '2025-06-01', expiresOn: dayOffset(-2) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: file.id, effective_on: '2025-06-01', expires_on: dayOffset(-2), expired: true, uploaded_by_name: 'Acme Admin' });
    expect((await list())[0]).toMatchObject({ expired: true });

    const cleared = await putDates(file.id, { effectiveOn: null, expiresOn: null });
    expect(await cleared.json()).toMatchObject({ effective_on: utcDay(new Date(file.created_at)), expires_on: null, expired: false });

    const backwards = await putDates(file.id, { effectiveOn: '2026-05-02', expiresOn: '2026-05-01' });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({ code: 'validation_failed', error: EXPIRY_BEFORE_EFFECTIVE });
    // only an expiry, earlier than the upload day the effective date falls back to
    const beforeUpload = await putDates(file.id, { effectiveOn: null, expiresOn: '2001-01-01' });
    expect(await beforeUpload.json()).toMatchObject({ error: EXPIRY_BEFORE_EFFECTIVE });
    const missing = await putDates(file.id, { effectiveOn: '2026-01-01' });
    expect(missing.status).toBe(400);
    expect((await putDates(file.id, 'not json')).status).toBe(400);
    const [row] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, file.id));
    expect(row).toMatchObject({ effectiveOn: utcDay(new Date(file.created_at)), expiresOn: null });
  });

  it('audits a change of dates with before and after: clearing an expired file\'s expiry leaves a trace', async () => {
    const file = await upload({ effectiveOn: '2025-01-15', expiresOn: dayOffset(-3) });
    expect(file).toMatchObject({ expired: true });
    const audits = () => server.deps.db.select().from(auditLog).where(eq(auditLog.targetId, file.id));

    const cleared = await putDates(file.id, { effectiveOn: '2025-01-15', expiresOn: null });
    expect(await cleared.json()).toMatchObject({ expires_on: null, expired: false });
    const [entry, ...more] = await audits();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorId: acme.user.userId, organizationId: acme.orgId, action: 'evidence.dates', targetType: 'evidence', targetId: file.id });
    expect(JSON.parse(entry!.before!)).toEqual({ effective_on: '2025-01-15', expires_on: dayOffset(-3), expired: true });
    expect(JSON.parse(entry!.after!)).toEqual({ effective_on: '2025-01-15', expires_on: null, expired: false, assessment_id: acme.assessmentId, question_id: acme.questionId, carried_from: null });

    // The same dates again change nothing and add no entry; a refused change adds none either.
    expect((await putDates(file.id, { effectiveOn: '2025-01-15', expiresOn: null })).status).toBe(200);
    expect((await putDates(file.id, { effectiveOn: '2026-05-02', expiresOn: '2026-05-01' })).status).toBe(400);
    expect(await audits()).toHaveLength(1);
    // Another organization's attempt: 404 and no entry.
    const other = await orgWithAssessment(server, 'Globex');
    expect((await putDates(file.id, { effectiveOn: null, expiresOn: dayOffset(-1) }, other.user.accessToken)).status).toBe(404);
    expect(await audits()).toHaveLength(1);
  });

  it('scopes PUT /dates: another organization and unknown ids get 404, a malformed id 400, anonymous 401, a detached file 404', async () => {
    const file = await upload();
    const other = await orgWithAssessment(server, 'Globex');
    const valid = { effectiveOn: '2026-01-01', expiresOn: null };
    expect((await putDates(file.id, valid, other.user.accessToken)).status).toBe(404);
    // the body is not judged for a file that is not the caller's
    expect((await putDates(file.id, { effectiveOn: 'nonsense' }, other.user.accessToken)).status).toBe(404);
    expect((await putDates(randomUUID(), valid)).status).toBe(404);
    expect((await putDates('not-an-id', valid)).status).toBe(400);
    expect((await putDates(file.id, valid, null)).status).toBe(401);
    const [row] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, file.id));
    expect(row?.effectiveOn).toBe(today());

    expect((await request(server, token(), 'DELETE', `/api/evidence/${file.id}`)).status).toBe(200);
    expect((await putDates(file.id, valid)).status).toBe(404);
  });

  it('freezes the dates of a submitted assessment (409) and of a suspended organization', async () => {
    const file = await upload();
    const body = { effectiveOn: '2026-01-01', expiresOn: null };
    await server.deps.db.update(organizations).set({ status: 'suspended', suspendedReason: 'unpaid' }).where(eq(organizations.id, acme.orgId));
    const suspended = await putDates(file.id, body);
    expect(suspended.status).toBe(403);
    expect((await suspended.json()).code).toBe('organization_suspended');
    await server.deps.db.update(organizations).set({ status: 'active', suspendedReason: null }).where(eq(organizations.id, acme.orgId));

    await server.deps.db.update(assessments).set({ status: 'submitted', submittedAt: new Date() }).where(eq(assessments.id, acme.assessmentId));
    const locked = await putDates(file.id, body);
    expect(locked.status).toBe(409);
    expect(await locked.json()).toMatchObject({ code: 'assessment_locked', error: 'This assessment has been submitted and can no longer be changed' });
    const [row] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, file.id));
    expect(row?.effectiveOn).toBe(today());
  });

  it('dates the files of the multipart way in with effectiveOn_N / expiresOn_N, and refuses bad ones', async () => {
    const url = `/api/assessments/${acme.assessmentId}/responses`;
    const form = new FormData();
    form.set('questionId', acme.questionId);
    form.set('answer', 'yes');
    form.set('evidence_0', new File([pdfBytes(1200) as Uint8Array<ArrayBuffer>], 'policy.pdf', { type: 'application/pdf' }));
    form.set('effectiveOn_0', '2025-02-01');
    form.set('expiresOn_0', dayOffset(-1));
    form.set('evidence_1', new File(['a,b\n1,2\n'], 'minutes.csv', { type: 'text/csv' }));
    const res = await server.app.request(url, { method: 'POST', headers: { authorization: `Bearer ${token()}` }, body: form });
    expect(res.status).toBe(200);
    const views = (await res.json()).evidence as { file_name: string; effective_on: string; expires_on: string | null; expired: boolean }[];
    expect(views.map((v) => [v.file_name, v.effective_on, v.expires_on, v.expired])).toEqual([
      ['policy.pdf', '2025-02-01', dayOffset(-1), true],
      ['minutes.csv', today(), null, false],
    ]);

    const bad = new FormData();
    bad.set('questionId', acme.questionId);
    bad.set('answer', 'yes');
    bad.set('evidence_0', new File([pdfBytes(1200) as Uint8Array<ArrayBuffer>], 'later.pdf', { type: 'application/pdf' }));
    bad.set('effectiveOn_0', '2026-05-02');
    bad.set('expiresOn_0', '2026-05-01');
    const refused = await server.app.request(url, { method: 'POST', headers: { authorization: `Bearer ${token()}` }, body: bad });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: EXPIRY_BEFORE_EFFECTIVE });
    expect(await server.deps.db.select().from(evidenceFiles)).toHaveLength(2);
  });
});
