import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type { CertificationsView, CertificationView, VerifyView } from '#domain/contracts/cycles.ts';
import { addMonthsAt } from '#domain/dates.ts';
import {
  canonicalForm,
  certificationStatement,
  ORGANIZATION_NAME_LABEL,
  SELF_CERTIFICATION_NOTICE,
  sha256Hex,
  SUPERSEDED_EXPLAINED,
  type CertificationRecord,
} from '#domain/certification/certification.ts';
import { assessmentQuestions, auditLog, certifications, organizations, questionnaireVersions } from '#server/db/schema/index.ts';
import { RATE_LIMITS } from '#server/lib/rate-limit.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signInUser } from '#tests/setup/auth.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { createOrgAdmin, inviteTokenFor, joinOrganization, removeMember, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { answerAll, createAssessment } from '../assessments/assessments.test-helpers.ts';
import { pdfText } from '../reports/reports.test-helpers.ts';
import { renderCertificatePdf } from './certificate.pdf.ts';

const VERIFY_KEYS: (keyof VerifyView)[] = [
  'organization_name',
  'signed_at',
  'expires_at',
  'total_score',
  'max_score',
  'grade',
  'pass_fail',
  'status',
  'signer_name',
  'signer_title',
  'sha256',
  'format',
  'canonical',
  'version_label',
  'applicability',
  'question_count',
  'payment_verified',
  'identity_verified',
];

/** The messages of an error and its causes (drizzle wraps the driver's error). */
/** The drawn text of each page of an uncompressed pdfkit PDF (one content stream per page). */
function pdfPages(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  return raw
    .split('endstream')
    .map((chunk) => pdfText(Buffer.from(chunk, 'latin1')).replace(/\s+/g, ' '))
    .filter((text) => text.trim() !== '');
}

/** The page objects of a PDF. */
const pageCount = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

function messagesOf(err: unknown): string {
  const out: string[] = [];
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) out.push(String((e as Error).message ?? e));
  return out.join(' | ');
}

