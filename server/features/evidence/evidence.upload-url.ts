// The upload-URL way in (ADR 014, ADR 020): POST /api/evidence/upload-url {responseId | assessmentId
// and questionId, fileName, fileType, size?, sha256?} answers where the whole file is PUT (one request, no resume; the SPA uses
// the chunked API) and where to confirm it. With S3 that is a presigned URL (size required and
// signed) to a staging key in the bucket, and the file counts only once POST completeUrl has moved
// it to the file's key and checked it there (evidence.upload.service.ts); on disk
// it is PUT /api/evidence/uploads/{id}/content on this server, checked and attached by the PUT itself.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { UPLOAD_TARGET_MESSAGE, type EvidenceView } from '#domain/contracts/evidence.ts';
import { EVIDENCE_MSG, canonicalMime, kindOf, sanitizeFileName } from '#domain/evidence.ts';
import { utcDay } from '#domain/dates.ts';
import { evidenceFiles, responses } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/validator.ts';
import { assertAssessmentOpen, assertQuestionAsked, findAssessment, type EvidenceContext } from './evidence.access.ts';
import { resolveDates } from './evidence.dates.ts';
import { storeWholeFile } from './evidence.multipart.ts';
import { stagingKeyOf, storageKeyOf } from './evidence.storage.ts';
import { assertAcceptable, assertUploadRoom, sweepAbandonedUploads } from './evidence.upload.service.ts';

/** How long a presigned upload URL stays valid. */
export const UPLOAD_URL_SECONDS = 5 * 60;

export const SIZE_REQUIRED_MSG = "size is required: give the file's size in bytes so the upload URL can be limited to it.";

/** The answer of POST /api/evidence/upload-url: the same shape on disk and on S3 (ADR 020). */
export interface UploadUrl {
  evidenceId: string;
  /** Absolute (presigned, S3) or relative to this server (disk). */
  uploadUrl: string;
  method: 'PUT';
  /** Headers to send with the PUT (Content-Type is part of the S3 signature). */
  headers: Record<string, string>;
  /** When a presigned URL stops working; null for this server's own URL. */
  expiresAt: string | null;
  /** POST here after the PUT; the file counts only once this answers 200. */
  completeUrl: string;
}

/** Which question of which assessment the file is for; ids of another organization read as missing ones (404). */
export interface UploadTarget {
  responseId?: string | undefined;
  assessmentId?: string | undefined;
  questionId?: string | undefined;
}

/**
 * The assessment and question of an upload, inside the caller's organization: from the answer's
 * response id, or from the two ids themselves (the assessment must be the organization's, the
 * question asked in it; no answer is needed, as with POST /api/evidence/uploads).
 */
async function resolveTarget(ctx: EvidenceContext, target: UploadTarget): Promise<{ assessmentId: string; questionId: string }> {
  if (target.responseId !== undefined && target.assessmentId === undefined && target.questionId === undefined) {
    const [response] = await ctx.db
      .select({ assessmentId: responses.assessmentId, questionId: responses.questionId })
      .from(responses)
      .where(and(eq(responses.id, target.responseId), eq(responses.organizationId, ctx.caller.organizationId)));
    if (!response) throw notFound('Response not found');
    return response;
  }
  if (target.responseId !== undefined || target.assessmentId === undefined || target.questionId === undefined) throw badRequest(UPLOAD_TARGET_MESSAGE);
  const assessment = await findAssessment(ctx, target.assessmentId.toLowerCase());
  const questionId = target.questionId.toLowerCase();
  await assertQuestionAsked(ctx, assessment.id, questionId);
  return { assessmentId: assessment.id, questionId };
}

export async function createUploadUrl(
  ctx: EvidenceContext,
  input: UploadTarget & { fileName: string; fileType?: string | null | undefined; size?: number | undefined; sha256?: string | undefined },
): Promise<UploadUrl> {
  const response = await resolveTarget(ctx, input);
  const fileName = sanitizeFileName(input.fileName);
  const kind = kindOf(fileName, input.fileType);
  if (!kind) throw new AppError(415, 'unsupported_media_type', EVIDENCE_MSG.wrongKind);
  // A presigned PUT always signs its Content-Length, so the bucket takes exactly the declared size.
  if (ctx.storage.kind === 's3' && input.size === undefined) throw badRequest(SIZE_REQUIRED_MSG);
  if (input.size !== undefined) assertAcceptable({ fileName, mimeType: input.fileType, size: input.size }, ctx.env.EVIDENCE_MAX_MB);
  await assertAssessmentOpen(ctx, response.assessmentId);
  const evidenceId = randomUUID();
  const mimeType = canonicalMime(kind);
  const completeUrl = `/api/evidence/uploads/${evidenceId}/complete`;
  const storageKey = storageKeyOf(ctx.caller.organizationId, evidenceId);
  // The presigned PUT writes a staging key, never the file's own: /complete moves it once and checks it there.
  const signed = await ctx.storage.presignPut(stagingKeyOf(storageKey), {
    contentType: mimeType,
    contentLength: input.size,
    sha256: input.sha256?.toLowerCase(),
    expiresInSeconds: UPLOAD_URL_SECONDS,
    now: ctx.now(),
  });
  if (!signed) {
    const query = new URLSearchParams({ assessmentId: response.assessmentId, questionId: response.questionId, fileName });
    const uploadUrl = `/api/evidence/uploads/${evidenceId}/content?${query.toString()}`;
    return { evidenceId, method: 'PUT', uploadUrl, headers: { 'content-type': mimeType }, expiresAt: null, completeUrl };
  }
  await sweepAbandonedUploads(ctx);
  await assertUploadRoom(ctx);
  const dates = resolveDates({}, utcDay(ctx.now()));
  // An `uploading` row first; size 0 and an empty hash stand for "not declared" until /complete measures them.
  await ctx.db.insert(evidenceFiles).values({
    id: evidenceId,
    organizationId: ctx.caller.organizationId,
    assessmentId: response.assessmentId,
    questionId: response.questionId,
    fileName,
    mimeType,
    sizeBytes: input.size ?? 0,
    sha256: input.sha256?.toLowerCase() ?? '',
    storageKey,
    uploadedBy: ctx.caller.id,
    effectiveOn: dates.effectiveOn,
    expiresOn: dates.expiresOn,
  });
  return { evidenceId, method: 'PUT', uploadUrl: signed.url, headers: signed.headers, expiresAt: signed.expiresAt.toISOString(), completeUrl };
}

/** PUT of a whole file to an upload URL: checked like a multipart file and attached at once; repeats are no-ops. */
export async function putWholeFile(
  ctx: EvidenceContext,
  evidenceId: string,
  input: { assessmentId: string; questionId: string; fileName: string; fileType: string; bytes: Uint8Array },
): Promise<EvidenceView> {
  if (!isUuid(input.questionId)) throw badRequest('This question is not part of the assessment');
  if (!input.fileName.trim()) throw badRequest('fileName is required');
  return storeWholeFile(ctx, {
    assessmentId: input.assessmentId,
    questionId: input.questionId.toLowerCase(),
    id: evidenceId,
    fileName: input.fileName,
    fileType: input.fileType,
    bytes: input.bytes,
  });
}
