// Resumable evidence uploads (ADR 006): declare → PATCH chunks at the server's offset → complete.
// Nothing is written for a refused declaration; a refused completion removes the row and its bytes.
import { and, eq, lt } from 'drizzle-orm';
import type { CreateUploadInput, UploadState } from '#domain/contracts/evidence.ts';
import { EVIDENCE_CHUNK_BYTES, EVIDENCE_MSG, checkEvidenceFile, kindOf, canonicalMime } from '#domain/evidence.ts';
import { matchContent } from '#domain/evidence-sniff.ts';
import { utcDay } from '#domain/evidence-freshness.ts';
import type { Db } from '../../db/client.ts';
import { evidenceFiles } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { assertWritable } from '../../lib/caller.ts';
import {
  assertAssessmentOpen,
  assertQuestionAsked,
  evidenceNotFound,
  findEvidence,
  getEvidence,
  pathsOf,
  type EvidenceAccess,
  type EvidenceRow,
} from './evidence.access.ts';
import { resolveDates } from './evidence.dates.ts';
import { releaseStoredBytes } from './evidence.release.ts';
import { finalizeFile, inspectFile, storageKeyOf, writeChunk } from './evidence.storage.ts';

export const stateOf = (row: EvidenceRow): UploadState => ({
  evidenceId: row.id,
  offset: row.status === 'uploading' ? row.bytesReceived : row.sizeBytes,
  size: row.sizeBytes,
  chunkSize: EVIDENCE_CHUNK_BYTES,
  status: row.status,
});

/** Throws the 413 / 415 / 400 a refused declaration deserves. */
export function assertAcceptable(input: { fileName: string; mimeType?: string | null; size: number }, maxMb: number) {
  const check = checkEvidenceFile(input, maxMb);
  if (check.ok) return check;
  const status = check.code === 'payload_too_large' ? 413 : check.code === 'unsupported_media_type' ? 415 : 400;
  throw new AppError(status, check.code, check.message);
}

/** Uploads untouched this long are abandoned: their rows and partial bytes are removed. */
export const ABANDONED_UPLOAD_DAYS = 14;

/** Removes the organization's abandoned partial uploads (run on each new declaration). */
export async function sweepAbandonedUploads(access: EvidenceAccess): Promise<number> {
  const cutoff = new Date(access.now().getTime() - ABANDONED_UPLOAD_DAYS * 24 * 60 * 60 * 1000);
  const stale = await access.db
    .select()
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.organizationId, access.caller.organizationId), eq(evidenceFiles.status, 'uploading'), lt(evidenceFiles.updatedAt, cutoff)));
  for (const row of stale) await discard(access, row);
  return stale.length;
}

/**
 * Declares an upload; idempotent on evidenceId (a repeat returns the current offset and keeps the
 * dates first declared). The effective date defaults to the upload day (evidence.dates.ts).
 */
