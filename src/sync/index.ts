// The sync core's only barrel (style brief §7.2). React hooks live in #sync/react/hooks.ts.
export type { AnswerValue, PushResultItem, PullResponse } from '#domain/contracts/sync.ts';
export {
  SyncDatabase,
  SYNC_DB_NAME,
  OUTBOX_LOCK_NAME,
  BACKGROUND_SYNC_TAG,
  META,
  type AnswerSyncState,
  type ConflictInfo,
  type LocalAnswer,
  type LocalDeferral,
  type LocalEvidence,
  type OutboxRow,
  type SyncErrorInfo,
  type UploadJob,
} from './db.ts';
export { createSyncEngine, type DrainReport, type OnlineSignal, type SyncEngine, type SyncEngineOptions } from './engine.ts';
export { createFetchTransport, type SyncTransport, type TokenGetter, type TransportFailure, type TransportResult } from './transport.ts';
export { createDrainLock, createInProcessLock, type DrainLock } from './lock.ts';
export { uuidv7 } from './ids.ts';
export { backoffDelay, parseRetryAfter } from './backoff.ts';
export { INITIAL_STATUS, type SyncPhase, type SyncStatus } from './status.ts';
export { onStorageProblem, storageProblem, type WriteFailureCode, type WriteResult } from './write-guard.ts';
export { SUBMIT_QUEUED_MESSAGE } from './outbox.ts';
export { ensureSync, getSyncRuntime, haltSyncForSignOut, resumeSyncAfterSignOut, hasUnsentChanges, startSync, subscribeSyncRuntime, subscribeUnsentChanges, tokenExpiry, type StartSyncOptions, type SyncIdentity, type SyncRuntime } from './runtime.ts';
export { drainFromServiceWorker } from './sw-drain.ts';
export { submitBlockerFor, type SubmitBlocker } from './submit-state.ts';
export {
  cancelSubmit,
  dismissRejected,
  pullAssessmentNow,
  queueSubmit,
  recordAnswer,
  recordDeferral,
  resolveConflict,
  resumeAfterAuth,
  syncNow,
} from './api.ts';
export { type SubmitState } from './submit-state.ts';
export { clearForSignOut, unsentOf, type UnsentOfUser } from './sign-out.ts';
