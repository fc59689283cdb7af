// The one-shot way in (ADR 014): POST /api/assessments/{id}/responses with evidence_0..n files.
// The form is read as a stream (busboy; ADR 027), never whole: a file part is refused at its header
// when its name or declared type is not allowed, and as soon as it passes EVIDENCE_MAX_MB; its bytes
// go to the object store in EVIDENCE_CHUNK_BYTES chunks as they arrive, exactly like a resumable
// upload (evidence.storage.ts), so memory per request stays at about one chunk. Chunks and the joined
// file live under the file's staging key (stagingKeyOf) until its row is attached; only then is the
// file moved to its own key, so a refused form, or an evidence id that is already taken, never
// touches another file's bytes. Every file is joined and checked (size, kind, content) before any
// is attached; a refused form leaves nothing.
// Optional text fields effectiveOn_N / expiresOn_N (YYYY-MM-DD) date the files of evidence_N (ADR 019);
// without them a file takes effect on the upload day and does not expire.
// How many such forms run at once is capped per user and per organization by leases in the shared
// budget store (server/lib/budgets.ts), whichever instance they reach.
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import busboy from 'busboy';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { bodyLimit } from '../../lib/body-limit.ts';
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import { EVIDENCE_CHUNK_BYTES, EVIDENCE_MSG, canonicalMime, evidenceMaxBytes, kindOf, sanitizeFileName, type EvidenceKind } from '#domain/evidence.ts';
import { matchContent } from '#domain/evidence-sniff.ts';
import { utcDay } from '#domain/dates.ts';
import { evidenceFiles } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import type { LeaseRule } from '../../lib/budgets.ts';
import { callerContext, orgContext } from '../../lib/context.ts';
import { factory, type AppEnv } from '../../lib/factory.ts';
import { assertAssessmentOpen, assertQuestionAsked, todayOf, toView, type EvidenceContext, type EvidenceRow } from './evidence.access.ts';
import { parseFormDates, resolveDates, type EvidenceDates } from './evidence.dates.ts';
import { claimUpload, holdClaim, leaseEnd, type UploadClaim } from './evidence.claim.ts';
import { assembleParts, removeParts, removeStored, stagingKeyOf, storageKeyOf, writeChunk } from './evidence.storage.ts';
import { UPLOAD_IN_PROGRESS_MSG, assertAcceptable, finishClaim } from './evidence.upload.service.ts';

/** At most this many files per multipart request. */
export const MAX_MULTIPART_FILES = 5;
/** Text fields of one form (questionId, answer, baseVersion, two dates per file) and their size. */
const MAX_FORM_FIELDS = 32;
const MAX_FIELD_BYTES = 16 * 1024;

/** The body limit for the multipart responses route: every file at the maximum size, plus form overhead. */
export const multipartBodyLimitBytes = (maxMb: number) => MAX_MULTIPART_FILES * evidenceMaxBytes(maxMb) + 1024 * 1024;

/**
 * Multipart answers with files running at once, per user and per organization, across instances.
 * A lease lasts at most ttlMs: longer than Node's default server.requestTimeout (300 s, the whole
 * request must arrive within it) plus the joining and checking of five files.
 */
export const MULTIPART_LEASES = {
  user: { name: 'multipart-user', max: 2, ttlMs: 10 * 60_000 },
  organization: { name: 'multipart-org', max: 4, ttlMs: 10 * 60_000 },
} as const satisfies Record<string, LeaseRule>;
export const MULTIPART_BUSY_RETRY_SECONDS = 10;
export const MULTIPART_BUSY_MSG = {
  user: `You are already sending ${MULTIPART_LEASES.user.max} answers with files. Please wait until they finish, then try again.`,
  organization: `Your organization is already sending ${MULTIPART_LEASES.organization.max} answers with files. Please try again in a moment.`,
} as const;
export const TOO_MANY_FILES_MSG = `Attach at most ${MAX_MULTIPART_FILES} files at once`;
const BODY_TOO_LARGE_MSG = 'The request body is too large';

const tooLarge = (message: string) => new AppError(413, 'payload_too_large', message);

