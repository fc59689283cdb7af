// The one-shot way in (ADR 014): POST /api/assessments/{id}/responses with evidence_0..n files.
// Every file is checked (size, kind, content) before any is stored; stored files are attached at once.
// Optional text fields effectiveOn_N / expiresOn_N (YYYY-MM-DD) date the files of evidence_N (ADR 019);
// without them a file takes effect on the upload day and does not expire.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { bodyLimit } from '../../lib/body-limit.ts';
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import { canonicalMime, evidenceMaxBytes } from '#domain/evidence.ts';
import { inspectBytes, matchContent } from '#domain/evidence-sniff.ts';
import { utcDay } from '#domain/evidence-freshness.ts';
import { evidenceFiles } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { factory, type AppEnv } from '../../lib/factory.ts';
import { accessFor, assertAssessmentOpen, assertQuestionAsked, todayOf, toView, type EvidenceAccess, type EvidenceRow } from './evidence.access.ts';
import { parseFormDates, resolveDates, type EvidenceDates } from './evidence.dates.ts';
import { claimUpload, holdClaim, leaseEnd, type UploadClaim } from './evidence.claim.ts';
import { removeStored, storageKeyOf } from './evidence.storage.ts';
import { UPLOAD_IN_PROGRESS_MSG, assertAcceptable, finishClaim } from './evidence.upload.service.ts';

/** At most this many files per multipart request. */
export const MAX_MULTIPART_FILES = 5;

/** The body limit for the multipart responses route: every file at the maximum size, plus form overhead. */
export const multipartBodyLimitBytes = (maxMb: number) => MAX_MULTIPART_FILES * evidenceMaxBytes(maxMb) + 1024 * 1024;

/** The evidence_0..n entries of a parsed multipart body, in index order, each with its effectiveOn_N / expiresOn_N dates. */
export function evidenceFilesOf(body: Record<string, unknown>, uploadDay: string): { file: File; dates: EvidenceDates }[] {
  const first = (v: unknown) => (Array.isArray(v) ? (v as unknown[])[0] : v);
  return Object.keys(body)
    .map((key) => ({ key, index: /^evidence_(\d+)$/.exec(key)?.[1] }))
    .filter((e): e is { key: string; index: string } => e.index !== undefined)
    .sort((a, b) => Number(a.index) - Number(b.index))
    .flatMap(({ key, index }) => {
      const files = ([] as unknown[]).concat(body[key]).filter((v): v is File => typeof v === 'object' && v !== null && typeof (v as File).arrayBuffer === 'function');
      if (files.length === 0) return [];
      const dates = parseFormDates({ effectiveOn: first(body[`effectiveOn_${index}`]), expiresOn: first(body[`expiresOn_${index}`]) }, uploadDay);
      return files.map((file) => ({ file, dates }));
    });
}

interface Checked {
  id: string;
  fileName: string;
  mimeType: string;
  bytes: Uint8Array;
  sha256: string;
  dates: EvidenceDates;
}

