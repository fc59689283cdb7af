// The local record of truth (ADR 005): Dexie schema, versions, row types and every storage key.
import { Dexie, type Table } from 'dexie';
import type { AnswerOrigin, DeferralStatus } from '#domain/contracts/enums.ts';
import type { AnswerValue } from '#domain/contracts/sync.ts';
import { IS_NEXT_RELEASE_BUILD } from '../lib/build-variant.ts';

export const SYNC_DB_NAME = 'mvrsp-sync';
/** Web Lock held by whichever page or worker is draining the outbox. */
export const OUTBOX_LOCK_NAME = 'mvrsp-outbox';
/** Background Sync tag registered after an enqueue (Chromium only; a wake-up, never a queue). */
export const BACKGROUND_SYNC_TAG = 'outbox';

export type AnswerSyncState = 'synced' | 'pending' | 'sending' | 'conflict' | 'rejected';
export type OutboxStatus = 'pending' | 'inflight' | 'conflict' | 'rejected';
export type OutboxKind = 'answer.set' | 'defer.set' | 'assessment.submit';

export interface SyncErrorInfo {
  code: string;
  http?: number;
  message: string;
}

/** The server answer a local edit collided with. */
export interface ConflictInfo {
  value: AnswerValue;
  version: number;
  by: string | null;
  byName: string | null;
  at: string;
}

export interface LocalAnswer {
  assessmentId: string;
  questionId: string;
  /** What the UI shows: the local intent while pending, else the server value. */
  value: AnswerValue;
  /** Last server version this device knows (0 = none). */
  serverVersion: number;
  serverValue: AnswerValue | null;
  updatedBy: string | null;
  updatedByName: string | null;
  /** ISO time: server time when synced, device time while pending (display only). */
  updatedAt: string | null;
  syncState: AnswerSyncState;
  /**
   * How the answer came to be (ADR 019): the server's origin when synced, the local intent while
   * pending. `carried` = copied from the previous assessment, still to re-confirm: shown, but
   * unanswered for progress, navigation and submit. Rows stored before cycles have none and read as
   * answered (only `carried` changes anything: isToConfirm). Not indexed: no schema version.
   */
  origin: AnswerOrigin;
  conflict?: ConflictInfo;
  error?: SyncErrorInfo;
}

/** A carried answer nobody has re-confirmed or changed yet: it counts as unanswered. */
export const isToConfirm = (answer: Pick<LocalAnswer, 'origin'> | undefined): boolean => answer?.origin === 'carried';
/** An answer a person has given in this assessment (a carried one still to re-confirm is not). */
export const countsAsAnswered = (answer: Pick<LocalAnswer, 'origin'> | undefined): boolean => !!answer && !isToConfirm(answer);

export interface OutboxRow {
  seq?: number;
  id: string;
  clientId: string;
  userId: string;
  orgId: string;
  assessmentId: string;
  kind: OutboxKind;
  entityKey: string;
  payload: unknown;
  baseVersion: number | null;
  clientTs: number;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  leaseUntil?: number;
  lastError?: SyncErrorInfo;
}

/**
 * A file's life on this device: queued → uploading → complete (the server holds every byte and
 * checked them; the server's `EvidenceStatus` says `complete` too, domain/contracts/enums.ts) →
 * attached. `failed` waits for the user's Retry. Its own name, not `EvidenceStatus`: that is the
 * server's evidence_files.status, with other values (ADR 016). Kept here so every storage key
 * lives in one schema.
 */
export type LocalEvidenceStatus = 'queued' | 'uploading' | 'complete' | 'attached' | 'failed';

/**
 * The one definition of "a file still waiting to be sent": every status but `attached` (ADR 017).
 * The sign-out warning and what a sign-out keeps, the submit barrier and the
 * uploader all use it (a failed file still waits: for the user's Retry).
 */
export const UNSENT_FILE_STATUSES = ['queued', 'uploading', 'complete', 'failed'] as const satisfies readonly LocalEvidenceStatus[];
export const isUnsentFile = (file: Pick<LocalEvidence, 'status'>): boolean => (UNSENT_FILE_STATUSES as readonly LocalEvidenceStatus[]).includes(file.status);
/** Unsent and not failed: what the uploader sends by itself, without waiting for a Retry. */
export const isSendableFile = (file: Pick<LocalEvidence, 'status'>): boolean => isUnsentFile(file) && file.status !== 'failed';

export interface LocalEvidence {
  id: string;
  assessmentId: string;
  questionId: string;
  /** The wire says `fileName` in requests and `file_name` in responses. */
  fileName: string;
  /** `mimeType` / `mime_type` on the wire, as everywhere (ADR 016). */
  mimeType: string;
  /** The file's size in bytes (`size_bytes` in responses; the upload request's `size`). */
  sizeBytes: number;
  sha256: string;
  /** ArrayBuffer, never Blob (Safari). Dropped after the server acknowledges the file. */
  bytes: ArrayBuffer | null;
  status: LocalEvidenceStatus;
  progress: number;
  userId?: string;
  /** From the server's list (pull): who uploaded the file and when. */
  uploadedByName?: string | null;
  uploadedAt?: string;
  /**
   * YYYY-MM-DD the document took effect and its last day (ADR 019): chosen when the file is added
   * (sent with the upload's declaration), then the server's. Absent on rows stored before dates
   * existed; an absent expiry never expires.
   */
  effectiveOn?: string;
  expiresOn?: string | null;
  error?: SyncErrorInfo;
}
export interface UploadJob {
  evidenceId: string;
  offset: number;
  uploadUrl: string | null;
}

