// Uploads queued evidence in chunks (ADR 006): declare (idempotent) → PATCH from the SERVER's offset
// → complete (server sniffs and checks SHA-256) → attach. Progress lives in Dexie, so a reload, another
// tab or a dropped connection resumes where the server says it is. One uploader per origin (lock).
import { EVIDENCE_CHUNK_BYTES } from '#domain/evidence.ts';
import { isSendableFile, type LocalEvidence, type SyncDatabase, type SyncErrorInfo } from '../db.ts';
import { createDrainLock, type DrainLock } from '../lock.ts';
import type { HttpFailure } from '../../lib/http.ts';
import { isMfaRequired } from '../../lib/mfa-required.ts';
import type { EvidenceTransport } from './evidence-transport.ts';

export const EVIDENCE_LOCK_NAME = 'mvrsp-evidence-uploads';
/**
 * Failures worth retrying later by themselves (offline, server trouble, expired session, rate limit,
 * a session that must first show its second factor): the file stays queued. Any other refusal is
 * the file's own, and marks it failed.
 */
const retryable = (f: HttpFailure) => f.kind === 'network' || f.status >= 500 || f.status === 401 || f.status === 408 || f.status === 429 || isMfaRequired(f);

export interface UploaderOptions {
  db: SyncDatabase;
  transport: EvidenceTransport;
  chunkBytes?: number;
  lock?: DrainLock;
  /** The signed-in user: only this user's files are sent; another user's are held, and with no user nothing is sent. */
  getUserId: () => string | null | Promise<string | null>;
  /** Waits before re-asking the server's offset after a dropped connection (tus-style); [] = give up at once. */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY_DELAYS_MS = [1_000, 3_000, 5_000, 10_000] as const;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface UploadRunReport {
  acquired: boolean;
  attached: string[];
  failed: string[];
  /** The retryable failure that stopped the run (retry later), if any. */
  stoppedBy: SyncErrorInfo | null;
}

type Step = { ok: true } | { ok: false; retry: boolean; error: SyncErrorInfo };

const errorOf = (f: HttpFailure): SyncErrorInfo =>
  f.kind === 'network'
    ? { code: 'network', message: 'Waiting for a connection to upload this file.' }
    : { code: f.code ?? `http_${f.status}`, http: f.status, message: f.message };
const fail = (f: HttpFailure): Step => ({ ok: false, retry: retryable(f), error: errorOf(f) });

export interface EvidenceUploader {
  /** Uploads every queued file; resolves when done or stopped by a retryable failure. */
  run(): Promise<UploadRunReport>;
  /** Puts a failed file back in the queue (the user pressed Retry). */
  retry(evidenceId: string): Promise<void>;
  /** From now on nothing more is requested or written: a run in progress ends at its next step (a sign-out). */
  stop(): void;
  /** Resolves when the run in progress at stop() has ended. */
  settled(): Promise<void>;
}

/** Thrown inside a run once the uploader is stopped: the run ends without another request or write. */
class UploaderStopped extends Error {}

export function createEvidenceUploader(opts: UploaderOptions): EvidenceUploader {
  const { db, transport } = opts;
  const chunkBytes = opts.chunkBytes ?? EVIDENCE_CHUNK_BYTES;
  const lock = opts.lock ?? createDrainLock(EVIDENCE_LOCK_NAME);
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  /** Called right before every request and every write: a stopped uploader does neither. */
  const live = () => {
    if (stopped) throw new UploaderStopped();
  };
  const t: Pick<EvidenceTransport, 'declare' | 'patch' | 'complete' | 'attach'> = {
    declare: (body) => (live(), transport.declare(body)),
    patch: (id, offset, chunk) => (live(), transport.patch(id, offset, chunk)),
    complete: (id) => (live(), transport.complete(id)),
    attach: (id) => (live(), transport.attach(id)),
  };

  const patchRow = async (id: string, changes: Partial<LocalEvidence>) => (live(), db.evidence.update(id, changes));

  async function setOffset(row: LocalEvidence, offset: number) {
    live();
    await db.transaction('rw', db.evidence, db.uploads, async () => {
      await db.evidence.update(row.id, { progress: row.sizeBytes ? offset / row.sizeBytes : 1, status: 'uploading' });
      await db.uploads.put({ evidenceId: row.id, offset, uploadUrl: `/api/evidence/uploads/${row.id}` });
    });
  }

  /** PATCHes chunks until the server holds all bytes; a 409 moves to the server's offset. */
  async function sendBytes(row: LocalEvidence, start: number): Promise<Step> {
    const bytes = new Uint8Array(row.bytes!);
    let offset = start;
    for (let stalls = 0; offset < row.sizeBytes && stalls < 3; ) {
      if (!(await db.evidence.get(row.id))) return { ok: false, retry: false, error: { code: 'removed', message: 'Removed' } };
      const res = await t.patch(row.id, offset, bytes.subarray(offset, Math.min(row.sizeBytes, offset + chunkBytes)));
      const next = res.ok ? res.value.offset : res.offset;
      if (!res.ok && (res.kind !== 'http' || res.status !== 409 || next === undefined)) return fail(res);
      stalls = next! > offset ? 0 : stalls + 1;
      offset = next!;
      await setOffset(row, offset);
    }
    return offset >= row.sizeBytes ? { ok: true } : { ok: false, retry: true, error: { code: 'stalled', message: 'The upload did not advance.' } };
  }

  async function finish(row: LocalEvidence): Promise<Step> {
    const done = await t.complete(row.id);
    if (!done.ok) {
      if (done.kind === 'http' && (done.status === 422 || done.status === 415)) await (live(), db.uploads.put({ evidenceId: row.id, offset: 0, uploadUrl: null }));
      return fail(done);
    }
    await patchRow(row.id, { status: 'complete', progress: 1 });
    const attached = await t.attach(row.id);
    if (!attached.ok) return fail(attached);
    // Acknowledged: keep the metadata, drop the bytes (ADR 006).
    live();
    await db.transaction('rw', db.evidence, db.uploads, async () => {
      await db.evidence.update(row.id, { status: 'attached', progress: 1, bytes: null, error: undefined });
      await db.uploads.delete(row.id);
    });
    return { ok: true };
  }

  async function uploadOne(row: LocalEvidence): Promise<Step> {
    if (row.status !== 'complete') {
      if (!row.bytes) return { ok: false, retry: false, error: { code: 'missing_bytes', message: 'The file is no longer on this device. Attach it again.' } };
      const declared = await t.declare({
        evidenceId: row.id,
        assessmentId: row.assessmentId,
        questionId: row.questionId,
        fileName: row.fileName,
        mimeType: row.mimeType,
        size: row.sizeBytes,
        sha256: row.sha256,
        ...(row.effectiveOn ? { effectiveOn: row.effectiveOn } : {}),
        ...(row.expiresOn ? { expiresOn: row.expiresOn } : {}),
      });
      if (!declared.ok) return fail(declared);
      if (declared.value.status === 'uploading') {
        await setOffset(row, declared.value.offset);
        const sent = await sendBytes(row, declared.value.offset);
        if (!sent.ok) return sent;
      }
    }
    return finish(row);
  }

  /** One file, re-trying transient failures a few times: each attempt resumes from the server's offset. */
  async function uploadWithRetries(row: LocalEvidence): Promise<Step> {
    const delays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    for (let attempt = 0; ; attempt++) {
      const current = await db.evidence.get(row.id);
      if (!current) return { ok: false, retry: false, error: { code: 'removed', message: 'Removed' } };
      const step = await uploadOne(current);
      if (step.ok || !step.retry || step.error.http === 401 || attempt >= delays.length) return step;
      await patchRow(row.id, { error: step.error });
      await (opts.sleep ?? defaultSleep)(delays[attempt]!);
      live();
    }
  }

  async function runLocked(): Promise<Omit<UploadRunReport, 'acquired'>> {
    const report: Omit<UploadRunReport, 'acquired'> = { attached: [], failed: [], stoppedBy: null };
    // No signed-in user (signed out, or the caller cleared while a session remains): nothing is sent.
    const uid = await opts.getUserId();
    if (!uid || stopped) return report;
    const rows = (await db.evidence.filter(isSendableFile).toArray()).filter((e) => e.userId === uid);
    for (const row of rows) {
      let step: Step;
      try {
        step = await uploadWithRetries(row);
      } catch (err) {
        if (err instanceof UploaderStopped) return report;
        throw err;
      }
      if (stopped) return report;
      if (step.ok) report.attached.push(row.id);
      else if (step.error.code === 'removed') continue;
      else if (step.retry) {
        await patchRow(row.id, { error: step.error });
        report.stoppedBy = step.error;
        break;
      } else {
        await patchRow(row.id, { status: 'failed', error: step.error });
        report.failed.push(row.id);
      }
    }
    return report;
  }

  return {
    async run() {
      if (stopped) return { acquired: false, attached: [], failed: [], stoppedBy: null };
      const work = lock(runLocked);
      running = Promise.allSettled([running, work]);
      const r = await work;
      return r.acquired ? { acquired: true, ...r.value } : { acquired: false, attached: [], failed: [], stoppedBy: null };
    },
    stop() {
      stopped = true;
    },
    async settled() {
      await running;
    },
    async retry(evidenceId) {
      if (stopped) return;
      const row = await db.evidence.get(evidenceId);
      if (row?.status === 'failed') await patchRow(evidenceId, { status: row.bytes ? 'queued' : 'failed', error: row.bytes ? undefined : row.error });
    },
  };
}
