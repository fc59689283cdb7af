// Attaching, detaching, listing and downloading evidence files (the routes in evidence.routes.ts).
// Attach and detach are idempotent per evidenceId: a replayed request is a no-op.
import { and, asc, eq, ne } from 'drizzle-orm';
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import { EVIDENCE_MSG } from '#domain/evidence.ts';
import type { Db } from '../../db/client.ts';
import { evidenceFiles, profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  assertAssessmentOpen,
  evidenceNotFound,
  findAssessment,
  getEvidence,
  pathsOf,
  todayOf,
  toView,
  viewWithName,
  type EvidenceAccess,
  type EvidenceRow,
} from './evidence.access.ts';
import { releaseStoredBytes } from './evidence.release.ts';
import { fileSize, openDownload } from './evidence.storage.ts';

/** Links a `complete` upload to its question; attaching an attached file again is a no-op. */
export async function attachEvidence(access: EvidenceAccess, evidenceId: string): Promise<EvidenceView> {
  const row = await getEvidence(access, evidenceId);
  if (row.status === 'detached') throw new AppError(409, 'conflict', EVIDENCE_MSG.detached);
  if (row.status === 'attached') return viewWithName(access.db, row, todayOf(access));
  if (row.status !== 'complete') throw new AppError(409, 'conflict', EVIDENCE_MSG.notComplete, { offset: row.bytesReceived });
  await assertAssessmentOpen(access, row.assessmentId);
  const [updated] = await access.db
    .update(evidenceFiles)
    .set({ status: 'attached' })
    .where(and(eq(evidenceFiles.id, evidenceId), eq(evidenceFiles.status, 'complete')))
    .returning();
  return viewWithName(access.db, updated ?? (await getEvidence(access, evidenceId)), todayOf(access));
}

/**
 * Removes a file from its question and deletes its bytes unless a carried copy (or the file it was
 * carried from) still references them; detaching twice is a no-op.
 */
export async function detachEvidence(access: EvidenceAccess, evidenceId: string): Promise<EvidenceView> {
  const row = await getEvidence(access, evidenceId);
  if (row.status === 'detached') return toView(row, todayOf(access));
  await assertAssessmentOpen(access, row.assessmentId);
  const [updated] = await access.db
    .update(evidenceFiles)
    .set({ status: 'detached', bytesReceived: 0 })
    .where(eq(evidenceFiles.id, evidenceId))
    .returning();
  await releaseStoredBytes(access.db, row, pathsOf(access, row));
  return toView(updated ?? row, todayOf(access));
}

/**
 * Every file of an assessment except detached ones, oldest first (the assessment's organization
 * already checked); `today` (YYYY-MM-DD, the request's clock) decides which are expired.
 */
export async function listEvidenceViews(db: Db, assessmentId: string, organizationId: string, today: string): Promise<EvidenceView[]> {
  const rows = await db
    .select({ e: evidenceFiles, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(evidenceFiles)
    .leftJoin(profiles, eq(profiles.id, evidenceFiles.uploadedBy))
    .where(and(eq(evidenceFiles.assessmentId, assessmentId), eq(evidenceFiles.organizationId, organizationId), ne(evidenceFiles.status, 'detached')))
    .orderBy(asc(evidenceFiles.createdAt), asc(evidenceFiles.id));
  return rows.map(({ e, firstName, lastName }) => toView(e, today, firstName == null ? null : `${firstName} ${lastName ?? ''}`.trim()));
}

/** Every file of an assessment of the caller's organization except detached ones, oldest first. */
export async function listEvidence(access: EvidenceAccess, assessmentId: string): Promise<EvidenceView[]> {
  await findAssessment(access, assessmentId);
  return listEvidenceViews(access.db, assessmentId, access.caller.organizationId, todayOf(access));
}

export interface Download {
  row: EvidenceRow;
  size: number;
  stream: ReturnType<typeof openDownload>;
}

/** The stored bytes of a complete or attached file of the caller's organization. */
export async function openEvidenceDownload(access: EvidenceAccess, evidenceId: string): Promise<Download> {
  const row = await getEvidence(access, evidenceId);
  if (row.status !== 'complete' && row.status !== 'attached') throw evidenceNotFound();
  const paths = pathsOf(access, row);
  const size = await fileSize(paths.final);
  if (size === null) throw evidenceNotFound();
  return { row, size, stream: openDownload(paths) };
}