/** A file of the form whose bytes are in the store as chunks under its key, not yet checked or attached. */
interface Staged {
  /** N of evidence_N. */
  index: number;
  id: string;
  fileName: string;
  declaredType: string;
  kind: EvidenceKind;
  /** The file's own key (its row's storage_key). */
  storageKey: string;
  /** Where its chunks, then the joined file, are until it is attached. */
  stagingKey: string;
  size: number;
}

/** Refuses a file part by its header alone: the name's extension and the declared type must be an allowed kind. */
function checkPartHeader(fileName: string, mimeType: string): { fileName: string; kind: EvidenceKind } {
  const clean = sanitizeFileName(fileName);
  const kind = kindOf(clean, mimeType);
  if (!kind) throw new AppError(415, 'unsupported_media_type', `${clean}: ${EVIDENCE_MSG.wrongKind}`);
  return { fileName: clean, kind };
}

/** Writes a file's bytes to the store in EVIDENCE_CHUNK_BYTES chunks as they arrive; 413 once it passes the maximum. */
async function stageBytes(ctx: EvidenceContext, file: Staged, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void> {
  const max = evidenceMaxBytes(ctx.env.EVIDENCE_MAX_MB);
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const chunk = Buffer.concat(pending, pendingBytes);
    const offset = file.size - pendingBytes;
    pending = [];
    pendingBytes = 0;
    await writeChunk(ctx.storage, file.stagingKey, offset, chunk);
  };
  for await (const bytes of source) {
    file.size += bytes.byteLength;
    if (file.size > max) throw tooLarge(`${file.fileName}: ${EVIDENCE_MSG.tooLarge(ctx.env.EVIDENCE_MAX_MB)}`);
    pending.push(bytes);
    pendingBytes += bytes.byteLength;
    if (pendingBytes >= EVIDENCE_CHUNK_BYTES) await flush();
  }
  await flush();
}

function stagedFile(ctx: EvidenceContext, index: number, name: string, type: string, id: string = randomUUID()): Staged {
  const { fileName, kind } = checkPartHeader(name, type);
  const storageKey = storageKeyOf(ctx.caller.organizationId, id);
  return { index, id, fileName, declaredType: type, kind, storageKey, stagingKey: stagingKeyOf(storageKey), size: 0 };
}

/** Removes what staging wrote for these files (chunks, and the joined object); never a file's own key. */
async function discardStaged(ctx: EvidenceContext, files: Staged[]): Promise<void> {
  for (const f of files) await removeStored(ctx.storage, f.stagingKey);
}

interface Checked {
  id: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  storageKey: string;
  stagingKey: string;
  dates: EvidenceDates;
}

/** Joins a staged file's chunks into its staging object through SHA-256 and the content sniffer; 413/415 on a refusal. */
async function checkStaged(ctx: EvidenceContext, file: Staged, dates: EvidenceDates): Promise<Checked> {
  assertAcceptable({ fileName: file.fileName, mimeType: file.declaredType, size: file.size }, ctx.env.EVIDENCE_MAX_MB);
  const mimeType = canonicalMime(file.kind);
  const assembly = await assembleParts(ctx.storage, file.stagingKey, file.size, mimeType);
  if (!assembly.ok) throw new Error(`the staged chunks of ${file.stagingKey} are not contiguous`);
  await removeParts(ctx.storage, file.stagingKey);
  const refusal = matchContent(file.kind, assembly.inspection.sniffed);
  if (refusal) throw new AppError(415, 'unsupported_media_type', `${file.fileName}: ${refusal}`);
  const { id, fileName, size, storageKey, stagingKey } = file;
  return { id, fileName, mimeType, size, sha256: assembly.inspection.sha256, storageKey, stagingKey, dates };
}

/**
 * Joins each staged file's chunks into its staging object through SHA-256 and the content sniffer,
 * and refuses the whole form (nothing attached) if any file is empty or not what its name says.
 * Then attaches them to the question in order; each attached file leaves `staged` (the caller
 * discards what is left there).
 */
