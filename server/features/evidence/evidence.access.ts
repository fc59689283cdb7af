// Loading evidence and assessments inside the caller's organization, and the checks every write runs.
// Rows of another organization are reported as 404, exactly like rows that do not exist.
import { and, eq } from 'drizzle-orm';
import type { EvidenceStatus, EvidenceView } from '#domain/contracts/evidence.ts';
import { EVIDENCE_MSG } from '#domain/evidence.ts';
import type { Db } from '../../db/client.ts';
import { assessments, evidenceFiles, profiles, questions } from '../../db/schema/index.ts';
import { assessmentLocked, badRequest, notFound } from '../../lib/app-error.ts';
import { assertWritable } from '../../lib/caller.ts';
import type { CurrentProfile } from '../../lib/factory.ts';
import { evidencePaths, type EvidencePaths } from './evidence.storage.ts';

/** Who is acting and where the files live; built from c.var in the routes. */
export interface EvidenceActor {
  db: Db;
  dataDir: string;
  maxMb: number;
  userId: string;
  orgId: string;
  organization: CurrentProfile['organization'];
  now: () => Date;
}

export type EvidenceRow = typeof evidenceFiles.$inferSelect;

const assessmentNotFound = () => notFound('Assessment not found');
export const evidenceNotFound = () => notFound(EVIDENCE_MSG.notFound);

/** The caller as an evidence actor; someone outside every organization (a system admin) sees nothing. */
export function actorFrom(deps: { db: Db; env: { DATA_DIR: string; EVIDENCE_MAX_MB: number }; now: () => Date }, profile: CurrentProfile): EvidenceActor {
  if (!profile.organizationId) throw notFound();
  return {
    db: deps.db,
    dataDir: deps.env.DATA_DIR,
    maxMb: deps.env.EVIDENCE_MAX_MB,
    userId: profile.id,
    orgId: profile.organizationId,
    organization: profile.organization,
    now: deps.now,
  };
}

/**
 * For the sync push endpoint ('evidence.attach' / 'evidence.detach' mutations): an actor over a
 * transaction, for a caller the push has already authorized (active member, writable organization).
 */
export function syncEvidenceActor(
  tx: Db,
  env: { DATA_DIR: string; EVIDENCE_MAX_MB: number },
  caller: { userId: string; organizationId: string },
): EvidenceActor {
  return {
    db: tx,
    dataDir: env.DATA_DIR,
    maxMb: env.EVIDENCE_MAX_MB,
    userId: caller.userId,
    orgId: caller.organizationId,
    organization: null,
    now: () => new Date(),
  };
}

export const pathsOf = (actor: EvidenceActor, row: EvidenceRow): EvidencePaths => evidencePaths(actor.dataDir, row.storageKey);

/** The assessment when it belongs to the caller's organization. */
export async function findAssessment(actor: EvidenceActor, assessmentId: string) {
  const [row] = await actor.db
    .select({ id: assessments.id, status: assessments.status, versionId: assessments.versionId })
    .from(assessments)
    .where(and(eq(assessments.id, assessmentId), eq(assessments.organizationId, actor.orgId)));
  if (!row) throw assessmentNotFound();
  return row;
}

/** For writes: the organization is not suspended and the assessment is still in progress. */
export async function assertAssessmentOpen(actor: EvidenceActor, assessmentId: string) {
  assertWritable(actor.organization);
  const assessment = await findAssessment(actor, assessmentId);
  if (assessment.status !== 'in_progress') throw assessmentLocked();
  return assessment;
}

export async function assertQuestionInVersion(db: Db, questionId: string, versionId: number): Promise<void> {
  const [q] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.versionId, versionId)));
  if (!q) throw badRequest('This question is not part of the assessment');
}

export async function findEvidence(actor: EvidenceActor, evidenceId: string): Promise<EvidenceRow | undefined> {
  const [row] = await actor.db
    .select()
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.id, evidenceId), eq(evidenceFiles.organizationId, actor.orgId)));
  return row;
}

export async function getEvidence(actor: EvidenceActor, evidenceId: string): Promise<EvidenceRow> {
  const row = await findEvidence(actor, evidenceId);
  if (!row) throw evidenceNotFound();
  return row;
}

export function toView(row: EvidenceRow, uploaderName: string | null = null): EvidenceView {
  return {
    id: row.id,
    assessment_id: row.assessmentId,
    question_id: row.questionId,
    file_name: row.fileName,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    status: row.status as EvidenceStatus,
    uploaded_by: row.uploadedBy,
    uploaded_by_name: uploaderName,
    created_at: row.createdAt.toISOString(),
  };
}

export async function viewWithName(db: Db, row: EvidenceRow): Promise<EvidenceView> {
  if (!row.uploadedBy) return toView(row);
  const [p] = await db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, row.uploadedBy));
  return toView(row, p ? `${p.firstName} ${p.lastName}`.trim() : null);
}
