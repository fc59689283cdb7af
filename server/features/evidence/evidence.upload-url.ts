// The upload-URL way in (ADR 014): POST /api/evidence/upload-url {responseId, fileName, fileType}: returns a URL on this
// server the whole file is then PUT to (one request, no resume; the SPA uses the chunked API).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import { EVIDENCE_MSG, kindOf, sanitizeFileName } from '#domain/evidence.ts';
import { evidenceFiles, responses } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/validator.ts';
import { assertAssessmentOpen, todayOf, toView, type EvidenceAccess } from './evidence.access.ts';
import { storeMultipartEvidence } from './evidence.multipart.ts';

export interface UploadUrl {
  evidenceId: string;
  uploadUrl: string;
  method: 'PUT';
}

export async function createUploadUrl(
  access: EvidenceAccess,
  input: { responseId: string; fileName: string; fileType?: string | null | undefined },
): Promise<UploadUrl> {
  const [response] = await access.db
    .select({ assessmentId: responses.assessmentId, questionId: responses.questionId })
    .from(responses)
    .where(and(eq(responses.id, input.responseId), eq(responses.organizationId, access.caller.organizationId)));
  if (!response) throw notFound('Response not found');
  const fileName = sanitizeFileName(input.fileName);
  if (!kindOf(fileName, input.fileType)) throw new AppError(415, 'unsupported_media_type', EVIDENCE_MSG.wrongKind);
  await assertAssessmentOpen(access, response.assessmentId);
  const evidenceId = randomUUID();
  const query = new URLSearchParams({ assessmentId: response.assessmentId, questionId: response.questionId, fileName });
  return { evidenceId, method: 'PUT', uploadUrl: `/api/evidence/uploads/${evidenceId}/content?${query.toString()}` };
}

/** PUT of a whole file to an upload URL: checked like a multipart file and attached at once; repeats are no-ops. */
export async function putWholeFile(
  access: EvidenceAccess,
  evidenceId: string,
  input: { assessmentId: string; questionId: string; fileName: string; fileType: string; bytes: Uint8Array },
): Promise<EvidenceView> {
  if (!isUuid(input.questionId)) throw badRequest('This question is not part of the assessment');
  if (!input.fileName.trim()) throw badRequest('fileName is required');
  const [existing] = await access.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, evidenceId));
  if (existing) {
    if (existing.organizationId === access.caller.organizationId && existing.status === 'attached' && existing.sizeBytes === input.bytes.length) {
      return toView(existing, todayOf(access));
    }
    throw conflict('This evidence id is already used by another file');
  }
  const file = new File([input.bytes as Uint8Array<ArrayBuffer>], input.fileName, { type: input.fileType });
  const [view] = await storeMultipartEvidence(access, {
    assessmentId: input.assessmentId,
    questionId: input.questionId.toLowerCase(),
    files: [file],
    ids: [evidenceId],
  });
  return view!;
}
