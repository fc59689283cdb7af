// Request schemas and response shapes of the evidence API (resumable uploads, list, attach).
import { z } from 'zod';
import type { EvidenceStatus } from './enums.ts';
import { calendarDay } from './cycles.ts';

export { EVIDENCE_STATUSES, type EvidenceStatus } from './enums.ts';

export const sha256Hex = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 hexadecimal characters');

/** POST /api/evidence/uploads: declare a file before sending its bytes. */
export const createUploadSchema = z.object({
  evidenceId: z.uuid('Invalid evidence id'),
  assessmentId: z.uuid('Invalid assessment id'),
  questionId: z.uuid('Invalid question id'),
  fileName: z.string().min(1, 'fileName is required').max(1000, 'fileName is too long'),
  mimeType: z.string().max(255).optional().nullable(),
  size: z.number().int('size must be a whole number of bytes').positive('This file is empty.'),
  sha256: sha256Hex,
  /** The date the document took effect (default: the upload date) and its optional expiry (ADR 019). */
  effectiveOn: calendarDay('Effective date').nullable().optional(),
  expiresOn: calendarDay('Expiry date').nullable().optional(),
});
export type CreateUploadInput = z.input<typeof createUploadSchema>;

export const UPLOAD_TARGET_MESSAGE = 'Name the question the file is for: responseId, or assessmentId and questionId (not both).';

/**
 * POST /api/evidence/upload-url: a URL the file is then PUT to. The file is for one question of one
 * assessment, named by the answer's responseId or (no API returns response ids, and a question
 * need not be answered first) by assessmentId and questionId, as POST /api/evidence/uploads takes them.
 */
export const uploadUrlSchema = z
  .object({
    responseId: z.uuid('Invalid response id').optional(),
    assessmentId: z.uuid('Invalid assessment id').optional(),
    questionId: z.uuid('Invalid question id').optional(),
    fileName: z.string().min(1, 'fileName is required').max(1000),
    fileType: z.string().max(255).optional().nullable(),
    /** The file's size in bytes: required with S3 storage (it is signed into the upload URL), optional on disk. The stored file must have exactly this size (and the SHA-256, hex, when given). */
    size: z.number().int().positive().optional(),
    sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'sha256 must be 64 hexadecimal characters').optional(),
  })
  .refine((v) => (v.responseId !== undefined ? v.assessmentId === undefined && v.questionId === undefined : v.assessmentId !== undefined && v.questionId !== undefined), {
    message: UPLOAD_TARGET_MESSAGE,
  });

export interface UploadState {
  evidenceId: string;
  offset: number;
  size: number;
  chunkSize: number;
  status: EvidenceStatus;
}

/** One evidence file as the API lists it (snake_case like the other public payloads). */
export interface EvidenceView {
  id: string;
  assessment_id: string;
  question_id: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  status: EvidenceStatus;
  uploaded_by: string | null;
  uploaded_by_name: string | null;
  created_at: string;
  /** YYYY-MM-DD the document took effect (the upload day when not given). */
  effective_on: string;
  /** YYYY-MM-DD after which it no longer counts; null = no expiry. */
  expires_on: string | null;
  /** Past its expiry date today (server time): shown as expired and satisfies no evidence rule. */
  expired: boolean;
  /** The previous assessment's evidence id it was carried from; null for a file uploaded here. */
  carried_from: string | null;
}
