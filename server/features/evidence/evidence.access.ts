// Loading evidence and assessments inside the caller's organization, and the checks every write runs.
// Rows of another organization are reported as 404, exactly like rows that do not exist.
import { and, eq } from 'drizzle-orm';
import { fullName } from '#domain/text.ts';
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import { EVIDENCE_MSG } from '#domain/evidence.ts';
import { utcDay } from '#domain/dates.ts';
import { isExpired } from '#domain/evidence-freshness.ts';
import type { Db } from '../../db/client.ts';
import { assessments, evidenceFiles, profiles } from '../../db/schema/index.ts';
import { assessmentLocked, badRequest, notFound } from '../../lib/app-error.ts';
import { assertWritable } from '../../lib/caller.ts';
import type { Caller } from '../../lib/factory.ts';
import { isAssessmentQuestion } from '../questions/index.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';

/** The caller (always inside an organization here) and where the files live; built from c.var in the routes. */
export interface EvidenceAccess {
  db: Db;
  /** deps.storage: local disk or an S3-compatible bucket (ADR 020). */
  storage: ObjectStore;
  maxMb: number;
  /** EVIDENCE_CLAIM_SECONDS: the lease of a request working on an unfinished upload (evidence.claim.ts). */
  claimSeconds: number;
  now: () => Date;
  caller: Pick<Caller, 'id' | 'organization'> & { organizationId: string };
}

export type EvidenceRow = typeof evidenceFiles.$inferSelect;

const assessmentNotFound = () => notFound('Assessment not found');
export const evidenceNotFound = () => notFound(EVIDENCE_MSG.notFound);

/** The caller's evidence access; someone outside every organization (a system admin) sees nothing. */
export function accessFor(deps: { db: Db; storage: ObjectStore; env: { EVIDENCE_MAX_MB: number; EVIDENCE_CLAIM_SECONDS: number }; now: () => Date }, caller: Caller): EvidenceAccess {
  const { organizationId } = caller;
  if (!organizationId) throw notFound();
  return { db: deps.db, storage: deps.storage, maxMb: deps.env.EVIDENCE_MAX_MB, claimSeconds: deps.env.EVIDENCE_CLAIM_SECONDS, now: deps.now, caller: { ...caller, organizationId } };
}

/** The assessment when it belongs to the caller's organization. */
export async function findAssessment(access: EvidenceAccess, assessmentId: string) {
  const [row] = await access.db
    .select({ id: assessments.id, status: assessments.status })
    .from(assessments)
    .where(and(eq(assessments.id, assessmentId), eq(assessments.organizationId, access.caller.organizationId)));
  if (!row) throw assessmentNotFound();
  return row;
}

/** For writes: the organization is not suspended and the assessment is still in progress. */
export async function assertAssessmentOpen(access: EvidenceAccess, assessmentId: string) {
  assertWritable(access.caller.organization);
  const assessment = await findAssessment(access, assessmentId);
  if (assessment.status !== 'in_progress') throw assessmentLocked();
  return assessment;
}

/** Evidence attaches only to a question asked in the assessment (frozen at start). */
export async function assertQuestionAsked(db: Db, assessmentId: string, questionId: string): Promise<void> {
  if (!(await isAssessmentQuestion(db, assessmentId, questionId))) throw badRequest('This question is not part of the assessment');
}

export async function findEvidence(access: EvidenceAccess, evidenceId: string): Promise<EvidenceRow | undefined> {
  const [row] = await access.db
    .select()
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.id, evidenceId), eq(evidenceFiles.organizationId, access.caller.organizationId)));
  return row;
}

export async function getEvidence(access: EvidenceAccess, evidenceId: string): Promise<EvidenceRow> {
  const row = await findEvidence(access, evidenceId);
  if (!row) throw evidenceNotFound();
  return row;
}

/** The request's calendar day (UTC, domain/evidence-freshness.ts): what `expired` is judged against. */
export const todayOf = (access: Pick<EvidenceAccess, 'now'>): string => utcDay(access.now());

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

export async function viewWithName(db: Db, row: EvidenceRow, today: string): Promise<EvidenceView> {
  if (!row.uploadedBy) return toView(row, today);
  const [p] = await db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, row.uploadedBy));
  return toView(row, today, p ? fullName(p.firstName, p.lastName) : null);
}