export interface LocalDeferral {
  /** Server id once synced; the mutation id while pending. */
  id: string;
  assessmentId: string;
  questionId: string;
  deferredBy: string | null;
  deferredByName: string | null;
  deferredTo: string;
  deferredToName: string | null;
  status: DeferralStatus;
  syncState: 'synced' | 'pending' | 'rejected';
  updatedAt: string;
  error?: SyncErrorInfo;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** meta keys (the only place they are spelled). */
export const META = {
  clientId: 'clientId',
  /** {userId, orgId} of the signed-in user, set by startSync. */
  session: 'session',
  status: 'status',
  lastSyncedAt: 'lastSyncedAt',
  /** {token, expiresAt} of the page's latest access token, so a Background Sync drain can run with no page open. */
  workerAuth: 'workerAuth',
  pullCursor: (assessmentId: string) => `pull:${assessmentId}`,
  assessment: (assessmentId: string) => `assessment:${assessmentId}`,
} as const;

export const answerKey = (assessmentId: string, questionId: string) => `${assessmentId}:${questionId}`;
export const deferKey = (assessmentId: string, questionId: string) => `${assessmentId}:${questionId}:defer`;
export const submitKey = (assessmentId: string) => `${assessmentId}:submit`;

export interface SyncDbOptions {
  /** For tests and workers without globals. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

/** The evidence fields version 3 renamed: [stored name, today's name]. */
const RENAMED_IN_V3 = [
  ['name', 'fileName'],
  ['mime', 'mimeType'],
  ['size', 'sizeBytes'],
] as const;

export class SyncDatabase extends Dexie {
  answers!: Table<LocalAnswer, [string, string]>;
  outbox!: Table<OutboxRow, number>;
  evidence!: Table<LocalEvidence, string>;
  uploads!: Table<UploadJob, string>;
  deferrals!: Table<LocalDeferral, string>;
  meta!: Table<MetaRow, string>;

  constructor(name: string = SYNC_DB_NAME, opts: SyncDbOptions = {}) {
    // Read the globals at construction (not at Dexie's import), so a late polyfill such as fake-indexeddb works.
    const g = globalThis as { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange };
    const indexedDB = opts.indexedDB ?? g.indexedDB;
    const keyRange = opts.IDBKeyRange ?? g.IDBKeyRange;
    // No query cache: the answer save writes through the native API (ADR 011), which Dexie's cache would not see.
    super(name, { ...(indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : {}), cache: 'disabled' });
    this.version(1).stores({
      answers: '[assessmentId+questionId], assessmentId, syncState',
      outbox: '++seq, &id, entityKey, [assessmentId+status], nextAttemptAt',
      evidence: 'id, assessmentId, [assessmentId+questionId], status',
      uploads: 'evidenceId',
      deferrals: 'id, assessmentId, [assessmentId+questionId]',
      meta: 'key',
    });
    // v2: status indexes so the live counts (status bar, runtime, engine) are native index counts, not cursor scans.
    this.version(2).stores({
      outbox: '++seq, &id, entityKey, [assessmentId+status], nextAttemptAt, status, [userId+status]',
    });
    // v3: one name per concept (ADR 016, ADR 017): a finished upload is `complete` (was 'uploaded'), a
    // file's name, type and size are `fileName`, `mimeType`, `sizeBytes` (were `name`, `mime`, `size`).
    this.version(3)
      .stores({})
      .upgrade((tx) =>
        tx
          .table('evidence')
          .toCollection()
          .modify((row: Record<string, unknown>) => {
            if (row.status === 'uploaded') row.status = 'complete';
            for (const [was, is] of RENAMED_IN_V3) {
              if (!(was in row)) continue;
              row[is] = row[was];
              delete row[was];
            }
          }),
      );
    // The update test's "next release" (src/lib/build-variant.ts, never in a production build): one
    // more version with a new index and an upgrade that rewrites every queued change, as a real
    // schema change would, so tests/e2e/app-update.test.ts updates a device whose outbox holds
    // unsent work into a build whose schema really changed. A real next version goes here, after v3.
    if (IS_NEXT_RELEASE_BUILD) {
      this.version(4)
        .stores({ outbox: '++seq, &id, entityKey, [assessmentId+status], nextAttemptAt, status, [userId+status], clientTs' })
        .upgrade((tx) =>
          tx
            .table('outbox')
            .toCollection()
            .modify((row: Partial<OutboxRow>) => {
              row.clientTs = row.clientTs ?? Date.now();
            }),
        );
    }
  }
}

export async function getMeta<T>(db: SyncDatabase, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}