async function attachStaged(
  ctx: EvidenceContext,
  input: { assessmentId: string; questionId: string },
  files: { file: Staged; dates: EvidenceDates }[],
  staged: Staged[],
): Promise<EvidenceView[]> {
  if (files.length === 0) return [];
  const assessment = await assertAssessmentOpen(ctx, input.assessmentId);
  await assertQuestionAsked(ctx, assessment.id, input.questionId);
  const checked: Checked[] = [];
  for (const { file, dates } of files) checked.push(await checkStaged(ctx, file, dates));
  const views: EvidenceView[] = [];
  for (const f of checked) {
    views.push(await attachOne(ctx, input, f));
    staged.splice(staged.findIndex((s) => s.id === f.id), 1);
  }
  return views;
}

/**
 * The upload-URL PUT (evidence.upload-url.ts putWholeFile): one file under an id the client chose,
 * whose parallel retries may race. The row comes first, as an `uploading` row holding a claim
 * (evidence.claim.ts): only the request whose insert wins stages, checks and moves bytes, so the
 * stored object is always the one whose SHA-256 the row records (the staging key is the id's, so a
 * second writer there would mix two files). A loser writes nothing: the same file already attached
 * answers as the repeat it is; the same file left `uploading` by a request that died is taken over
 * once its claim lapses; anything else is a 409.
 */
export async function storeWholeFile(
  ctx: EvidenceContext,
  input: { assessmentId: string; questionId: string; id: string; fileName: string; fileType: string; bytes: Uint8Array },
): Promise<EvidenceView> {
  // Scope first: another organization's assessment is a 404 before the file's name or type is judged.
  const assessment = await assertAssessmentOpen(ctx, input.assessmentId);
  await assertQuestionAsked(ctx, assessment.id, input.questionId);
  const file = stagedFile(ctx, 0, input.fileName, input.fileType, input.id);
  assertAcceptable({ fileName: file.fileName, mimeType: input.fileType, size: input.bytes.length }, ctx.env.EVIDENCE_MAX_MB);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const dates = resolveDates({}, utcDay(ctx.now()));
  const org = ctx.caller.organizationId;
  const [inserted] = await ctx.db
    .insert(evidenceFiles)
    .values({
      id: input.id,
      organizationId: org,
      assessmentId: input.assessmentId,
      questionId: input.questionId,
      fileName: file.fileName,
      mimeType: canonicalMime(file.kind),
      sizeBytes: input.bytes.length,
      sha256,
      // Every byte is "received" (a PATCH finds no offset to write at), none stored yet.
      bytesReceived: input.bytes.length,
      storageKey: file.storageKey,
      status: 'uploading',
      uploadedBy: ctx.caller.id,
      effectiveOn: dates.effectiveOn,
      expiresOn: dates.expiresOn,
      updatedAt: leaseEnd(ctx.env.EVIDENCE_CLAIM_SECONDS),
    })
    .onConflictDoNothing({ target: evidenceFiles.id })
    .returning();
  let claim: UploadClaim | undefined = inserted ? holdClaim(ctx, inserted) : undefined;
  if (!claim) {
    const [winner] = await ctx.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, input.id));
    const same = winner?.organizationId === org && winner.sha256 === sha256 && winner.sizeBytes === input.bytes.length;
    if (same && winner.status === 'attached') return toView(winner, todayOf(ctx));
    if (!(same && winner.status === 'uploading' && winner.storageKey === file.storageKey && winner.bytesReceived === winner.sizeBytes)) {
      throw conflict('This evidence id is already used by another file');
    }
    claim = await claimUpload(ctx, input.id);
    if (!claim) throw new AppError(409, 'upload_in_progress', UPLOAD_IN_PROGRESS_MSG, { offset: winner.bytesReceived });
  }
  try {
    await stageBytes(ctx, file, [input.bytes]);
    const checked = await checkStaged(ctx, file, dates);
    if (!(await ctx.storage.move(checked.stagingKey, checked.storageKey))) throw new Error(`the staged file ${checked.stagingKey} is gone`);
    const row = await finishClaim(ctx, claim, { status: 'attached', mimeType: checked.mimeType });
    return toView(row, todayOf(ctx));
  } catch (err) {
    await claim.stop();
    // Nothing of this upload counts: its claimed row goes, and the bytes only it could have written.
    const [gone] = await ctx.db
      .delete(evidenceFiles)
      .where(and(eq(evidenceFiles.id, input.id), eq(evidenceFiles.organizationId, org), eq(evidenceFiles.status, 'uploading'), eq(evidenceFiles.updatedAt, claim.token)))
      .returning({ id: evidenceFiles.id });
    if (gone) await removeStored(ctx.storage, file.storageKey);
    throw err;
  } finally {
    await discardStaged(ctx, [file]);
  }
}

