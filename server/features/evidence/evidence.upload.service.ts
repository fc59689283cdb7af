// Resumable evidence uploads (ADR 006, ADR 020): declare → PATCH chunks at the server's offset →
// complete. Each chunk is its own stored object; /complete joins them in offset order through SHA-256
// and the content sniffer. The same /complete confirms a file PUT straight to the bucket through
// POST /upload-url (evidence.upload-url.ts). Nothing is written for a refused declaration; a refused
// completion removes the row and its bytes.
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../lib/context.ts';
import type { CreateUploadInput, UploadState } from '#domain/contracts/evidence.ts';
import { EVIDENCE_CHUNK_BYTES, EVIDENCE_MSG, checkEvidenceFile, evidenceMaxBytes, kindOf, canonicalMime } from '#domain/evidence.ts';
import { matchContent } from '#domain/evidence-sniff.ts';
import { addDaysAt, utcDay } from '#domain/dates.ts';
import { assessments, evidenceFiles } from '../../db/schema/index.ts';
import { AppError, assessmentLocked, conflict } from '../../lib/app-error.ts';
import { assertWritable } from '../../lib/caller.ts';
import {
  assertAssessmentOpen,
  assertQuestionAsked,
  evidenceNotFound,
  findEvidence,
  getEvidence,
  type EvidenceContext,
  type EvidenceRow,
} from './evidence.access.ts';
import { claimUpload, type UploadClaim } from './evidence.claim.ts';
import { resolveDates } from './evidence.dates.ts';
import { releaseStoredBytes } from './evidence.release.ts';
import { STAGING_SUFFIX, assembleParts, inspectObject, removeParts, stagingKeyOf, storageKeyOf, writeChunk, type Inspection } from './evidence.storage.ts';

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

const abandonedBefore = (now: Date) => addDaysAt(now, -ABANDONED_UPLOAD_DAYS);

/** Removes the organization's abandoned partial uploads (run on each new declaration). */
export async function sweepAbandonedUploads(ctx: EvidenceContext): Promise<number> {
  const stale = await ctx.db
    .select()
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.organizationId, ctx.caller.organizationId), eq(evidenceFiles.status, 'uploading'), lt(evidenceFiles.updatedAt, abandonedBefore(ctx.now()))));
  for (const row of stale) await discardRow(ctx, row);
  return stale.length;
}

/**
 * The scheduler's sweep (server/features/jobs/scheduler.ts, every organization): abandoned uploads
 * (rows, chunks and staging objects untouched for ABANDONED_UPLOAD_DAYS), and staging objects of a
 * presigned PUT whose row is no longer `uploading` (a PUT made after the confirm or the detach while
 * its URL was still valid; such an object never counts, evidence.storage.ts stagingKeyOf).
 */
export async function sweepUploadsEverywhere(ctx: Pick<ServiceContext, 'db' | 'storage'>, now: Date): Promise<{ abandoned: number; staging: number }> {
  const stale = await ctx.db.select().from(evidenceFiles).where(and(eq(evidenceFiles.status, 'uploading'), lt(evidenceFiles.updatedAt, abandonedBefore(now))));
  for (const row of stale) await discardRow(ctx, row);
  let staging = 0;
  const orgs = await ctx.db.selectDistinct({ id: evidenceFiles.organizationId }).from(evidenceFiles);
  for (const org of orgs) {
    for await (const key of ctx.storage.list(`${org.id}/`)) {
      if (!key.endsWith(STAGING_SUFFIX)) continue;
      const storageKey = key.slice(0, -STAGING_SUFFIX.length);
      const [open] = await ctx.db
        .select({ id: evidenceFiles.id })
        .from(evidenceFiles)
        .where(and(eq(evidenceFiles.organizationId, org.id), eq(evidenceFiles.storageKey, storageKey), eq(evidenceFiles.status, 'uploading')))
        .limit(1);
      if (open) continue;
      await ctx.storage.delete(key);
      staging++;
    }
  }
  return { abandoned: stale.length, staging };
}

/** Open (`uploading`) uploads one organization may have at a time: each holds chunks or a presigned URL's object. */
export const MAX_OPEN_UPLOADS = 50;
export const TOO_MANY_UPLOADS_MSG = `Your organization has ${MAX_OPEN_UPLOADS} unfinished uploads. Finish or remove some before starting another.`;

