// The sync core's only barrel: with src/sync/react/*.ts, the one entry the SPA may import
// (eslint.config.js, ADR 010 and 017). React context and hooks live in src/sync/react/.
export type { AnswerValue, PushResultItem, PullResponse } from '#domain/contracts/sync.ts';
export {
  SyncDatabase,
  SYNC_DB_NAME,
  OUTBOX_LOCK_NAME,
  BACKGROUND_SYNC_TAG,
  META,
  isUnsentFile,
  type AnswerSyncState,
  type ConflictInfo,
  type LocalEvidenceStatus,
  type LocalAnswer,
  type LocalDeferral,
  type LocalEvidence,
  type OutboxRow,
  type SyncErrorInfo,
  type UploadJob,
} from './db.ts';
export { createSyncEngine, type DrainReport, type OnlineSignal, type SyncEngine, type SyncEngineOptions } from './engine.ts';
export { createFetchTransport, type SyncTransport, type TokenGetter } from './transport.ts';
export { createDrainLock, createInProcessLock, type DrainLock } from './lock.ts';
export { uuidv7 } from './ids.ts';
export { backoffDelay } from './backoff.ts';
export { INITIAL_STATUS, type SyncPhase, type SyncStatus } from './status.ts';
export { onStorageProblem, storageProblem, type WriteFailureCode, type WriteResult } from './write-guard.ts';
export { SUBMIT_QUEUED_MESSAGE } from './outbox.ts';
export {
  ensureSync,
  getSyncRuntime,
  haltSyncForSignOut,
  hasUnsent,
  resumeSyncAfterSignOut,
  startSync,
  subscribeSyncRuntime,
  tokenExpiry,
  type Caller,
  type StartSyncOptions,
  type SyncRuntime,
  type UnsentState,
} from './runtime.ts';
export { answersMap, type OutboxSummary, type QuestionSyncView } from './queries.ts';
export type { EvidenceUploads, QueueFileInput } from './evidence/upload-scheduler.ts';
export type { FileResult } from './evidence/evidence-files.ts';
export type { PickedFile, QueueEvidenceResult } from './evidence/queue-evidence.ts';
export { drainFromServiceWorker } from './sw-drain.ts';
export { submitBlockerFor, type SubmitBlocker } from './submit-state.ts';
export { type SubmitState } from './submit-state.ts';
export { clearForSignOut, unsentOf, type UnsentOfUser } from './sign-out.ts';
