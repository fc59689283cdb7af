// Self-certification records (ADR 019): an org_admin or the organization's certifying official
// signs the statement for the latest submitted assessment when it passed. Rows never change (a
// trigger refuses UPDATE and DELETE, migrations/0003_cycles.sql): signing again inserts a record
// that supersedes the newest one, so the chain is kept.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CertificationsView, CertificationView, SignCertificationInput, VerifyView } from '#domain/contracts/cycles.ts';
import {
  canonicalForm,
  certificationEligibility,
  certificationStatement,
  expiryOf,
  INELIGIBLE_MESSAGE,
  laterAssessmentFailed,
  normalizeVerifyCode,
  ORGANIZATION_IDENTITY_VERIFIED,
  readCanonical,
  sha256Hex,
  signerNameMatches,
  signerNameMismatch,
  statusOf,
  verifyCodeFrom,
  VERIFY_CODE_BYTES,
  VERIFY_CODE_LENGTH,
  type CertificationRecord,
  type SubmittedAssessment,
} from '#domain/certification/certification.ts';
import { MAX_SCORE } from '#domain/scoring/policy.ts';
import { fullName } from '#domain/text.ts';
import type { Db } from '../../db/client.ts';
import { assessmentQuestions, assessments, certifications, organizations, profiles, questionnaireVersions } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound, badRequest } from '../../lib/app-error.ts';
import { writeAudit, type DbOrTx } from '../../lib/audit.ts';
import { lastSubmitted } from '../../lib/last-submitted.ts';
import type { Caller } from '../../lib/factory.ts';
import { isPaidAt } from '../actions/index.ts';
import type { ServiceContext, CallerContext } from '../../lib/context.ts';

type CertificationRow = typeof certifications.$inferSelect;

export const CERT_MSG = {
  noOrganization: 'You do not belong to an organization',
  notFound: 'Certification record not found',
  assessmentNotFound: 'Assessment not found',
  signerRole: 'Only organization admins or the designated certifying official can sign a self-certification',
  notLatest: INELIGIBLE_MESSAGE.not_latest,
  notSubmitted: INELIGIBLE_MESSAGE.not_submitted,
  notPassed: INELIGIBLE_MESSAGE.not_passed,
  raced: 'Someone signed at the same time; reload to see the newest record',
  officialNotMember: 'The certifying official must be an active member of your organization',
  noCode: 'No certification record has this code',
} as const;

function ownOrganization(caller: Caller): string {
  if (!caller.organizationId) throw notFound(CERT_MSG.noOrganization);
  return caller.organizationId;
}

const isSigner = (caller: Caller, officialId: string | null) => caller.role === 'org_admin' || (officialId !== null && caller.id === officialId);

/** Who may be (and stay) the certifying official: an active member of the organization. */
const officialWhere = (organizationId: string, userId: string) =>
  and(eq(profiles.id, userId), eq(profiles.organizationId, organizationId), eq(profiles.status, 'active'), inArray(profiles.role, ['org_admin', 'team_member']));

/** What a record's status depends on besides the clock: newer records and later assessments of its organization. */
interface StatusContext {
  /** Ids of records a newer record supersedes. */
  supersededIds: ReadonlySet<string>;
  /** The organization's submitted assessments. */
  submitted: readonly SubmittedAssessment[];
}

async function submittedOf(db: DbOrTx, organizationId: string): Promise<SubmittedAssessment[]> {
  const rows = await db
    .select({ id: assessments.id, submittedAt: assessments.submittedAt, passFail: assessments.passFail })
    .from(assessments)
    .where(and(eq(assessments.organizationId, organizationId), eq(assessments.status, 'submitted'), isNotNull(assessments.submittedAt)));
  return rows.map((r) => ({ id: r.id, submittedAt: r.submittedAt!, passFail: r.passFail }));
}

const statusIn = (row: CertificationRow, ctx: StatusContext, now: Date) => statusOf(row, ctx.supersededIds.has(row.id) || laterAssessmentFailed(row, ctx.submitted), now);

