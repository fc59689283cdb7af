// The sync core's only barrel: with src/sync/react/*.ts, the one entry the SPA may import
// (eslint.config.js, ADR 010 and 017). React context and hooks live in src/sync/react/.
export type { AnswerValue, PushResultItem, PullResponse } from '#domain/contracts/sync.ts';
export {
  SyncDatabase,
  BACKGROUND_SYNC_TAG,
  META,
  isUnsentFile,
  isToConfirm,
  countsAsAnswered,
  type AnswerSyncState,
  type ConflictInfo,
  type LocalAnswer,
  type LocalDeferral,
  type LocalEvidence,
} from './db.ts';
export { createSyncEngine, type OnlineSignal, type SyncEngine } from './engine.ts';
export { createFetchTransport, type TokenGetter } from './transport.ts';
export { createInProcessLock } from './lock.ts';
export { type SyncStatus } from './status.ts';
export { storageProblem, type WriteResult } from './write-guard.ts';
export {
  ensureSync,
  getSyncRuntime,
  haltSyncForSignOut,
  resumeSyncAfterSignOut,
  startSync,
  subscribeSyncRuntime,
  tokenExpiry,
  type Caller,
  type SyncRuntime,
  type UnsentState,
} from './runtime.ts';
export { answersMap, type OutboxSummary } from './queries.ts';
export type { EvidenceUploads } from './evidence/upload-scheduler.ts';
export { datesProblem, type EvidenceDates } from './evidence/evidence-dates.ts';
export type { FileResult } from './evidence/evidence-files.ts';
export { drainFromServiceWorker } from './sw-drain.ts';
export { submitBlockerFor, type SubmitState } from './submit-state.ts';
export { clearForSignOut, unsentOf } from './sign-out.ts';
export { forgetPulledState } from './release-move.ts';