/** Inserts the file's row, then moves its bytes from the staging key to its own key. */
async function attachOne(ctx: EvidenceContext, input: { assessmentId: string; questionId: string }, f: Checked): Promise<EvidenceView> {
  const org = ctx.caller.organizationId;
  let row: EvidenceRow | undefined;
  try {
    [row] = await ctx.db
      .insert(evidenceFiles)
      .values({
        id: f.id,
        organizationId: org,
        assessmentId: input.assessmentId,
        questionId: input.questionId,
        fileName: f.fileName,
        mimeType: f.mimeType,
        sizeBytes: f.size,
        sha256: f.sha256,
        bytesReceived: f.size,
        storageKey: f.storageKey,
        status: 'attached',
        uploadedBy: ctx.caller.id,
        effectiveOn: f.dates.effectiveOn,
        expiresOn: f.dates.expiresOn,
      })
      .onConflictDoNothing({ target: evidenceFiles.id })
      .returning();
    if (row && !(await ctx.storage.move(f.stagingKey, f.storageKey))) throw new Error(`the staged file ${f.stagingKey} is gone`);
  } catch (err) {
    // Nothing of this upload was saved: its bytes go, and the row only if this request inserted it.
    if (row) {
      await ctx.db.delete(evidenceFiles).where(and(eq(evidenceFiles.id, f.id), eq(evidenceFiles.organizationId, org)));
      await removeStored(ctx.storage, f.storageKey);
    }
    throw err;
  }
  if (row) return toView(row, todayOf(ctx));
  return duplicateId(ctx, f);
}

/**
 * Another upload (a repeat of this one, or a client reusing the id) saved this evidence id first:
 * its row and its bytes are never touched; this upload's bytes, still under their staging key, go. The same file again in the organization answers as the repeat it is.
 */
async function duplicateId(ctx: EvidenceContext, f: Checked): Promise<EvidenceView> {
  await removeStored(ctx.storage, f.stagingKey);
  const [winner] = await ctx.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, f.id));
  if (winner?.organizationId === ctx.caller.organizationId && winner.status === 'attached' && winner.sha256 === f.sha256) {
    return toView(winner, todayOf(ctx));
  }
  throw conflict('This evidence id is already used by another file');
}