function toView(row: CertificationRow, ctx: StatusContext, now: Date): CertificationView {
  return {
    id: row.id,
    verify_code: row.verifyCode,
    assessment_id: row.assessmentId,
    signer_name: row.signerName,
    signer_title: row.signerTitle,
    statement: row.statement,
    signed_at: row.signedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    total_score: row.totalScore,
    grade: row.grade,
    pass_fail: row.passFail,
    version_id: row.versionId,
    version_label: row.versionLabel,
    applicability: row.applicability ?? null,
    sha256: row.sha256,
    supersedes_id: row.supersedesId,
    status: statusIn(row, ctx, now),
  };
}

/** The organization's records, newest first (a straight chain: each supersedes the one before). */
async function chainOf(db: Db, organizationId: string): Promise<CertificationRow[]> {
  return db.select().from(certifications).where(eq(certifications.organizationId, organizationId)).orderBy(desc(certifications.signedAt), desc(certifications.createdAt));
}

const supersededIn = (rows: CertificationRow[]) => new Set(rows.map((r) => r.supersedesId).filter((id): id is string => id !== null));

/** The active member designated as certifying official (null when none, or no longer an active member). */
async function certifyingOfficial(db: DbOrTx, organizationId: string, officialId: string | null): Promise<{ id: string; name: string } | null> {
  if (!officialId) return null;
  const [p] = await db.select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(officialWhere(organizationId, officialId));
  return p ? { id: p.id, name: fullName(p.firstName, p.lastName) } : null;
}

async function versionLabelOf(db: DbOrTx, versionId: number): Promise<string> {
  const [version] = await db.select({ label: questionnaireVersions.label }).from(questionnaireVersions).where(eq(questionnaireVersions.id, versionId));
  return version?.label ?? String(versionId);
}

export async function listCertifications(ctx: CallerContext): Promise<CertificationsView> {
  const { caller } = ctx;
  const organizationId = ownOrganization(caller);
  const [org] = await ctx.db.select({ name: organizations.name, officialId: organizations.certifyingOfficialId }).from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw notFound(CERT_MSG.noOrganization);
  const official = await certifyingOfficial(ctx.db, organizationId, org.officialId);
  const rows = await chainOf(ctx.db, organizationId);
  const status: StatusContext = { supersededIds: supersededIn(rows), submitted: await submittedOf(ctx.db, organizationId) };
  const now = ctx.now();
  const latest = await lastSubmitted(ctx.db, organizationId);
  const versionLabel = latest ? await versionLabelOf(ctx.db, latest.versionId) : '';
  const { eligible, reason } = certificationEligibility(latest, latest?.id ?? null);
  return {
    certifications: rows.map((r) => toView(r, status, now)),
    certifying_official: official,
    can_sign: isSigner(caller, official?.id ?? null),
    latest_pass_fail: latest?.passFail ?? null,
    eligible: eligible
      ? {
          assessment_id: eligible.id,
          submitted_at: eligible.submittedAt.toISOString(),
          total_score: eligible.totalScore,
          grade: eligible.grade,
          version_label: versionLabel,
          statement: certificationStatement(org.name, versionLabel),
        }
      : null,
    ineligible: reason,
  };
}