/** 429 when the caller's organization already has MAX_OPEN_UPLOADS uploads in progress. */
export async function assertUploadRoom(ctx: EvidenceContext): Promise<void> {
  const [open] = await ctx.db
    .select({ n: count() })
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.organizationId, ctx.caller.organizationId), eq(evidenceFiles.status, 'uploading')));
  if ((open?.n ?? 0) >= MAX_OPEN_UPLOADS) throw new AppError(429, 'rate_limited', TOO_MANY_UPLOADS_MSG);
}

/**
 * Declares an upload; idempotent on evidenceId (a repeat returns the current offset and keeps the
 * dates first declared). The effective date defaults to the upload day (evidence.dates.ts).
 */
export async function createUpload(ctx: EvidenceContext, input: CreateUploadInput): Promise<{ created: boolean; state: UploadState }> {
  const check = assertAcceptable(input, ctx.env.EVIDENCE_MAX_MB);
  const dates = resolveDates(input, utcDay(ctx.now()));
  const sha256 = input.sha256.toLowerCase();
  const existing = await ctx.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, input.evidenceId));
  const prior = existing[0];
  if (prior) {
    const same = prior.organizationId === ctx.caller.organizationId && prior.sha256 === sha256 && prior.sizeBytes === input.size;
    if (!same) throw conflict('This evidence id is already used by another file');
    if (prior.status === 'detached') throw conflict(EVIDENCE_MSG.detached);
    return { created: false, state: stateOf(prior) };
  }
  const assessment = await assertAssessmentOpen(ctx, input.assessmentId);
  await assertQuestionAsked(ctx, assessment.id, input.questionId);
  await sweepAbandonedUploads(ctx);
  const [row] = await ctx.db
    .insert(evidenceFiles)
    .values({
      id: input.evidenceId,
      organizationId: ctx.caller.organizationId,
      assessmentId: input.assessmentId,
      questionId: input.questionId,
      fileName: check.fileName,
      mimeType: check.mimeType,
      sizeBytes: input.size,
      sha256,
      storageKey: storageKeyOf(ctx.caller.organizationId, input.evidenceId),
      uploadedBy: ctx.caller.id,
      effectiveOn: dates.effectiveOn,
      expiresOn: dates.expiresOn,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return createUpload(ctx, input); // a concurrent duplicate won: answer as a repeat
  return { created: true, state: stateOf(row) };
}

export async function uploadState(ctx: EvidenceContext, evidenceId: string): Promise<UploadState> {
  const row = await getEvidence(ctx, evidenceId);
  if (row.status === 'detached') throw evidenceNotFound();
  return stateOf(row);
}

const offsetConflict = (offset: number) => new AppError(409, 'conflict', EVIDENCE_MSG.offsetMismatch, { offset });

/** Writes one chunk at `offset`, which must equal the server's offset; serialised per evidence id by a row lock. */
export async function appendChunk(ctx: EvidenceContext, evidenceId: string, offset: number, chunk: Uint8Array): Promise<UploadState> {
  const row = await getEvidence(ctx, evidenceId);
  if (row.status !== 'uploading') {
    if (row.status === 'detached') throw evidenceNotFound();
    throw offsetConflict(row.sizeBytes);
  }
  await assertAssessmentOpen(ctx, row.assessmentId);
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(evidenceFiles).where(eq(evidenceFiles.id, evidenceId)).for('update');
    if (!locked || locked.status !== 'uploading') throw offsetConflict(locked?.sizeBytes ?? 0);
    if (offset !== locked.bytesReceived) throw offsetConflict(locked.bytesReceived);
    if (offset + chunk.length > locked.sizeBytes) {
      throw new AppError(413, 'payload_too_large', 'This chunk goes beyond the declared file size', { offset, size: locked.sizeBytes });
    }
    if (chunk.length === 0) return stateOf(locked); // nothing to record (and a running /complete keeps its claim)
    await writeChunk(ctx.storage, locked.storageKey, offset, chunk);
    const next = offset + chunk.length;
    const [updated] = await tx
      .update(evidenceFiles)
      .set({ bytesReceived: next })
      .where(eq(evidenceFiles.id, evidenceId))
      .returning();
    return stateOf(updated!);
  });
}

/** Deletes a refused or abandoned upload completely (row and bytes). */
async function discardRow(ctx: Pick<ServiceContext, 'db' | 'storage'>, row: EvidenceRow): Promise<void> {
  await releaseStoredBytes(ctx, row);
  await ctx.db.delete(evidenceFiles).where(eq(evidenceFiles.id, row.id));
}