const isMultipart = (c: Context) => (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

const busy = (c: Context, message: string) => {
  c.header('Retry-After', String(MULTIPART_BUSY_RETRY_SECONDS));
  return new AppError(429, 'rate_limited', message);
};

/**
 * In front of POST /api/assessments/{id}/responses (the global small limit skips its multipart
 * forms): a multipart form whose Content-Length is over the limit is refused before anything is read,
 * one of unknown length as soon as it passes the limit (body-limit.ts, counted while read). Then one
 * lease of the caller and one of the organization (MULTIPART_LEASES), held until the answer is sent;
 * without a free one: 429 before the body is read.
 */
export const responsesBodyLimit = factory.createMiddleware(async (c, next) => {
  if (!isMultipart(c)) return next();
  const limit = bodyLimit({ maxSize: multipartBodyLimitBytes(c.var.deps.env.EVIDENCE_MAX_MB), stream: true, onError: () => Promise.reject(tooLarge(BODY_TOO_LARGE_MSG)) });
  return limit(c, async () => {
    const { budgets } = c.var.deps;
    const { caller } = c.var;
    const mine = await budgets.lease(MULTIPART_LEASES.user, caller.id);
    if (mine === 'busy') throw busy(c, MULTIPART_BUSY_MSG.user);
    try {
      const ours = await budgets.lease(MULTIPART_LEASES.organization, caller.organizationId ?? caller.id);
      if (ours === 'busy') throw busy(c, MULTIPART_BUSY_MSG.organization);
      try {
        await next();
      } finally {
        await ours.release();
      }
    } finally {
      await mine.release();
    }
  });
});

/** A multipart answer read as a stream: its text fields, and its files staged in the store until attached or discarded. */
export interface EvidenceForm {
  /** Text fields; a repeated name gives an array (like hono's parseBody({ all: true })). */
  fields: Record<string, string | string[]>;
  /** Checks and attaches the evidence_0..n files to the question (dated by effectiveOn_N / expiresOn_N). */
  attach(assessmentId: string, questionId: string): Promise<EvidenceView[]>;
  /** Removes whatever was staged and not attached; call once the request is done, whatever happened. */
  discard(): Promise<void>;
}

/**
 * Reads the current multipart request as a stream (see the top of this file). Throws the refusal
 * (413, 415, 400) as soon as there is one, with nothing of the form left in the store; the rest of
 * the body is then not read (the server drains or closes the connection after the answer).
 */
export async function readEvidenceForm(c: Context<AppEnv>): Promise<EvidenceForm> {
  const ctx = orgContext(callerContext(c));
  const fields: Record<string, string | string[]> = {};
  const staged: Staged[] = [];
  const discard = () => discardStaged(ctx, staged.splice(0));
  const body = c.req.raw.body;
  if (!body) return { fields, attach: async () => [], discard };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': c.req.header('content-type') ?? '' },
      defParamCharset: 'utf8',
      limits: { files: MAX_MULTIPART_FILES, fields: MAX_FORM_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_MULTIPART_FILES + MAX_FORM_FIELDS, headerPairs: 16 },
    });
  } catch {
    throw badRequest('Send the answer as a multipart form or JSON');
  }
  const stop = new AbortController();
  let refusal: unknown;
  const refuse = (err: unknown) => {
    refusal ??= err;
    stop.abort();
  };
  const writing: Promise<void>[] = [];
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) return refuse(tooLarge(`The form field ${name.slice(0, 40)} is too long`));
    const prior = fields[name];
    fields[name] = prior === undefined ? value : ([] as string[]).concat(prior, value);
  });
  parser.on('file', (name, stream, info) => {
    stream.on('error', () => {}); // a cut-off form ends its open part with an error; the refusal is already decided
    const index = /^evidence_(\d{1,3})$/.exec(name)?.[1];
    if (refusal !== undefined || index === undefined) return void stream.resume(); // other file fields are not evidence: skipped
    let file: Staged;
    try {
      file = stagedFile(ctx, Number(index), info.filename ?? '', info.mimeType);
    } catch (err) {
      stream.resume();
      return refuse(err);
    }
    staged.push(file);
    writing.push(stageBytes(ctx, file, stream).catch((err: unknown) => {
      stream.resume();
      refuse(err);
    }));
  });
  parser.on('filesLimit', () => refuse(tooLarge(TOO_MANY_FILES_MSG)));
  parser.on('fieldsLimit', () => refuse(tooLarge('This form has too many fields')));
  parser.on('partsLimit', () => refuse(tooLarge('This form has too many parts')));
  parser.on('error', () => refuse(badRequest('The multipart form is malformed')));
  const parsed = once(parser, 'close', { signal: stop.signal });
  parsed.catch(() => {}); // awaited below unless the form is refused first

  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (refusal !== undefined) break;
      if (done) break;
      if (!parser.write(value)) await once(parser, 'drain', { signal: stop.signal });
    }
    if (refusal === undefined) {
      parser.end();
      await parsed;
      await Promise.all(writing);
    }
  } catch (err) {
    // A read past the body limit fails with its 413; a client that went away, or an aborted wait, otherwise.
    refuse(err instanceof AppError ? err : badRequest('The upload was interrupted'));
  }
  if (refusal !== undefined) {
    reader.cancel().catch(() => {});
    parser.destroy();
    await Promise.allSettled(writing);
    await discard();
    throw refusal;
  }
  return {
    fields,
    discard,
    async attach(assessmentId, questionId) {
      const uploadDay = utcDay(ctx.now());
      const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
      const files = [...staged]
        .sort((a, b) => a.index - b.index)
        .map((file) => ({ file, dates: parseFormDates({ effectiveOn: first(fields[`effectiveOn_${file.index}`]), expiresOn: first(fields[`expiresOn_${file.index}`]) }, uploadDay) }));
      return attachStaged(ctx, { assessmentId, questionId }, files, staged);
    },
  };
}