export async function createUpload(access: EvidenceAccess, input: CreateUploadInput): Promise<{ created: boolean; state: UploadState }> {
  const check = assertAcceptable(input, access.maxMb);
  const dates = resolveDates(input, utcDay(access.now()));
  const sha256 = input.sha256.toLowerCase();
  const existing = await access.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, input.evidenceId));
  const prior = existing[0];
  if (prior) {
    const same = prior.organizationId === access.caller.organizationId && prior.sha256 === sha256 && prior.sizeBytes === input.size;
    if (!same) throw conflict('This evidence id is already used by another file');
    if (prior.status === 'detached') throw conflict(EVIDENCE_MSG.detached);
    return { created: false, state: stateOf(prior) };
  }
  const assessment = await assertAssessmentOpen(access, input.assessmentId);
  await assertQuestionAsked(access.db, assessment.id, input.questionId);
  await sweepAbandonedUploads(access);
  const [row] = await access.db
    .insert(evidenceFiles)
    .values({
      id: input.evidenceId,
      organizationId: access.caller.organizationId,
      assessmentId: input.assessmentId,
      questionId: input.questionId,
      fileName: check.fileName,
      mimeType: check.mimeType,
      sizeBytes: input.size,
      sha256,
      storageKey: storageKeyOf(access.caller.organizationId, input.evidenceId),
      uploadedBy: access.caller.id,
      effectiveOn: dates.effectiveOn,
      expiresOn: dates.expiresOn,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return createUpload(access, input); // a concurrent duplicate won: answer as a repeat
  return { created: true, state: stateOf(row) };
}

export async function uploadState(access: EvidenceAccess, evidenceId: string): Promise<UploadState> {
  const row = await getEvidence(access, evidenceId);
  if (row.status === 'detached') throw evidenceNotFound();
  return stateOf(row);
}

const offsetConflict = (offset: number) => new AppError(409, 'conflict', EVIDENCE_MSG.offsetMismatch, { offset });

/** Writes one chunk at `offset`, which must equal the server's offset; serialised per evidence id by a row lock. */
export async function appendChunk(access: EvidenceAccess, evidenceId: string, offset: number, chunk: Uint8Array): Promise<UploadState> {
  const row = await getEvidence(access, evidenceId);
  if (row.status !== 'uploading') {
    if (row.status === 'detached') throw evidenceNotFound();
    throw offsetConflict(row.sizeBytes);
  }
  await assertAssessmentOpen(access, row.assessmentId);
  return access.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(evidenceFiles).where(eq(evidenceFiles.id, evidenceId)).for('update');
    if (!locked || locked.status !== 'uploading') throw offsetConflict(locked?.sizeBytes ?? 0);
    if (offset !== locked.bytesReceived) throw offsetConflict(locked.bytesReceived);
    if (offset + chunk.length > locked.sizeBytes) {
      throw new AppError(413, 'payload_too_large', 'This chunk goes beyond the declared file size', { offset, size: locked.sizeBytes });
    }
    if (chunk.length > 0) await writeChunk(pathsOf(access, locked), offset, chunk);
    const next = offset + chunk.length;
    const [updated] = await tx
      .update(evidenceFiles)
      .set({ bytesReceived: next })
      .where(eq(evidenceFiles.id, evidenceId))
      .returning();
    return stateOf(updated!);
  });
}

/** Deletes a refused upload completely (row and bytes). */
async function discard(access: EvidenceAccess, row: EvidenceRow): Promise<void> {
  await releaseStoredBytes(access.db, row, pathsOf(access, row));
  await access.db.delete(evidenceFiles).where(eq(evidenceFiles.id, row.id));
}

/** Verifies content type and SHA-256 of the received bytes, then makes the file permanent. */
export async function completeUpload(access: EvidenceAccess, evidenceId: string): Promise<EvidenceRow> {
  const row = await getEvidence(access, evidenceId);
  if (row.status === 'complete' || row.status === 'attached') return row;
  if (row.status === 'detached') throw evidenceNotFound();
  assertWritable(access.caller.organization);
  if (row.bytesReceived !== row.sizeBytes) throw new AppError(409, 'conflict', EVIDENCE_MSG.notComplete, { offset: row.bytesReceived });
  const paths = pathsOf(access, row);
  const inspection = await inspectFile(paths.part, row.sizeBytes).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
    const again = await findEvidence(access, evidenceId); // a concurrent completion already moved it
    if (again && again.status !== 'uploading') return null;
    throw err;
  });
  if (!inspection) return (await findEvidence(access, evidenceId))!;
  const kind = kindOf(row.fileName, row.mimeType);
  const refusal = kind ? matchContent(kind, inspection.sniffed) : EVIDENCE_MSG.wrongKind;
  if (refusal || !kind) {
    await discard(access, row);
    throw new AppError(415, 'unsupported_media_type', refusal ?? EVIDENCE_MSG.wrongKind, { sniffed: inspection.sniffed.format });
  }
  if (inspection.size !== row.sizeBytes || inspection.sha256 !== row.sha256) {
    await discard(access, row);
    throw new AppError(422, 'hash_mismatch', EVIDENCE_MSG.hashMismatch, { expected: row.sha256, actual: inspection.sha256 });
  }
  return markComplete(access.db, access, row, canonicalMime(kind));
}

async function markComplete(db: Db, access: EvidenceAccess, row: EvidenceRow, mimeType: string): Promise<EvidenceRow> {
  await finalizeFile(pathsOf(access, row));
  const [updated] = await db
    .update(evidenceFiles)
    .set({ status: 'complete', mimeType })
    .where(and(eq(evidenceFiles.id, row.id), eq(evidenceFiles.status, 'uploading')))
    .returning();
  return updated ?? (await findEvidence(access, row.id))!;
}
