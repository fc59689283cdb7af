// Evidence API (ADR 006, ADR 014), the /api/evidence router's routes: resumable uploads under
// /uploads, attach/detach, download, the upload-url way in (ADR 014) and the file's dates (ADR 019);
// and the per-assessment list, part of the /api/assessments router. Org-scoped: other orgs get 404.
// Signed in with a profile: server/api/evidence.ts and server/api/assessments.ts declare it.
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { evidenceDatesSchema } from '#domain/contracts/cycles.ts';
import { createUploadSchema, uploadUrlSchema } from '#domain/contracts/evidence.ts';
import { EVIDENCE_MAX_CHUNK_BYTES, evidenceMaxBytes } from '#domain/evidence.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { bodyLimit } from '../../lib/body-limit.ts';
import { rateLimit, RATE_LIMITS } from '../../lib/rate-limit.ts';
import { callerContext, orgContext } from '../../lib/context.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { assessmentParam, evidenceParam, idOf, validate } from '../../lib/validator.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { assertDatesTarget, setEvidenceDates } from './evidence.dates.ts';
import { attachEvidence, detachEvidence, downloadableEvidence, downloadType, listEvidence, openEvidenceDownload, presignEvidenceDownload } from './evidence.service.ts';
import { appendChunk, completeUpload, createUpload, stateOf, uploadState } from './evidence.upload.service.ts';
import { createUploadUrl, putWholeFile } from './evidence.upload-url.ts';

const ctxOf = (c: Context<AppEnv>) => orgContext(callerContext(c));

const tooLarge = (message: string) => () => {
  throw new AppError(413, 'payload_too_large', message);
};
const jsonLimit = bodyLimit({ maxSize: 64 * 1024, onError: tooLarge('The request body is too large') });
const chunkLimit = bodyLimit({ maxSize: EVIDENCE_MAX_CHUNK_BYTES, onError: tooLarge('Send at most 4 MB per chunk') });

/** PUT .../content?assessmentId&questionId&fileName: the file of POST /upload-url. */
const contentQuery = z.object({ assessmentId: idOf('assessment'), questionId: z.string().optional(), fileName: z.string().optional() });
/**
 * GET .../download?delivery=stream: the bytes through this server even where the store could
 * redirect to a presigned URL (the SPA's fetch, ADR 020); without it S3 answers 302.
 */
const downloadQuery = z.object({ delivery: z.enum(['stream'], 'delivery must be "stream"').optional() });

function uploadOffset(c: Context<AppEnv>): number {
  const raw = c.req.header('upload-offset');
  if (raw === undefined || !/^\d+$/.test(raw.trim())) throw badRequest('The Upload-Offset header must be a non-negative integer');
  return Number(raw.trim());
}

function assertOctetStream(c: Context<AppEnv>) {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/octet-stream' && type !== 'application/offset+octet-stream') {
    throw new AppError(415, 'unsupported_media_type', 'Send chunks as application/octet-stream');
  }
}

/** /api/evidence/... */
export const evidenceRoutes = new Hono<AppEnv>()
  .post('/uploads', jsonLimit, validate('json', createUploadSchema), async (c) => {
    const { created, state } = await createUpload(ctxOf(c), c.req.valid('json'));
    return c.json(state, created ? 201 : 200);
  })
  .get('/uploads/:evidenceId', validate('param', evidenceParam), async (c) => {
    const state = await uploadState(ctxOf(c), c.req.valid('param').evidenceId);
    c.header('Upload-Offset', String(state.offset));
    c.header('Upload-Length', String(state.size));
    c.header('Cache-Control', 'no-store');
    return c.json(state, 200);
  })
  .patch('/uploads/:evidenceId', chunkLimit, validate('param', evidenceParam), async (c) => {
    const id = c.req.valid('param').evidenceId;
    await uploadState(ctxOf(c), id); // 404 for other organizations before anything about the request is judged
    const offset = uploadOffset(c);
    assertOctetStream(c);
    const chunk = new Uint8Array(await c.req.arrayBuffer());
    const state = await appendChunk(ctxOf(c), id, offset, chunk);
    c.header('Upload-Offset', String(state.offset));
    return c.json(state, 200);
  })
  .post('/uploads/:evidenceId/complete', jsonLimit, validate('param', evidenceParam), async (c) => {
    const row = await completeUpload(ctxOf(c), c.req.valid('param').evidenceId);
    return c.json(stateOf(row), 200);
  })
  .put('/uploads/:evidenceId/content', async (c, next) => {
    const limit = evidenceMaxBytes(c.var.deps.env.EVIDENCE_MAX_MB);
    return bodyLimit({ maxSize: limit, onError: tooLarge(`This file is larger than ${c.var.deps.env.EVIDENCE_MAX_MB} MB.`) })(c, next);
  }, validate('param', evidenceParam), validate('query', contentQuery), async (c) => {
    const query = c.req.valid('query');
    const view = await putWholeFile(ctxOf(c), c.req.valid('param').evidenceId, {
      assessmentId: query.assessmentId,
      questionId: query.questionId ?? '',
      fileName: query.fileName ?? '',
      fileType: c.req.header('content-type') ?? '',
      bytes: new Uint8Array(await c.req.arrayBuffer()),
    });
    return c.json(view, 201);
  })
  .post('/upload-url', rateLimit(RATE_LIMITS.uploadUrl), jsonLimit, validate('json', uploadUrlSchema), async (c) => {
    return c.json(await createUploadUrl(ctxOf(c), c.req.valid('json')), 200);
  })
  .post('/:evidenceId/attach', jsonLimit, validate('param', evidenceParam), async (c) => {
    return c.json(await attachEvidence(ctxOf(c), c.req.valid('param').evidenceId), 200);
  })
  .put(
    '/:evidenceId/dates',
    jsonLimit,
    validate('param', evidenceParam),
    async (c, next) => {
      await assertDatesTarget(ctxOf(c), c.req.valid('param').evidenceId); // 404 for other organizations before the body is judged
      await next();
    },
    validate('json', evidenceDatesSchema),
    async (c) => c.json(await setEvidenceDates(ctxOf(c), c.req.valid('param').evidenceId, c.req.valid('json')), 200),
  )
  .delete('/:evidenceId', validate('param', evidenceParam), async (c) => {
    return c.json(await detachEvidence(ctxOf(c), c.req.valid('param').evidenceId), 200);
  })
  .get('/:evidenceId/download', validate('param', evidenceParam), validate('query', downloadQuery), async (c) => {
    const row = await downloadableEvidence(ctxOf(c), c.req.valid('param').evidenceId);
    if (c.req.valid('query').delivery !== 'stream') {
      const url = await presignEvidenceDownload(ctxOf(c), row);
      // The URL itself is the credential for 60 s: never cached, never sent on as a Referer.
      if (url) return c.body(null, 302, { Location: url, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
    }
    const { size, stream } = await openEvidenceDownload(ctxOf(c), row);
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
      'Content-Type': downloadType(row),
      'Content-Length': String(size),
      'Content-Disposition': contentDisposition(row.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      ETag: `"${row.sha256}"`,
      'Repr-Digest': `sha-256=:${Buffer.from(row.sha256, 'hex').toString('base64')}:`,
    });
  });

/** GET /api/assessments/{id}/evidence (the /api/assessments router checks the caller owns the assessment first). */
export const assessmentEvidenceRoutes = new Hono<AppEnv>().get('/:id/evidence', validate('param', assessmentParam), async (c) => {
  return c.json(await listEvidence(ctxOf(c), c.req.valid('param').id), 200);
});