async function checkFile(file: File, maxMb: number, dates: EvidenceDates, id: string = randomUUID()): Promise<Checked> {
  const check = assertAcceptable({ fileName: file.name, mimeType: file.type, size: file.size }, maxMb);
  const bytes = new Uint8Array(await file.arrayBuffer());
  assertAcceptable({ fileName: file.name, mimeType: file.type, size: bytes.length }, maxMb); // never trust the declared size
  const refusal = matchContent(check.kind, inspectBytes(bytes));
  if (refusal) throw new AppError(415, 'unsupported_media_type', `${check.fileName}: ${refusal}`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { id, fileName: check.fileName, mimeType: canonicalMime(check.kind), bytes, sha256, dates };
}

/** Checks every file, then stores and attaches them to the question. Returns the new evidence rows. */
export async function storeMultipartEvidence(
  access: EvidenceAccess,
  input: { assessmentId: string; questionId: string; files: File[]; ids?: string[]; dates?: EvidenceDates[] },
): Promise<EvidenceView[]> {
  if (input.files.length === 0) return [];
  if (input.files.length > MAX_MULTIPART_FILES) {
    throw new AppError(413, 'payload_too_large', `Attach at most ${MAX_MULTIPART_FILES} files at once`);
  }
  const assessment = await assertAssessmentOpen(access, input.assessmentId);
  await assertQuestionAsked(access.db, assessment.id, input.questionId);
  const checked: Checked[] = [];
  const uploadDay = utcDay(access.now());
  for (const [i, file] of input.files.entries()) {
    checked.push(await checkFile(file, access.maxMb, input.dates?.[i] ?? resolveDates({}, uploadDay), input.ids?.[i]));
  }
  const views: EvidenceView[] = [];
  for (const f of checked) views.push(await storeOne(access, input, f));
  return views;
}

/**
 * Stores one checked file under an id. The row comes first, as an `uploading` row holding a claim
 * (evidence.claim.ts): of two requests with the same id (a client's parallel retries of PUT
 * .../content) only the one whose insert wins writes bytes, so the stored object is always the one
 * whose SHA-256 the row records; the other writes nothing and answers as duplicateId says. The
 * winner writes the file's key (each store replaces it whole or not at all: a rename on disk, one
 * PutObject on S3) and then attaches the row while its claim holds. If it dies in between, the row
 * stays `uploading` and its claim lapses: POST .../complete then checks what was written against
 * the recorded size and SHA-256, and the abandoned-upload sweep removes what nobody completes.
 */
async function storeOne(access: EvidenceAccess, input: { assessmentId: string; questionId: string }, f: Checked) {
  const org = access.caller.organizationId;
  const storageKey = storageKeyOf(org, f.id);
  const [claimed] = await access.db
    .insert(evidenceFiles)
    .values({
      id: f.id,
      organizationId: org,
      assessmentId: input.assessmentId,
      questionId: input.questionId,
      fileName: f.fileName,
      mimeType: f.mimeType,
      sizeBytes: f.bytes.length,
      sha256: f.sha256,
      // Every byte is "received" (a PATCH finds no offset to write at), none stored yet.
      bytesReceived: f.bytes.length,
      storageKey,
      status: 'uploading',
      uploadedBy: access.caller.id,
      effectiveOn: f.dates.effectiveOn,
      expiresOn: f.dates.expiresOn,
      updatedAt: leaseEnd(access.claimSeconds),
    })
    .onConflictDoNothing({ target: evidenceFiles.id })
    .returning();
  if (!claimed) return duplicateId(access, f, storageKey);
  return writeClaimed(access, holdClaim(access, claimed), f);
}

/** Writes the file's bytes under its key and attaches the row, while `claim` holds it. */
async function writeClaimed(access: EvidenceAccess, claim: UploadClaim, f: Checked): Promise<EvidenceView> {
  const { storageKey } = claim.row;
  let row: EvidenceRow;
  try {
    await access.storage.put(storageKey, f.bytes, f.mimeType);
    row = await finishClaim(access, claim, { status: 'attached', mimeType: f.mimeType });
  } catch (err) {
    await claim.stop();
    // Nothing of this upload counts: its claimed row goes, and the bytes only it could have written.
    const [gone] = await access.db
      .delete(evidenceFiles)
      .where(and(eq(evidenceFiles.id, f.id), eq(evidenceFiles.organizationId, access.caller.organizationId), eq(evidenceFiles.status, 'uploading'), eq(evidenceFiles.updatedAt, claim.token)))
      .returning({ id: evidenceFiles.id });
    if (gone) await removeStored(access.storage, storageKey);
    throw err;
  }
  return toView(row, todayOf(access));
}

/**
 * Another upload (a repeat of this one, or a client reusing the id) saved this evidence id first:
 * its row is never deleted, and this upload wrote no bytes. The same file again in the organization
 * answers as the repeat it is once stored; while it is still `uploading` and no claim runs (the
 * request that inserted it died before attaching), this request takes the claim over and stores it.
 * Anything else is a 409.
 */
async function duplicateId(access: EvidenceAccess, f: Checked, storageKey: string): Promise<EvidenceView> {
  const [winner] = await access.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, f.id));
  const same = winner?.organizationId === access.caller.organizationId && winner.sha256 === f.sha256 && winner.sizeBytes === f.bytes.length;
  if (same && winner.status === 'attached') return toView(winner, todayOf(access));
  if (same && winner.status === 'uploading' && winner.storageKey === storageKey && winner.bytesReceived === winner.sizeBytes) {
    const claim = await claimUpload(access, f.id);
    if (claim) return writeClaimed(access, claim, f);
    throw new AppError(409, 'upload_in_progress', UPLOAD_IN_PROGRESS_MSG, { offset: winner.bytesReceived });
  }
  throw conflict('This evidence id is already used by another file');
}

/** Body limit for POST /api/assessments/{id}/responses (the global small limit skips that route). */
export const responsesBodyLimit = factory.createMiddleware(async (c, next) =>
  bodyLimit({
    maxSize: multipartBodyLimitBytes(c.var.deps.env.EVIDENCE_MAX_MB),
    onError: () => {
      throw new AppError(413, 'payload_too_large', 'The request body is too large');
    },
  })(c, next),
);

/** Stores the evidence_0..n files of the current multipart request (none: returns []). */
export async function storeFormEvidence(c: Context<AppEnv>, assessmentId: string, questionId: string): Promise<EvidenceView[]> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) return [];
  const entries = evidenceFilesOf(await c.req.parseBody({ all: true }), utcDay(c.var.deps.now()));
  if (entries.length === 0) return [];
  return storeMultipartEvidence(accessFor(c.var.deps, c.var.caller), { assessmentId, questionId, files: entries.map((e) => e.file), dates: entries.map((e) => e.dates) });
}