const notComplete = (offset: number) => new AppError(409, 'conflict', EVIDENCE_MSG.notComplete, { offset });

export const UPLOAD_IN_PROGRESS_MSG = 'This file is being checked by another request. Ask for its state again in a moment.';

const inProgress = (offset: number) => new AppError(409, 'upload_in_progress', UPLOAD_IN_PROGRESS_MSG, { offset });

/**
 * Completes an upload: the chunks of a resumable upload, or the object PUT to a presigned upload URL
 * (such rows never receive chunks, so their offset stays 0). Either way the bytes are checked for
 * size, content type and SHA-256 before the file counts; a refused file loses its row and bytes.
 * One request at a time joins and checks an upload (claimUpload, evidence.claim.ts); a concurrent
 * one answers 409 upload_in_progress, and a retry after a crash waits at most one lease
 * (EVIDENCE_CLAIM_SECONDS). Repeats after the completion answer with the row as it is.
 */
export async function completeUpload(ctx: EvidenceContext, evidenceId: string): Promise<EvidenceRow> {
  const row = await getEvidence(ctx, evidenceId);
  if (row.status === 'complete' || row.status === 'attached') return row;
  if (row.status === 'detached') throw evidenceNotFound();
  assertWritable(ctx.caller.organization);
  const claim = await claimUpload(ctx, evidenceId);
  if (!claim) {
    const again = await getEvidence(ctx, evidenceId);
    if (again.status === 'complete' || again.status === 'attached') return again;
    if (again.status === 'detached') throw evidenceNotFound();
    throw inProgress(again.bytesReceived);
  }
  let settled = false;
  try {
    const done = await completeClaimed(ctx, claim);
    settled = true;
    return done;
  } catch (err) {
    settled = !(await findEvidence(ctx, evidenceId)); // a refused upload is gone already
    throw err;
  } finally {
    await claim.stop();
    if (!settled) await claim.release();
  }
}

async function completeClaimed(ctx: EvidenceContext, claim: UploadClaim): Promise<EvidenceRow> {
  const { row } = claim;
  if (row.bytesReceived === 0) {
    const staged = await ctx.storage.head(stagingKeyOf(row.storageKey));
    // Already moved by a confirm that stopped before its answer (its claim lapsed or was released).
    const moved = staged ? null : await ctx.storage.head(row.storageKey);
    const put = staged ?? moved;
    if (put) return completeDirect(ctx, claim, put.size, staged !== null);
  }
  // Size 0 is an upload URL's "not declared" (a declared upload is never empty): its object has not arrived.
  if (row.bytesReceived !== row.sizeBytes || row.sizeBytes === 0) throw notComplete(row.bytesReceived);
  const assembly = await assembleParts(ctx.storage, row.storageKey, row.sizeBytes, row.mimeType);
  if (!assembly.ok) {
    // Chunks went missing from the store: start this file again from 0 (the server's offset is the one of record).
    await removeParts(ctx.storage, row.storageKey);
    // The claim ends with it (updated_at back to the database's clock): the client starts again at once.
    await ctx.db.update(evidenceFiles).set({ bytesReceived: 0, updatedAt: sql`now()` }).where(and(eq(evidenceFiles.id, row.id), eq(evidenceFiles.status, 'uploading')));
    throw new AppError(409, 'conflict', EVIDENCE_MSG.offsetMismatch, { offset: 0 });
  }
  const mimeType = await verify(ctx, row, assembly.inspection);
  const done = await finishClaim(ctx, claim, { status: 'complete', mimeType });
  await removeParts(ctx.storage, row.storageKey);
  return done;
}

/** The canonical MIME type when the bytes match the row's kind, size and hash; otherwise discards the upload and throws. */
async function verify(ctx: EvidenceContext, row: EvidenceRow, inspection: Inspection, declared = { size: true, sha256: true }): Promise<string> {
  const kind = kindOf(row.fileName, row.mimeType);
  const refusal = kind ? matchContent(kind, inspection.sniffed) : EVIDENCE_MSG.wrongKind;
  if (refusal || !kind) {
    await discardRow(ctx, row);
    throw new AppError(415, 'unsupported_media_type', refusal ?? EVIDENCE_MSG.wrongKind, { sniffed: inspection.sniffed.format });
  }
  if ((declared.size && inspection.size !== row.sizeBytes) || (declared.sha256 && inspection.sha256 !== row.sha256)) {
    await discardRow(ctx, row);
    throw new AppError(422, 'hash_mismatch', EVIDENCE_MSG.hashMismatch, { expected: row.sha256 || null, actual: inspection.sha256 });
  }
  return canonicalMime(kind);
}