/** POST /api/certifications: signs the statement for the latest submitted, passed assessment. */
export async function signCertification(ctx: CallerContext, input: SignCertificationInput): Promise<CertificationView> {
  const { caller } = ctx;
  const organizationId = ownOrganization(caller);
  const row = await ctx.db.transaction(async (tx) => {
    // The organization row is the lock: two signers queue here, so the second sees the first's record.
    const [org] = await tx
      .select({ name: organizations.name, officialId: organizations.certifyingOfficialId, paidUntil: organizations.paidUntil })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    if (!org) throw notFound(CERT_MSG.noOrganization);
    // The designation counts only while the official is an active org_admin or team_member here
    // (removing or disabling them also clears it: accounts and admin features).
    const official = await certifyingOfficial(tx, organizationId, org.officialId);
    if (!isSigner(caller, official?.id ?? null)) throw forbidden(CERT_MSG.signerRole);

    const [assessment] = await tx
      .select()
      .from(assessments)
      .where(and(eq(assessments.id, input.assessmentId), eq(assessments.organizationId, organizationId)));
    if (!assessment) throw notFound(CERT_MSG.assessmentNotFound);
    // The signer signs as themselves: the typed name must be their account name.
    if (!signerNameMatches(input.signerName, caller.firstName, caller.lastName)) throw badRequest(signerNameMismatch(caller.firstName, caller.lastName));
    const latest = await lastSubmitted(tx, organizationId);
    const { eligible: certified, reason } = certificationEligibility(assessment, latest?.id ?? null);
    if (reason) throw conflict(INELIGIBLE_MESSAGE[reason]);
    if (!certified.result) throw conflict(CERT_MSG.notSubmitted);

    const versionLabel = await versionLabelOf(tx, assessment.versionId);
    // The newest record: the one nothing supersedes yet.
    const [head] = await tx
      .select({ id: certifications.id })
      .from(certifications)
      .where(
        and(
          eq(certifications.organizationId, organizationId),
          sql`not exists (select 1 from ${certifications} as newer where newer.supersedes_id = ${certifications.id})`,
        ),
      )
      .orderBy(desc(certifications.signedAt))
      .limit(1);

    const signedAt = ctx.now();
    const [asked] = await tx.select({ n: count() }).from(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, assessment.id));
    const record: CertificationRecord = {
      id: randomUUID(),
      verifyCode: verifyCodeFrom(randomBytes(VERIFY_CODE_BYTES)),
      organizationId,
      organizationName: org.name,
      assessmentId: assessment.id,
      signerUserId: caller.id,
      signerName: fullName(caller.firstName, caller.lastName),
      signerTitle: input.signerTitle,
      statement: certificationStatement(org.name, versionLabel),
      signedAt,
      expiresAt: expiryOf(signedAt),
      totalScore: certified.totalScore,
      maxScore: certified.result.maxScore ?? MAX_SCORE,
      grade: certified.grade,
      passFail: certified.passFail,
      versionId: assessment.versionId,
      versionLabel,
      applicability: assessment.applicability ?? null,
      supersedesId: head?.id ?? null,
      questionCount: Number(asked?.n ?? 0),
      // The report's payment gate, on the signing instant.
      paymentVerified: isPaidAt(org.paidUntil, signedAt),
      identityVerified: ORGANIZATION_IDENTITY_VERIFIED,
    };
    const canonical = canonicalForm(record);
    // The unique indexes (verify code, one successor per record, one chain start per organization)
    // back the lock up: a conflicting insert writes nothing and answers 409.
    const [inserted] = await tx
      .insert(certifications)
      .values({
        id: record.id,
        organizationId,
        assessmentId: record.assessmentId,
        verifyCode: record.verifyCode,
        signerUserId: record.signerUserId,
        signerName: record.signerName,
        signerTitle: record.signerTitle,
        statement: record.statement,
        signedAt: record.signedAt,
        expiresAt: record.expiresAt,
        totalScore: record.totalScore,
        grade: record.grade,
        passFail: record.passFail,
        versionId: record.versionId,
        versionLabel: record.versionLabel,
        applicability: record.applicability,
        canonical,
        sha256: await sha256Hex(canonical),
        supersedesId: record.supersedesId,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw conflict(CERT_MSG.raced);
    await writeAudit(tx, {
      actorId: caller.id,
      organizationId,
      action: 'certification.signed',
      targetType: 'organization',
      targetId: organizationId,
      before: record.supersedesId ? { supersedes_id: record.supersedesId } : null,
      after: { certification_id: inserted.id, assessment_id: inserted.assessmentId, signer_name: inserted.signerName, signer_title: inserted.signerTitle, sha256: inserted.sha256 },
    });
    return inserted;
  });
  // Just signed for the latest submitted assessment, and nothing supersedes it yet.
  return toView(row, { supersededIds: new Set(), submitted: [] }, ctx.now());
}

/** The status context of one record: whether a newer record supersedes it, and its organization's submitted assessments. */
async function statusContextOf(db: Db, row: CertificationRow): Promise<StatusContext> {
  const [newer] = await db.select({ id: certifications.id }).from(certifications).where(eq(certifications.supersedesId, row.id)).limit(1);
  return { supersededIds: newer ? new Set([row.id]) : new Set(), submitted: await submittedOf(db, row.organizationId) };
}

/** One record of the caller's organization (404 for any other id). */
export async function findOwnCertification(ctx: CallerContext, id: string): Promise<{ row: CertificationRow; view: CertificationView; organizationName: string; maxScore: number }> {
  const { caller } = ctx;
  const organizationId = ownOrganization(caller);
  const [row] = await ctx.db
    .select()
    .from(certifications)
    .where(and(eq(certifications.id, id), eq(certifications.organizationId, organizationId)));
  if (!row) throw notFound(CERT_MSG.notFound);
  const view = toView(row, await statusContextOf(ctx.db, row), ctx.now());
  const signed = readCanonical(row.canonical);
  return { row, view, organizationName: signed.organizationName, maxScore: signed.maxScore };
}

/** PUT /api/organization/certifying-official: designate an active member (or nobody). */
export async function setCertifyingOfficial(ctx: CallerContext, userId: string | null): Promise<{ id: string; name: string } | null> {
  const { caller } = ctx;
  const organizationId = ownOrganization(caller);
  return ctx.db.transaction(async (tx) => {
    const [org] = await tx.select({ officialId: organizations.certifyingOfficialId }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
    if (!org) throw notFound(CERT_MSG.noOrganization);
    let official: { id: string; name: string } | null = null;
    if (userId) {
      official = await certifyingOfficial(tx, organizationId, userId);
      if (!official) throw badRequest(CERT_MSG.officialNotMember);
    }
    if (org.officialId !== userId) {
      await tx.update(organizations).set({ certifyingOfficialId: userId, updatedAt: ctx.now() }).where(eq(organizations.id, organizationId));
      await writeAudit(tx, {
        actorId: caller.id,
        organizationId,
        action: 'organization.certifying_official',
        targetType: 'organization',
        targetId: organizationId,
        before: { certifying_official_id: org.officialId },
        after: { certifying_official_id: userId },
      });
    }
    return official;
  });
}

/** The record a verify code names (404 for any code that names none, malformed or not). */
async function recordByCode(ctx: ServiceContext, rawCode: string): Promise<CertificationRow> {
  // A malformed code is looked up like any other (it matches nothing), so every unknown code takes the same path to the same 404.
  const code = normalizeVerifyCode(rawCode) ?? '-'.repeat(VERIFY_CODE_LENGTH);
  const [row] = await ctx.db.select().from(certifications).where(eq(certifications.verifyCode, code));
  if (!row) throw notFound(CERT_MSG.noCode);
  return row;
}

/**
 * GET /api/verify/:code: what anyone may see of a record: what was certified read from the
 * signed canonical text (which is published with it, so anyone can recompute the SHA-256), and
 * the status now. The canonical text holds the record's, organization's, assessment's and
 * signer's ids (opaque; the certificate PDF already shows the assessment id) and no e-mail.
 */
export async function verifyCertification(ctx: ServiceContext, rawCode: string): Promise<VerifyView> {
  const row = await recordByCode(ctx, rawCode);
  const status = await statusContextOf(ctx.db, row);
  const signed = readCanonical(row.canonical);
  return {
    organization_name: signed.organizationName,
    signed_at: row.signedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    total_score: row.totalScore,
    max_score: signed.maxScore,
    grade: row.grade,
    pass_fail: row.passFail,
    status: statusIn(row, status, ctx.now()),
    signer_name: row.signerName,
    signer_title: row.signerTitle,
    sha256: row.sha256,
    format: signed.format,
    canonical: row.canonical,
    version_label: signed.versionLabel,
    applicability: signed.applicability,
    question_count: signed.questionCount,
    payment_verified: signed.paymentVerified,
    identity_verified: signed.identityVerified,
  };
}

/** GET /api/verify/:code/canonical.txt: the exact signed text, whose SHA-256 is the record's. */
export async function canonicalTextOf(ctx: ServiceContext, rawCode: string): Promise<{ canonical: string; verifyCode: string }> {
  const row = await recordByCode(ctx, rawCode);
  return { canonical: row.canonical, verifyCode: row.verifyCode };
}
