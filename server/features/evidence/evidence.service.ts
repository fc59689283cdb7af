// Attaching, detaching, listing and downloading evidence files (the routes in evidence.routes.ts).
// Attach and detach are idempotent per evidenceId: a replayed request is a no-op.
import { and, asc, eq, ne } from 'drizzle-orm';
import { fullName } from '#domain/text.ts';
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import { EVIDENCE_MSG } from '#domain/evidence.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { evidenceFiles, profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  assertAssessmentOpen,
  evidenceNotFound,
  findAssessment,
  getEvidence,
  todayOf,
  toView,
  viewWithName,
  type EvidenceContext,
  type EvidenceRow,
} from './evidence.access.ts';
import { releaseStoredBytes } from './evidence.release.ts';
import { openStored } from './evidence.storage.ts';

/** Links a `complete` upload to its question; attaching an attached file again is a no-op. */
export async function attachEvidence(ctx: EvidenceContext, evidenceId: string): Promise<EvidenceView> {
  const row = await getEvidence(ctx, evidenceId);
  if (row.status === 'detached') throw new AppError(409, 'conflict', EVIDENCE_MSG.detached);
  if (row.status === 'attached') return viewWithName(ctx, row, todayOf(ctx));
  if (row.status !== 'complete') throw new AppError(409, 'conflict', EVIDENCE_MSG.notComplete, { offset: row.bytesReceived });
  await assertAssessmentOpen(ctx, row.assessmentId);
  const [updated] = await ctx.db
    .update(evidenceFiles)
    .set({ status: 'attached' })
    .where(and(eq(evidenceFiles.id, evidenceId), eq(evidenceFiles.status, 'complete')))
    .returning();
  return viewWithName(ctx, updated ?? (await getEvidence(ctx, evidenceId)), todayOf(ctx));
}

/**
 * Removes a file from its question and deletes its bytes unless a carried copy (or the file it was
 * carried from) still references them; detaching twice is a no-op.
 */
export async function detachEvidence(ctx: EvidenceContext, evidenceId: string): Promise<EvidenceView> {
  const row = await getEvidence(ctx, evidenceId);
  if (row.status === 'detached') return toView(row, todayOf(ctx));
  await assertAssessmentOpen(ctx, row.assessmentId);
  const [updated] = await ctx.db
    .update(evidenceFiles)
    .set({ status: 'detached', bytesReceived: 0 })
    .where(eq(evidenceFiles.id, evidenceId))
    .returning();
  await releaseStoredBytes(ctx, row);
  return toView(updated ?? row, todayOf(ctx));
}

/**
 * Every file of an assessment except detached ones, oldest first (the assessment's organization
 * already checked); `today` (YYYY-MM-DD, the request's clock) decides which are expired.
 */
export async function listEvidenceViews(ctx: Pick<ServiceContext, 'db'>, assessmentId: string, organizationId: string, today: string): Promise<EvidenceView[]> {
  const rows = await ctx.db
    .select({ e: evidenceFiles, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(evidenceFiles)
    .leftJoin(profiles, eq(profiles.id, evidenceFiles.uploadedBy))
    .where(and(eq(evidenceFiles.assessmentId, assessmentId), eq(evidenceFiles.organizationId, organizationId), ne(evidenceFiles.status, 'detached')))
    .orderBy(asc(evidenceFiles.createdAt), asc(evidenceFiles.id));
  return rows.map(({ e, firstName, lastName }) => toView(e, today, firstName == null ? null : fullName(firstName, lastName)));
}

/** Every file of an assessment of the caller's organization except detached ones, oldest first. */
export async function listEvidence(ctx: EvidenceContext, assessmentId: string): Promise<EvidenceView[]> {
  await findAssessment(ctx, assessmentId);
  return listEvidenceViews(ctx, assessmentId, ctx.caller.organizationId, todayOf(ctx));
}

/** How long a presigned download URL stays valid (the client follows the redirect at once). */
export const DOWNLOAD_URL_SECONDS = 60;

/** A complete or attached file of the caller's organization whose bytes are stored; else 404. */
export async function downloadableEvidence(ctx: EvidenceContext, evidenceId: string): Promise<EvidenceRow> {
  const row = await getEvidence(ctx, evidenceId);
  if (row.status !== 'complete' && row.status !== 'attached') throw evidenceNotFound();
  return row;
}

/** The Content-Type a download is served with (text as UTF-8). */
export const downloadType = (row: EvidenceRow) => (row.mimeType.startsWith('text/') ? `${row.mimeType}; charset=utf-8` : row.mimeType);

/** A short-lived presigned GET for the file when the store has them (S3), after the same checks as a stream; null on disk. */
export async function presignEvidenceDownload(ctx: EvidenceContext, row: EvidenceRow): Promise<string | null> {
  if (!(await ctx.storage.head(row.storageKey))) throw evidenceNotFound();
  const signed = await ctx.storage.presignGet(row.storageKey, { fileName: row.fileName, contentType: downloadType(row), expiresInSeconds: DOWNLOAD_URL_SECONDS, now: ctx.now() });
  return signed?.url ?? null;
}

/** The stored bytes of a downloadable file, streamed through this server. */
export async function openEvidenceDownload(ctx: EvidenceContext, row: EvidenceRow) {
  const stored = await openStored(ctx.storage, row.storageKey);
  if (!stored) throw evidenceNotFound();
  return stored;
}