/**
 * Confirms a file PUT straight to the bucket (POST /upload-url on S3): the assessment must still be
 * in progress; the size from HEAD must be at most EVIDENCE_MAX_MB (and the declared size). The object
 * is then moved from the presigned URL's staging key to the file's key, where no URL reaches it, and
 * only there checked (size, SHA-256 — the declared one if given — and the content sniffer), so the
 * checked bytes are the bytes that stay. A confirmed file is attached at once, like the other
 * one-request ways in (ADR 014), and only while its assessment is still in progress.
 */
async function completeDirect(ctx: EvidenceContext, claim: UploadClaim, size: number, staged: boolean): Promise<EvidenceRow> {
  const { row } = claim;
  await assertAssessmentOpen(ctx, row.assessmentId);
  const declared = { size: row.sizeBytes > 0, sha256: row.sha256 !== '' };
  const refuse = async (err: unknown): Promise<never> => {
    await discardRow(ctx, row);
    throw err;
  };
  if (declared.size && size !== row.sizeBytes && size <= evidenceMaxBytes(ctx.env.EVIDENCE_MAX_MB)) {
    await refuse(new AppError(422, 'hash_mismatch', EVIDENCE_MSG.hashMismatch, { expected: row.sha256 || null, size, declaredSize: row.sizeBytes }));
  }
  try {
    assertAcceptable({ fileName: row.fileName, mimeType: row.mimeType, size }, ctx.env.EVIDENCE_MAX_MB);
  } catch (err) {
    await refuse(err);
  }
  if (staged && !(await ctx.storage.move(stagingKeyOf(row.storageKey), row.storageKey))) throw notComplete(0);
  const inspection = await inspectObject(ctx.storage, row.storageKey, evidenceMaxBytes(ctx.env.EVIDENCE_MAX_MB));
  if (!inspection) throw notComplete(0);
  try {
    assertAcceptable({ fileName: row.fileName, mimeType: row.mimeType, size: inspection.size }, ctx.env.EVIDENCE_MAX_MB);
  } catch (err) {
    await refuse(err);
  }
  const measured = { ...row, sizeBytes: declared.size ? row.sizeBytes : inspection.size };
  const mimeType = await verify(ctx, measured, inspection, { size: true, sha256: declared.sha256 });
  await claim.stop();
  const [attached] = await ctx.db
    .update(evidenceFiles)
    .set({ status: 'attached', mimeType, sizeBytes: inspection.size, bytesReceived: inspection.size, sha256: inspection.sha256 })
    .where(and(claimedBy(claim), inArray(evidenceFiles.assessmentId, openAssessment(row.assessmentId))))
    .returning();
  if (attached) return attached;
  const now = await findEvidence(ctx, row.id);
  if (now && now.status !== 'uploading') return now;
  if (claim.lost) throw inProgress(now?.bytesReceived ?? 0);
  throw assessmentLocked(); // submitted while the file was checked: it stays unattached
}

/** The assessment's id while it is in progress (a subquery, so the attach is conditional on it). */
const openAssessment = (assessmentId: string) =>
  sql`(select ${assessments.id} from ${assessments} where ${assessments.id} = ${assessmentId} and ${assessments.status} = 'in_progress')`;

/** The row while `claim` still holds it (still `uploading`, its lease the claim's own). */
const claimedBy = (claim: UploadClaim) =>
  and(eq(evidenceFiles.id, claim.row.id), eq(evidenceFiles.status, 'uploading'), eq(evidenceFiles.updatedAt, claim.token));

/**
 * The holder's final write: the row leaves `uploading` only while the claim is still this request's
 * (after stop(), so no renewal moves the token meanwhile). A claim lost to another request answers
 * 409 upload_in_progress unless that request has finished the row already.
 */
export async function finishClaim(
  ctx: EvidenceContext,
  claim: UploadClaim,
  set: { status: 'complete' | 'attached'; mimeType: string },
): Promise<EvidenceRow> {
  await claim.stop();
  const [updated] = await ctx.db.update(evidenceFiles).set(set).where(claimedBy(claim)).returning();
  if (updated) return updated;
  const now = await findEvidence(ctx, claim.row.id);
  if (now && now.status !== 'uploading') return now;
  throw inProgress(now?.bytesReceived ?? 0);
}