describe.each(DB_DRIVERS)('self-certification records (%s)', (driver) => {
  let server: TestServer;
  let clock: Date;
  let admin: Member;
  let member: Member;
  let outsider: Member;

  beforeEach(async () => {
    clock = new Date('2026-02-10T15:00:00.000Z');
    server = await createTestServer(driver, {}, { now: () => clock });
    admin = await createOrgAdmin(server, { organizationName: 'Acme Research', firstName: 'Ada', lastName: 'Admin' });
    member = await joinOrganization(server, admin.organizationId!, { firstName: 'Olive', lastName: 'Official' });
    outsider = await createOrgAdmin(server, { organizationName: 'Other Lab' });
  });
  afterEach(async () => server.close());

  /** Starts, answers (all Yes = Pass, all No = Fail) and submits an assessment of the admin's organization. */
  async function submitted(who: Member, answer: 'yes' | 'no'): Promise<string> {
    clock = new Date(clock.getTime() + 60_000);
    const id = await createAssessment(server, who.accessToken, who.organizationId);
    await answerAll(server, who.accessToken, id, () => answer);
    const res = await server.json('POST', `/api/assessments/${id}/submit`, undefined, who.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.passFail).toBe(answer === 'yes' ? 'Pass' : 'Fail');
    return id;
  }
  const sign = (who: Member, assessmentId: string, extra: Record<string, unknown> = {}) =>
    server.json('POST', '/api/certifications', { assessmentId, signerName: `${who.firstName} ${who.lastName}`, signerTitle: 'Research Security Officer', attest: true, ...extra }, who.accessToken);
  const list = async (who: Member): Promise<CertificationsView> => {
    const res = await server.json('GET', '/api/certifications', undefined, who.accessToken);
    expect(res.status).toBe(200);
    return res.body as CertificationsView;
  };
  const verify = (code: string) => server.json('GET', `/api/verify/${code}`);
  /** The questions the assessment asked (frozen at its start): what format 2 records as question_count. */
  const askedIn = async (assessmentId: string) => {
    const [row] = await server.deps.db.select({ n: count() }).from(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, assessmentId));
    const n = Number(row?.n ?? 0);
    expect(n).toBeGreaterThan(0);
    return n;
  };
  const designate = (userId: string | null, who: Member = admin) => server.json('PUT', '/api/organization/certifying-official', { userId }, who.accessToken);

  it('signs the latest passed assessment: the statement as shown, 12 months of validity, the SHA-256 of the canonical text', async () => {
    const assessmentId = await submitted(admin, 'yes');
    const before = await list(admin);
    expect(before.certifications).toEqual([]);
    expect(before.can_sign).toBe(true);
    expect(before.eligible?.assessment_id).toBe(assessmentId);
    expect(before.ineligible).toBeNull();
    const shown = (before.eligible as { statement?: string } | null)?.statement;

    const res = await sign(admin, assessmentId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const view = res.body as CertificationView;
    const [version] = await server.deps.db.select().from(questionnaireVersions);
    expect(view).toMatchObject({
      assessment_id: assessmentId,
      signer_name: 'Ada Admin',
      signer_title: 'Research Security Officer',
      statement: certificationStatement('Acme Research', version!.label),
      signed_at: clock.toISOString(),
      expires_at: addMonthsAt(clock, 12).toISOString(),
      pass_fail: 'Pass',
      grade: 'A',
      total_score: 140,
      version_label: version!.label,
      supersedes_id: null,
      status: 'current',
    });
    expect(view.statement).toContain('it is not a certification by any federal agency');
    expect(view.statement).toBe(shown);
    expect(view.verify_code).toMatch(/^[A-Z2-7]{20}$/);

    const [row] = await server.deps.db.select().from(certifications).where(eq(certifications.id, view.id));
    const record: CertificationRecord = {
      id: row!.id,
      verifyCode: row!.verifyCode,
      organizationId: admin.organizationId!,
      organizationName: 'Acme Research',
      assessmentId,
      signerUserId: admin.userId,
      signerName: row!.signerName,
      signerTitle: row!.signerTitle,
      statement: row!.statement,
      signedAt: row!.signedAt,
      expiresAt: row!.expiresAt,
      totalScore: row!.totalScore,
      maxScore: 140,
      grade: row!.grade,
      passFail: row!.passFail,
      versionId: row!.versionId,
      versionLabel: row!.versionLabel,
      applicability: row!.applicability,
      supersedesId: null,
      questionCount: await askedIn(assessmentId),
      paymentVerified: false,
      identityVerified: false,
    };
    expect(row!.canonical).toBe(canonicalForm(record));
    expect(JSON.parse(row!.canonical)).toMatchObject({ signer_user_id: admin.userId, signer_name: 'Ada Admin' });
    expect(view.sha256).toBe(await sha256Hex(row!.canonical));
    expect(row!.signerUserId).toBe(admin.userId);

    const after = await list(admin);
    expect(after.certifications).toEqual([view]);
    const audits = await server.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, admin.organizationId!), eq(auditLog.action, 'certification.signed')));
    expect(audits).toHaveLength(1);
  });

  it('refuses a failed assessment, an older one, one still in progress, and another organization’s (404)', async () => {
    expect((await list(admin)).latest_pass_fail).toBeNull();
    expect((await list(admin)).ineligible).toBe('none_submitted');
    const failed = await submitted(admin, 'no');
    expect((await list(admin)).eligible).toBeNull();
    expect((await list(admin)).latest_pass_fail).toBe('Fail');
    expect((await list(admin)).ineligible).toBe('not_passed');
    const refused = await sign(admin, failed);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Only an assessment that passed can be certified');

    const older = await submitted(admin, 'yes');
    await submitted(admin, 'yes');
    const stale = await sign(admin, older);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('Only the organization’s latest submitted assessment can be certified');

    const open = await createAssessment(server, admin.accessToken, admin.organizationId);
    expect((await sign(admin, open)).status).toBe(409);

    const theirs = await submitted(outsider, 'yes');
    const cross = await sign(admin, theirs);
    expect(cross.status).toBe(404);
    expect((await sign(outsider, older)).status).toBe(404);
    expect((await server.json('GET', '/api/certifications', undefined, outsider.accessToken)).body.certifications).toEqual([]);
    expect(await server.deps.db.select().from(certifications)).toEqual([]);
  });

  it('lets only org_admins and the designated certifying official sign; the official must be an active member', async () => {
    const assessmentId = await submitted(admin, 'yes');
    expect((await list(member)).can_sign).toBe(false);
    const notYet = await sign(member, assessmentId);
    expect(notYet.status).toBe(403);
    expect(notYet.body.error).toBe('Only organization admins or the designated certifying official can sign a self-certification');

    expect((await designate(member.userId, member)).status).toBe(403);
    const foreign = await designate(outsider.userId);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('The certifying official must be an active member of your organization');
    expect((await designate('00000000-0000-4000-8000-000000000000')).status).toBe(400);
    expect((await designate('not-a-uuid')).status).toBe(400);

    const ok = await designate(member.userId);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.certifying_official).toEqual({ id: member.userId, name: 'Olive Official' });
    const view = await list(member);
    expect(view.can_sign).toBe(true);
    expect(view.certifying_official).toEqual({ id: member.userId, name: 'Olive Official' });
    const signed = await sign(member, assessmentId);
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body.signer_name).toBe('Olive Official');

    // Removed from the organization: the designation ends (audited), and a re-invitation does not bring it back.
    await removeMember(server, admin, member.userId);
    expect((await list(admin)).certifying_official).toBeNull();
    const [org] = await server.deps.db.select().from(organizations).where(eq(organizations.id, admin.organizationId!));
    expect(org!.certifyingOfficialId).toBeNull();
    const audits = await server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'organization.certifying_official'));
    expect(audits.map((a) => [a.actorId, JSON.parse(a.before!), JSON.parse(a.after!)])).toEqual([
      [admin.userId, { certifying_official_id: null }, { certifying_official_id: member.userId }],
      [admin.userId, { certifying_official_id: member.userId }, { certifying_official_id: null, reason: 'member.remove' }],
    ]);

    expect((await server.json('POST', '/api/auth/invite', { email: member.email, organizationId: admin.organizationId }, admin.accessToken)).status).toBe(201);
    const session = await signInUser(server, member.email, member.password);
    const accepted = await server.json(
      'POST',
      '/api/auth/accept-invite',
      { token: inviteTokenFor(server, member.email), supabaseUserId: member.userId, firstName: 'Olive', lastName: 'Official' },
      session.accessToken,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const back = { ...member, accessToken: session.accessToken };
    const after = await list(back);
    expect(after.certifying_official).toBeNull();
    expect(after.can_sign).toBe(false);
    expect((await sign(back, assessmentId)).status).toBe(403);
    expect((await designate(null)).body.certifying_official).toBeNull();
  });

  it('a disabled certifying official loses the designation for good: re-enabled, they cannot sign', async () => {
    const assessmentId = await submitted(admin, 'yes');
    expect((await designate(member.userId)).status).toBe(200);
    const sys = await signInSystemAdmin(server);
    expect((await server.json('POST', `/api/admin/users/${member.userId}/disable`, undefined, sys.accessToken)).status).toBe(200);
    expect((await list(admin)).certifying_official).toBeNull();
    const [audit] = await server.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organization.certifying_official'), eq(auditLog.actorId, sys.userId)));
    expect(JSON.parse(audit!.after!)).toEqual({ certifying_official_id: null, reason: 'user.disabled' });

    expect((await server.json('POST', `/api/admin/users/${member.userId}/enable`, undefined, sys.accessToken)).status).toBe(200);
    const session = await signInUser(server, member.email, member.password);
    const back = { ...member, accessToken: session.accessToken };
    expect((await list(back)).can_sign).toBe(false);
    expect((await sign(back, assessmentId)).status).toBe(403);
  });

  it('signs only with the signer’s own account name (any case and spacing); the record stores the account name and who signed', async () => {
    const assessmentId = await submitted(admin, 'yes');
    for (const signerName of ['Jane Doe', 'Jane Doe, President', 'Olive Official', 'Ada', 'Ada Admin Jr']) {
      const res = await sign(admin, assessmentId, { signerName });
      expect(res.status, signerName).toBe(400);
      expect(res.body.error).toBe('Sign with the name on your account: Ada Admin');
    }
    expect(await server.deps.db.select().from(certifications)).toEqual([]);
    // Another organization's assessment is still a 404 whatever name is typed.
    expect((await sign(admin, await submitted(outsider, 'yes'), { signerName: 'Jane Doe' })).status).toBe(404);

    const res = await sign(admin, assessmentId, { signerName: '  ada   ADMIN ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.signer_name).toBe('Ada Admin');
    const [row] = await server.deps.db.select().from(certifications);
    expect(row!.signerUserId).toBe(admin.userId);
    expect(JSON.parse(row!.canonical).signer_user_id).toBe(admin.userId);
  });

  it('a later submitted assessment that fails supersedes a Pass record (chain, verify, PDF); a later Pass does not', async () => {
    const passed = await submitted(admin, 'yes');
    const view = (await sign(admin, passed)).body as CertificationView;
    await submitted(admin, 'yes');
    expect((await list(admin)).certifications[0]!.status).toBe('current');
    expect((await verify(view.verify_code)).body.status).toBe('current');

    await submitted(admin, 'no');
    const after = await list(admin);
    expect(after.certifications.map((c) => [c.id, c.status])).toEqual([[view.id, 'superseded']]);
    expect(after.eligible).toBeNull();
    expect((await verify(view.verify_code)).body.status).toBe('superseded');
    const pdf = await server.app.request(`/api/certifications/${view.id}/certificate.pdf`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(SUPERSEDED_EXPLAINED);
    expect(text).not.toContain('Record expires');

    // Passing again does not revive it; a new signature makes a new current record.
    const again = await submitted(admin, 'yes');
    expect((await verify(view.verify_code)).body.status).toBe('superseded');
    const next = (await sign(admin, again)).body as CertificationView;
    expect((await list(admin)).certifications.map((c) => c.status)).toEqual(['current', 'superseded']);
    expect((await verify(next.verify_code)).body.status).toBe('current');
    expect(Object.keys((await verify(next.verify_code)).body).sort()).toEqual([...VERIFY_KEYS].sort());
  });

  it('signing again supersedes the newest record; the chain keeps both and verify shows each status', async () => {
    const assessmentId = await submitted(admin, 'yes');
    const first = (await sign(admin, assessmentId)).body as CertificationView;
    clock = new Date(clock.getTime() + 60_000);
    const secondRes = await sign(admin, assessmentId, { signerTitle: 'Vice President for Research' });
    expect(secondRes.status).toBe(201);
    const second = secondRes.body as CertificationView;
    expect(second.supersedes_id).toBe(first.id);
    expect(second.verify_code).not.toBe(first.verify_code);

    const chain = (await list(admin)).certifications;
    expect(chain.map((c) => [c.id, c.status])).toEqual([
      [second.id, 'current'],
      [first.id, 'superseded'],
    ]);
    expect(chain[1]).toEqual({ ...first, status: 'superseded' });
    expect((await verify(first.verify_code)).body.status).toBe('superseded');
    expect((await verify(second.verify_code)).body.status).toBe('current');
  });

  it('two signers at once cannot fork the chain', async () => {
    const assessmentId = await submitted(admin, 'yes');
    await designate(member.userId);
    const results = await Promise.all([sign(admin, assessmentId), sign(member, assessmentId)]);
    for (const r of results) expect([201, 409]).toContain(r.status);
    const rows = await server.deps.db.select().from(certifications).where(eq(certifications.organizationId, admin.organizationId!));
    const starts = rows.filter((r) => r.supersedesId === null);
    expect(starts).toHaveLength(1);
    const successors = rows.map((r) => r.supersedesId).filter(Boolean);
    expect(new Set(successors).size).toBe(successors.length);
    expect(rows.length).toBe(results.filter((r) => r.status === 201).length);
  });

  it('no route edits a record; the database refuses UPDATE and DELETE while the organization exists, and deleting the organization still works', async () => {
    const assessmentId = await submitted(admin, 'yes');
    const view = (await sign(admin, assessmentId)).body as CertificationView;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await server.json(method, `/api/certifications/${view.id}`, { signerName: 'Mallory' }, admin.accessToken);
      expect(res.status, method).toBe(404);
    }
    const routes = server.app.routes.filter((r) => r.path.startsWith('/api/certifications') && r.method !== 'ALL').map((r) => r.method);
    expect([...new Set(routes)].sort()).toEqual(['GET', 'POST']);

    const db = server.deps.db;
    const update = await db.execute(sql`update certifications set signer_name = 'Mallory' where id = ${view.id}`).then(() => null, (e: unknown) => e);
    expect(messagesOf(update)).toContain('certification records are immutable');
    const del = await db.execute(sql`delete from certifications where id = ${view.id}`).then(() => null, (e: unknown) => e);
    expect(messagesOf(del)).toContain('certification records are immutable');
    const [still] = await db.select().from(certifications).where(eq(certifications.id, view.id));
    expect(still?.signerName).toBe('Ada Admin');

    await db.delete(organizations).where(eq(organizations.id, admin.organizationId!));
    expect(await db.select().from(certifications).where(eq(certifications.id, view.id))).toEqual([]);
    expect((await verify(view.verify_code)).status).toBe(404);
  });

  it('verify shows exactly the public fields, and the same 404 for an unknown or malformed code', async () => {
    const assessmentId = await submitted(admin, 'yes');
    const view = (await sign(admin, assessmentId)).body as CertificationView;
    const res = await verify(view.verify_code.toLowerCase());
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...VERIFY_KEYS].sort());
    const [row] = await server.deps.db.select().from(certifications).where(eq(certifications.id, view.id));
    expect(res.body).toEqual({
      organization_name: 'Acme Research',
      signed_at: view.signed_at,
      expires_at: view.expires_at,
      total_score: 140,
      max_score: 140,
      grade: 'A',
      pass_fail: 'Pass',
      status: 'current',
      signer_name: 'Ada Admin',
      signer_title: 'Research Security Officer',
      sha256: view.sha256,
      format: 'mvrsp-self-certification/3',
      canonical: row!.canonical,
      version_label: view.version_label,
      applicability: view.applicability,
      question_count: await askedIn(assessmentId),
      payment_verified: false,
      identity_verified: false,
    } satisfies VerifyView);
    // No e-mail and nothing of the answers; the opaque ids are only in the published canonical text.
    const text = JSON.stringify(res.body);
    for (const secret of [admin.email, member.email, 'evidence', 'email']) expect(text).not.toContain(secret);
    // The canonical text holds the signed statement ("the answers given…") and the opaque ids, nothing else does.
    const { canonical, ...rest } = res.body as VerifyView;
    for (const secret of [assessmentId, admin.organizationId!, view.id, 'answer']) expect(JSON.stringify(rest)).not.toContain(secret);
    expect(canonical).toContain(view.id);
    expect(res.headers.get('cache-control')).toContain('no-store');

    for (const code of ['AAAAAAAAAAAAAAAAAAAA', 'nope', 'x'.repeat(300), '%27%20or%201%3D1--']) {
      const miss = await verify(code);
      expect(miss.status, code).toBe(404);
      expect(miss.body).toEqual({ error: 'No certification record has this code', code: 'not_found' });
    }
  });

  it('publishes the canonical text: its SHA-256 is the record’s, it says what was certified, and a verified payment is recorded', async () => {
    const sys = await signInSystemAdmin(server);
    expect((await server.json('POST', `/api/admin/organizations/${admin.organizationId}/subscription`, { paidUntil: '2026-12-31' }, sys.accessToken)).status).toBe(200);
    const assessmentId = await submitted(admin, 'yes');
    const view = (await sign(admin, assessmentId)).body as CertificationView;

    const txt = await server.app.request(`/api/verify/${view.verify_code}/canonical.txt`);
    expect(txt.status).toBe(200);
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const bytes = new Uint8Array(await txt.arrayBuffer());
    // What sha256sum computes: the SHA-256 of the served bytes.
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(view.sha256);
    const served = new TextDecoder().decode(bytes);
    const shown = (await verify(view.verify_code)).body as VerifyView;
    expect(served).toBe(shown.canonical);
    expect(await sha256Hex(shown.canonical)).toBe(shown.sha256);

    const signed = JSON.parse(served) as Record<string, unknown>;
    expect(signed).toMatchObject({
      format: 'mvrsp-self-certification/3',
      applicability: view.applicability,
      version_label: view.version_label,
      question_count: await askedIn(assessmentId),
      payment_verified: true,
      identity_verified: false,
    });
    expect(shown).toMatchObject({ question_count: await askedIn(assessmentId), payment_verified: true, identity_verified: false, applicability: view.applicability, version_label: view.version_label });
    expect(shown.applicability).toMatchObject({ kind: expect.any(String), covered: expect.any(Boolean), agencies: expect.any(Array) });
    for (const secret of [admin.email, member.email, sys.email]) expect(served).not.toContain(secret);

    for (const code of ['AAAAAAAAAAAAAAAAAAAA', 'nope']) {
      const miss = await server.app.request(`/api/verify/${code}/canonical.txt`);
      expect(miss.status, code).toBe(404);
    }
  });

  it('a record signed in canonical format 1 still verifies under its own format', async () => {
    const assessmentId = await submitted(admin, 'yes');
    const [version] = await server.deps.db.select().from(questionnaireVersions);
    const signedAt = new Date(clock.getTime() + 1000);
    const record: CertificationRecord = {
      id: '0b7d3c1e-3f4a-4c55-9d0e-1f2a3b4c5d6e',
      verifyCode: 'ABCDEFGHIJKLMNOPQRST',
      organizationId: admin.organizationId!,
      organizationName: 'Acme Research',
      assessmentId,
      signerUserId: admin.userId,
      signerName: 'Ada Admin',
      signerTitle: 'Research Security Officer',
      statement: certificationStatement('Acme Research', version!.label),
      signedAt,
      expiresAt: addMonthsAt(signedAt, 12),
      totalScore: 140,
      maxScore: 140,
      grade: 'A',
      passFail: 'Pass',
      versionId: version!.id,
      versionLabel: version!.label,
      applicability: { kind: 'ihe', covered: true, agencies: ['nsf'], activities: [] },
      supersedesId: null,
      questionCount: 0,
      paymentVerified: false,
      identityVerified: false,
    };
    // As a record signed before format 2 was stored: its own text and hash, never rewritten.
    const canonical = canonicalForm(record, 'mvrsp-self-certification/1');
    const { organizationId: _o, organizationName: _n, maxScore: _m, questionCount: _q, paymentVerified: _p, identityVerified: _i, ...columns } = record;
    await server.deps.db.insert(certifications).values({ ...columns, organizationId: admin.organizationId!, canonical, sha256: await sha256Hex(canonical) });

    const res = await verify(record.verifyCode);
    expect(res.status).toBe(200);
    const shown = res.body as VerifyView;
    expect(shown).toMatchObject({
      format: 'mvrsp-self-certification/1',
      canonical,
      applicability: record.applicability,
      version_label: version!.label,
      question_count: null,
      payment_verified: null,
      identity_verified: null,
      status: 'current',
    });
    const served = new Uint8Array(await (await server.app.request(`/api/verify/${record.verifyCode}/canonical.txt`)).arrayBuffer());
    expect(createHash('sha256').update(served).digest('hex')).toBe(shown.sha256);
    expect(JSON.parse(new TextDecoder().decode(served))).not.toHaveProperty('question_count');

    // Signing again on top of it writes format 2 and supersedes it.
    const next = (await sign(admin, assessmentId)).body as CertificationView;
    expect(next.supersedes_id).toBe(record.id);
    expect(((await verify(next.verify_code)).body as VerifyView).format).toBe('mvrsp-self-certification/3');
    expect(((await verify(record.verifyCode)).body as VerifyView).status).toBe('superseded');
  });

  it('caps verify lookups per client address, found or not (the public lookup budget)', async () => {
    const from = (address: string, code = 'AAAAAAAAAAAAAAAAAAAA') => server.app.request(`/api/verify/${code}`, {}, { incoming: { socket: { remoteAddress: address } } });
    for (let i = 0; i < RATE_LIMITS.publicLookup.max; i++) expect((await from('203.0.113.9')).status).toBe(404);
    const limited = await from('203.0.113.9');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await from('198.51.100.9')).status).toBe(404);
  });

  it('is expired once 12 months have passed (injected clock), in the chain and on the verify page', async () => {
    const assessmentId = await submitted(admin, 'yes');
    const view = (await sign(admin, assessmentId)).body as CertificationView;
    clock = new Date(Date.parse(view.expires_at));
    expect((await verify(view.verify_code)).body.status).toBe('current');
    clock = new Date(Date.parse(view.expires_at) + 1);
    expect((await verify(view.verify_code)).body.status).toBe('expired');
    // A session from after the expiry (the one from before has expired with the clock).
    const later = await signInUser(server, admin.email, admin.password);
    expect((await list({ ...admin, accessToken: later.accessToken })).certifications[0]!.status).toBe('expired');
  });

  it('the certificate PDF carries the record, its SHA-256, the verify URL and the self-certification notice; 404 for another organization', async () => {
    const assessmentId = await submitted(admin, 'yes');
    const view = (await sign(admin, assessmentId)).body as CertificationView;
    const res = await server.app.request(`/api/certifications/${view.id}/certificate.pdf`, { headers: { authorization: `Bearer ${member.accessToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`mvrsp-self-certification-${view.verify_code}.pdf`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain(view.sha256);
    expect(text).toContain(`${server.deps.env.APP_URL}/verify/${view.verify_code}`);
    expect(text).toContain('Acme Research');
    expect(text).toContain('Ada Admin');
    expect(text).toContain(SELF_CERTIFICATION_NOTICE);
    expect(text).toContain('it is not a certification by any federal agency');
    expect(text).toContain('Self-certification record');
    expect(text).toContain('not a federal certification');
    expect(text).toContain(ORGANIZATION_NAME_LABEL.toUpperCase());
    expect(text).toContain('Record expires');
    expect(text).not.toContain('Valid until');
    const pages = pdfPages(bytes);
    expect(pages).toHaveLength(pageCount(bytes));
    for (const page of pages) expect(page).toContain(SELF_CERTIFICATION_NOTICE);

    const other = await server.app.request(`/api/certifications/${view.id}/certificate.pdf`, { headers: { authorization: `Bearer ${outsider.accessToken}` } });
    expect(other.status).toBe(404);
    expect((await server.app.request('/api/certifications/not-an-id/certificate.pdf', { headers: { authorization: `Bearer ${admin.accessToken}` } })).status).toBe(400);
  });

  it('puts the full notice at the foot of every page of a certificate that runs over several pages', async () => {
    const assessmentId = await submitted(admin, 'yes');
    const view = (await sign(admin, assessmentId)).body as CertificationView;
    const long = { ...view, statement: `${view.statement} `.repeat(30) };
    const bytes = new Uint8Array(await renderCertificatePdf({ record: long, organizationName: 'Acme Research', maxScore: 140, verifyUrl: 'http://localhost/verify/X' }, { compress: false }));
    expect(pageCount(bytes)).toBeGreaterThan(1);
    const pages = pdfPages(bytes);
    expect(pages).toHaveLength(pageCount(bytes));
    for (const page of pages) expect(page).toContain(SELF_CERTIFICATION_NOTICE);
  });

  it('refuses signing and designation while the organization is suspended, and bad input with a 400', async () => {
    const assessmentId = await submitted(admin, 'yes');
    for (const body of [{ attest: false }, { signerName: '   ' }, { signerTitle: 'x'.repeat(201) }, { assessmentId: 'nope' }]) {
      const res = await sign(admin, assessmentId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    await server.deps.db.update(organizations).set({ status: 'suspended', suspendedReason: 'Unpaid' }).where(eq(organizations.id, admin.organizationId!));
    expect((await sign(admin, assessmentId)).body.code).toBe('organization_suspended');
    expect((await designate(member.userId)).body.code).toBe('organization_suspended');
  });
});
