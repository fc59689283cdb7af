// Loading evidence and assessments inside the caller's organization, and the checks every write runs.
// Rows of another organization are reported as 404, exactly like rows that do not exist.
import { and, eq } from 'drizzle-orm';
import { fullName } from '#domain/text.ts';
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import { EVIDENCE_MSG } from '#domain/evidence.ts';
import { utcDay } from '#domain/dates.ts';
import { isExpired } from '#domain/evidence-freshness.ts';
import { assessments, evidenceFiles, profiles } from '../../db/schema/index.ts';
import { assessmentLocked, badRequest, notFound } from '../../lib/app-error.ts';
import { assertWritable } from '../../lib/caller.ts';
import type { Env } from '../../env.ts';
import type { OrgCaller, OrgContext, ServiceContext } from '../../lib/context.ts';
import { isAssessmentQuestion } from '../questions/index.ts';

/**
 * What evidence services use of the request's context (server/lib/context.ts, ADR 036): any
 * ServiceContext narrowed by orgContext(ctx) fits. EVIDENCE_CLAIM_SECONDS is the lease of a request
 * working on an unfinished upload (evidence.claim.ts); storage is local disk or an S3-compatible
 * bucket (ADR 020).
 */
export type EvidenceContext = Pick<OrgContext, 'db' | 'storage' | 'now'> & {
  env: Pick<Env, 'EVIDENCE_MAX_MB' | 'EVIDENCE_CLAIM_SECONDS'>;
  caller: Pick<OrgCaller, 'id' | 'organization' | 'organizationId'>;
};

export type EvidenceRow = typeof evidenceFiles.$inferSelect;

const assessmentNotFound = () => notFound('Assessment not found');
export const evidenceNotFound = () => notFound(EVIDENCE_MSG.notFound);

/** The assessment when it belongs to the caller's organization. */
export async function findAssessment(ctx: EvidenceContext, assessmentId: string) {
  const [row] = await ctx.db
    .select({ id: assessments.id, status: assessments.status })
    .from(assessments)
    .where(and(eq(assessments.id, assessmentId), eq(assessments.organizationId, ctx.caller.organizationId)));
  if (!row) throw assessmentNotFound();
  return row;
}

/** For writes: the organization is not suspended and the assessment is still in progress. */
export async function assertAssessmentOpen(ctx: EvidenceContext, assessmentId: string) {
  assertWritable(ctx.caller.organization);
  const assessment = await findAssessment(ctx, assessmentId);
  if (assessment.status !== 'in_progress') throw assessmentLocked();
  return assessment;
}

/** Evidence attaches only to a question asked in the assessment (frozen at start). */
export async function assertQuestionAsked(ctx: Pick<ServiceContext, 'db'>, assessmentId: string, questionId: string): Promise<void> {
  if (!(await isAssessmentQuestion(ctx, assessmentId, questionId))) throw badRequest('This question is not part of the assessment');
}

export async function findEvidence(ctx: EvidenceContext, evidenceId: string): Promise<EvidenceRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.id, evidenceId), eq(evidenceFiles.organizationId, ctx.caller.organizationId)));
  return row;
}

export async function getEvidence(ctx: EvidenceContext, evidenceId: string): Promise<EvidenceRow> {
  const row = await findEvidence(ctx, evidenceId);
  if (!row) throw evidenceNotFound();
  return row;
}

/** The request's calendar day (UTC, domain/evidence-freshness.ts): what `expired` is judged against. */
export const todayOf = (ctx: Pick<EvidenceContext, 'now'>): string => utcDay(ctx.now());

/** The public shape of a row; `today` (YYYY-MM-DD, the request's clock) decides `expired`. */
export function toView(row: EvidenceRow, today: string, uploaderName: string | null = null): EvidenceView {
  return {
    id: row.id,
    assessment_id: row.assessmentId,
    question_id: row.questionId,
    file_name: row.fileName,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    status: row.status,
    uploaded_by: row.uploadedBy,
    uploaded_by_name: uploaderName,
    created_at: row.createdAt.toISOString(),
    effective_on: row.effectiveOn ?? utcDay(row.createdAt),
    expires_on: row.expiresOn ?? null,
    expired: isExpired(row.expiresOn, today),
    carried_from: row.carriedFrom ?? null,
  };
}

export async function viewWithName(ctx: Pick<ServiceContext, 'db'>, row: EvidenceRow, today: string): Promise<EvidenceView> {
  if (!row.uploadedBy) return toView(row, today);
  const [p] = await ctx.db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, row.uploadedBy));
  return toView(row, today, p ? fullName(p.firstName, p.lastName) : null);
}
