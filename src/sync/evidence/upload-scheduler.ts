// The runtime's one evidence upload scheduler (ADR 017), and every evidence action of the screen.
// The uploader runs at start, right after a file is queued, when the device comes back online or
// the page becomes visible, after a failure with backoff, and every 30 s while files wait.
import { liveQuery } from 'dexie';
import { isSendableFile, type SyncDatabase } from '../db.ts';
import type { OnlineSignal, Scheduler } from '../engine.ts';
import { backoffDelay } from '../backoff.ts';
import type { FetchLike, TokenGetter } from '../transport.ts';
import { createEvidenceTransport, type EvidenceTransport } from './evidence-transport.ts';
import { getEvidenceFile, removeEvidence, setEvidenceDates, type FileResult } from './evidence-files.ts';
import type { EvidenceDates } from './evidence-dates.ts';
import { queueEvidence, type PickedFile, type QueueEvidenceResult, type StorageLike } from './queue-evidence.ts';
import { createEvidenceUploader, type UploadRunReport } from './uploader.ts';

export interface EvidenceUploadsOptions {
  db: SyncDatabase;
  getToken: TokenGetter;
  /** The signed-in user, whose files are sent (uploader.ts); null sends nothing. */
  getUserId: () => string | null;
  baseUrl?: string;
  fetch?: FetchLike;
  transport?: EvidenceTransport;
  onlineSignal?: OnlineSignal;
  scheduler?: Scheduler;
  random?: () => number;
  pollIntervalMs?: number;
  /** Passed to the uploader (in-run retries after a dropped connection). */
  retryDelaysMs?: readonly number[];
  /** After files were attached (e.g. let the sync engine re-check a waiting submit). */
  onAttached?: (evidenceIds: string[]) => void;
}

export interface QueueFileInput {
  assessmentId: string;
  questionId: string;
  /** The signed-in user, who owns the file until it is attached. */
  userId: string;
  file: PickedFile;
  /** EVIDENCE_MAX_MB from GET /api/config. */
  maxMb: number;
  /** navigator.storage by default; null skips the quota check. */
  storage?: StorageLike | null;
  /** The document's dates (ADR 019), kept with the file and sent with its upload. */
  dates?: EvidenceDates;
}

export interface EvidenceUploads {
  /** Stores a picked file on this device and starts sending it (checks, then one transaction: queue-evidence.ts). */
  queue(input: QueueFileInput): Promise<QueueEvidenceResult>;
  /** Runs the uploader now. */
  kick(): Promise<UploadRunReport>;
  /** Puts a failed file back in the queue and runs the uploader. */
  retry(evidenceId: string): Promise<void>;
  /** Removes a file from its question (detached on the server first once it left this device). */
  remove(evidenceId: string): Promise<{ ok: true } | { ok: false; message: string }>;
  /** Changes a file's dates: locally while it waits to upload, else on the server (needs a connection). */
  setDates(evidenceId: string, dates: EvidenceDates): Promise<{ ok: true } | { ok: false; message: string }>;
  /** The file's bytes: local while it waits to upload, else the organization-scoped download route. */
  file(evidenceId: string): Promise<FileResult>;
  /** No runs and no polls until resume() (the runtime's caller went null). */
  pause(): void;
  /** Runs again after pause() (a caller is back). */
  resume(): void;
  /** Stops for good: no timers, and an upload in progress ends before its next request or write. */
  stop(): void;
  /** Resolves when the upload running at stop() has ended. */
  settled(): Promise<void>;
}

const defaultScheduler: Scheduler = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function startEvidenceUploads(opts: EvidenceUploadsOptions): EvidenceUploads {
  const transport = opts.transport ?? createEvidenceTransport({ getToken: opts.getToken, baseUrl: opts.baseUrl, fetch: opts.fetch });
  const uploader = createEvidenceUploader({ db: opts.db, transport, getUserId: opts.getUserId, retryDelaysMs: opts.retryDelaysMs });
  const timers = opts.scheduler ?? defaultScheduler;
  const random = opts.random ?? Math.random;
  let failures = 0;
  let timer: unknown;
  let stopped = false;
  let paused = false;

  const waiting = () => opts.db.evidence.filter(isSendableFile).count();

  function later(ms: number) {
    if (stopped || paused) return;
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = undefined;
      safeKick();
    }, ms);
  }

  async function kick(): Promise<UploadRunReport> {
    if (stopped || paused) return { acquired: false, attached: [], failed: [], stoppedBy: null };
    const report = await uploader.run();
    if (report.attached.length) opts.onAttached?.(report.attached);
    if (report.stoppedBy) {
      failures += 1;
      later(backoffDelay(failures, random));
    } else {
      failures = 0;
      if ((await waiting().catch(() => 0)) > 0) later(opts.pollIntervalMs ?? 30_000);
    }
    return report;
  }

  /** Local storage trouble must not become an unhandled rejection: try again on the next poll. */
  const safeKick = () => void kick().catch(() => later(opts.pollIntervalMs ?? 30_000));
  const unsubscribe = opts.onlineSignal?.subscribe((signal) => {
    if (signal !== 'offline') safeKick();
  });
  // Files queued or left waiting by anyone (another uploader instance, a reload) always have a poll pending.
  const watch = liveQuery(waiting).subscribe({
    next: (n) => {
      if (n > 0 && timer === undefined) later(opts.pollIntervalMs ?? 30_000);
    },
    error: () => undefined,
  });
  safeKick();

  return {
    async queue({ file, maxMb, storage, ...input }) {
      return queueEvidence(opts.db, { ...input, file }, { maxMb, storage, onQueued: safeKick });
    },
    kick,
    async retry(id) {
      await uploader.retry(id);
      safeKick();
    },
    remove: (id) => removeEvidence(opts.db, transport, id),
    setDates: (id, dates) => setEvidenceDates(opts.db, transport, id, dates),
    file: (id) => getEvidenceFile(opts.db, transport, id),
    pause() {
      paused = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
    resume() {
      if (!paused) return;
      paused = false;
      safeKick();
    },
    stop() {
      stopped = true;
      uploader.stop();
      unsubscribe?.();
      watch.unsubscribe();
      if (timer !== undefined) timers.clearTimeout(timer);
    },
    settled: () => uploader.settled(),
  };
}
