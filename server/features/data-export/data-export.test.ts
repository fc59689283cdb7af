// GET /api/organization/export against the real app, database and disk evidence store: two
// organizations that both have evidence, answers, actions and certifications; each org_admin's zip
// holds all of its own organization's data, with a manifest whose hashes match, and nothing of the other's.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, evidenceFiles } from '#server/db/schema/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, refusalOf } from '#tests/setup/api-client.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { PAYMENT_REQUIRED_MESSAGE } from '../actions/index.ts';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import { downloadExport, filledOrganization, sha256, type ExportedZip, type FilledOrg } from './data-export.test-helpers.ts';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from './index.ts';

describe.each([TEST_DRIVER])('organization export (%s)', (driver) => {
  let server: TestServer;
  let dataDir: string;
  let a: FilledOrg;
  let b: FilledOrg;
  let zipA: ExportedZip;
  let zipB: ExportedZip;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mvrsp-export-'));
    server = await createTestServer(driver, { DATA_DIR: dataDir });
    a = await filledOrganization(server, 'Alphaexport Research Institute', { paid: true, emailTag: 'alphax' });
    b = await filledOrganization(server, 'Betaexport College', { paid: false, emailTag: 'betax' });
    zipA = await downloadExport(server, a.admin.accessToken);
    zipB = await downloadExport(server, b.admin.accessToken);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Every entry's bytes as latin1 text (report PDFs are uncompressed in tests, so their text is searchable). */
  const allText = async (z: ExportedZip) => (await Promise.all(z.names.map(async (n) => `${n}\n${Buffer.from(await z.bytes(n)).toString('latin1')}`))).join('\n');

  it('answers a zip download named after the organization', () => {
    expect(zipA.headers.get('content-type')).toBe('application/zip');
    expect(zipA.headers.get('content-disposition')).toMatch(/^attachment; filename="mvrsp-export-alphaexport-research-institute-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(zipA.headers.get('cache-control')).toBe('private, no-store');
  });

  it('has a manifest that lists every other entry with its size and SHA-256', async () => {
    const manifest = await zipA.json('manifest.json');
    expect(manifest).toMatchObject({
      format: EXPORT_FORMAT,
      format_version: EXPORT_FORMAT_VERSION,
      organization: { id: a.orgId, name: a.name },
      exported_by: { id: a.admin.userId, email: a.admin.email },
      withheld: [],
      missing: [],
    });
    expect(Date.parse(manifest.exported_at)).not.toBeNaN();
    const listed = (manifest.files as { path: string; bytes: number; sha256: string }[]).map((f) => f.path).sort();
    expect(listed).toEqual(zipA.names.filter((n) => n !== 'manifest.json').sort());
    for (const f of manifest.files as { path: string; bytes: number; sha256: string }[]) {
      const bytes = await zipA.bytes(f.path);
      expect(bytes.length, f.path).toBe(f.bytes);
      expect(sha256(bytes), f.path).toBe(f.sha256);
    }
    expect(manifest.counts).toMatchObject({ assessments: 1, members: 2, certifications: 1, evidence_files: 1, corrective_actions: 1, report_files: 3 });
    expect(manifest.counts.answers).toBeGreaterThan(10);
    expect(manifest.counts.answer_history).toBeGreaterThanOrEqual(manifest.counts.answers);
  });

  it('holds the answers with their history, the evidence bytes under a safe path, the plan and the certification', async () => {
    const dir = `assessments/${a.assessmentId}`;
    const run = await zipA.json(`${dir}/assessment.json`);
    expect(run).toMatchObject({ id: a.assessmentId, organization_id: a.orgId, status: 'submitted', pass_fail: 'Pass' });
    const answers = await zipA.json<{ answer: string; question_code: string }[]>(`${dir}/answers.json`);
    expect(answers.filter((x) => x.answer === 'no')).toHaveLength(1);
    expect(answers.every((x) => typeof x.question_code === 'string')).toBe(true);
    const history = await zipA.json<{ answer: string; version: number }[]>(`${dir}/answer-history.json`);
    expect(history.length).toBe(answers.length);

    const evidence = await zipA.json<{ id: string; file_name: string; export_path: string; sha256: string }[]>(`${dir}/evidence.json`);
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({ id: a.evidenceId, file_name: a.evidenceName, sha256: sha256(a.evidenceBytes) });
    expect(evidence[0]).not.toHaveProperty('storage_key');
    const exportPath = evidence[0]!.export_path;
    expect(exportPath).toMatch(new RegExp(`^evidence/${a.assessmentId}/${a.evidenceId}-[A-Za-z0-9._-]+\\.pdf$`));
    expect(a.evidenceName).toMatch(/[ :"<>]/);
    expect(Buffer.from(await zipA.bytes(exportPath)).equals(Buffer.from(a.evidenceBytes))).toBe(true);
    for (const name of zipA.names) expect(name.split('/')).not.toContain('..');

    const actions = await zipA.json<{ status: string; question_code: string }[]>('action-plan/actions.json');
    expect(actions).toHaveLength(1);
    expect(zipA.names.some((n) => /^action-plan\/mvrsp-action-plan-.*\.xlsx$/.test(n))).toBe(true);

    const certs = await zipA.json<{ id: string; canonical: string; sha256: string }[]>('certifications/certifications.json');
    expect(certs).toHaveLength(1);
    expect(certs[0]!.id).toBe(a.certificationId);
    expect(sha256(new TextEncoder().encode(certs[0]!.canonical))).toBe(certs[0]!.sha256);
    const pdfs = zipA.names.filter((n) => /^certifications\/.*\.pdf$/.test(n));
    expect(pdfs).toHaveLength(1);
    expect(Buffer.from(await zipA.bytes(pdfs[0]!)).subarray(0, 5).toString()).toBe('%PDF-');

    const reports = zipA.names.filter((n) => n.startsWith(`reports/${a.assessmentId}/`)).map((n) => path.extname(n)).sort();
    expect(reports).toEqual(['.docx', '.pdf', '.xlsx']);

    const org = await zipA.json('organization.json');
    expect(org).toMatchObject({ id: a.orgId, name: a.name });
    expect(org).not.toHaveProperty('join_key');
    const members = await zipA.json<{ email: string }[]>('members.json');
    expect(members.map((m) => m.email).sort()).toEqual([a.admin.email, a.member.email].sort());
  });

  it('has a README.txt that explains the layout and lists each assessment with its folder', async () => {
    const text = Buffer.from(await zipA.bytes('README.txt')).toString('utf8');
    expect(text).toContain(a.name);
    for (const entry of ['manifest.json', 'answers.csv', 'evidence/<id>/', 'action-plan/', 'certifications/', 'reports/<id>/']) expect(text).toContain(entry);
    const run = await zipA.json<{ started_at: string; submitted_at: string; total_score: number; grade: string }>(`assessments/${a.assessmentId}/assessment.json`);
    expect(text).toContain(
      `- Started ${run.started_at.slice(0, 10)}, submitted ${run.submitted_at.slice(0, 10)}, status submitted, score ${run.total_score}, grade ${run.grade} (Pass)\n  folder assessments/${a.assessmentId}/`,
    );
  });

  it('has answers.csv per assessment: one row per question asked, with domain, answer, origin and who saved it', async () => {
    const dir = `assessments/${a.assessmentId}`;
    const csv = Buffer.from(await zipA.bytes(`${dir}/answers.csv`)).toString('utf8');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe('question_code,domain,question_text,answer,origin,updated_at,updated_by');
    const asked = await zipA.json<{ code: string; question_text: string }[]>(`${dir}/questions.json`);
    const answers = await zipA.json<{ question_code: string; answer: string; updated_by: string }[]>(`${dir}/answers.json`);
    // Question texts can hold commas and quotes; every row still starts with its code, in questions.json order.
    expect(rows.map((r) => r.split(',')[0])).toEqual(asked.map((q) => q.code));
    const gap = answers.find((x) => x.answer === 'no')!;
    const gapRow = rows.find((r) => r.startsWith(`${gap.question_code},`))!;
    expect(gapRow).toMatch(new RegExp(`,no,answered,\\d{4}-\\d{2}-\\d{2}T[^,]+Z,${a.admin.email.replace(/[.+]/g, '\\$&')}$`));
    expect(gapRow.split(',')[1]).not.toBe('');
  });

  it('withholds the reports and the plan spreadsheet until payment is verified, and says why', async () => {
    const manifest = await zipB.json('manifest.json');
    expect(manifest.withheld).toEqual(
      expect.arrayContaining([
        {
          assessment_id: b.assessmentId,
          files: [
            expect.stringMatching(new RegExp(`^reports/${b.assessmentId}/mvrsp-report-betaexport-college-[0-9a-f]{8}\\.pdf$`)),
            expect.stringMatching(new RegExp(`^reports/${b.assessmentId}/mvrsp-report-betaexport-college-[0-9a-f]{8}\\.docx$`)),
            expect.stringMatching(new RegExp(`^reports/${b.assessmentId}/mvrsp-corrective-actions-betaexport-college-[0-9a-f]{8}\\.xlsx$`)),
          ],
          reason: PAYMENT_REQUIRED_MESSAGE,
        },
        { assessment_id: null, files: [expect.stringMatching(/^action-plan\/.*\.xlsx$/)], reason: PAYMENT_REQUIRED_MESSAGE },
      ]),
    );
    expect(zipB.names.filter((n) => n.startsWith('reports/') || n.endsWith('.xlsx'))).toEqual([]);
    // The organization's own records are not withheld.
    expect(await zipB.json('action-plan/actions.json')).toHaveLength(1);
    const [listed] = await zipB.json<{ export_path: string }[]>(`assessments/${b.assessmentId}/evidence.json`);
    expect(Buffer.from(await zipB.bytes(listed!.export_path)).equals(Buffer.from(b.evidenceBytes))).toBe(true);
  });

  it('leaves the target dates out of an unpaid organization\'s actions, as GET /api/actions and /api/deadlines do (ADR 012)', async () => {
    const paid = await zipA.json<Record<string, unknown>[]>('action-plan/actions.json');
    expect(paid[0]!.target_date).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    const unpaid = await zipB.json<Record<string, unknown>[]>('action-plan/actions.json');
    expect(unpaid).toHaveLength(1);
    expect(unpaid[0]).not.toHaveProperty('target_date');
    expect(unpaid[0]).toMatchObject({ id: expect.any(String), question_code: expect.any(String), status: 'open' });
    // The same gate as the deadlines panel: no action deadline for B, one for A.
    const deadlines = await (await apiClient(server, b.admin.accessToken).deadlines.$get()).json();
    expect(deadlines.filter((d) => d.kind === 'action')).toEqual([]);
    // The manifest says what was left out and why.
    expect((await zipB.json('manifest.json')).withheld_fields).toEqual([{ file: 'action-plan/actions.json', fields: ['target_date'], reason: PAYMENT_REQUIRED_MESSAGE }]);
    expect((await zipA.json('manifest.json')).withheld_fields).toEqual([]);
  });

  it("never contains the other organization's data", async () => {
    const textA = await allText(zipA);
    for (const secret of [b.orgId, b.name, b.admin.email, b.member.email, b.assessmentId, b.evidenceId, b.certificationId, sha256(b.evidenceBytes)]) {
      expect(textA, `A's export contains ${secret}`).not.toContain(secret);
    }
    const textB = await allText(zipB);
    for (const secret of [a.orgId, a.name, a.admin.email, a.member.email, a.assessmentId, a.evidenceId, a.certificationId, sha256(a.evidenceBytes)]) {
      expect(textB, `B's export contains ${secret}`).not.toContain(secret);
    }
  });

  it('is for org_admins only and is recorded in the audit log', async () => {
    const res = await refusalOf(apiClient(server, a.member.accessToken).organization.export.$post(), 403);
    expect(res.error).toEqual(expect.any(String));
    const audited = await server.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organization.exported'), eq(auditLog.targetId, a.orgId)));
    expect(audited.length).toBeGreaterThanOrEqual(1);
    expect(audited[0]!.actorId).toBe(a.admin.userId);
  });

  it('lists evidence whose stored bytes are gone as missing instead of failing the export', async () => {
    const [row] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, a.evidenceId));
    const bytes = a.evidenceBytes;
    await server.deps.storage.delete(row!.storageKey);
    try {
      const z = await downloadExport(server, a.admin.accessToken);
      const manifest = await z.json('manifest.json');
      expect(manifest.missing).toEqual([{ evidence_id: a.evidenceId, assessment_id: a.assessmentId, file_name: a.evidenceName, reason: expect.any(String) }]);
      expect(z.names.filter((n) => n.startsWith('evidence/'))).toEqual([]);
      const listed = await z.json<{ export_path: string | null }[]>(`assessments/${a.assessmentId}/evidence.json`);
      expect(listed[0]!.export_path).toBeNull();
    } finally {
      await server.deps.storage.put(row!.storageKey, bytes, 'application/pdf');
    }
  });

  it(`spends the export budget (${RATE_LIMITS.export.max} an hour per org_admin)`, async () => {
    // B's admin has exported once already.
    for (let i = 1; i < RATE_LIMITS.export.max; i++) await downloadExport(server, b.admin.accessToken);
    const res = await apiClient(server, b.admin.accessToken).organization.export.$post();
    const refused = await refusalOf(res, 429);
    // An hour's budget is told in minutes; Retry-After stays in seconds.
    expect(refused.error).toMatch(/^Too many requests\. Please try again in (59|60) minutes\.$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3500);
  });
});
