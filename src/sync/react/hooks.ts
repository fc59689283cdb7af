// React hooks over the sync runtime of the context (runtime-context.ts): live queries over Dexie,
// so every tab shows the same state.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { useOnline } from '../../lib/use-online.ts';
import { META, type LocalDeferral, type SyncDatabase, type SyncErrorInfo } from '../db.ts';
import { answersMap, EMPTY_SUMMARY, outboxSummary, type OutboxSummary, type QuestionSyncView } from '../queries.ts';
import type { UnsentState } from '../runtime.ts';
import { useSyncDb, useSyncRuntime } from './runtime-context.ts';
import { INITIAL_STATUS, readStatus, type SyncPhase } from '../status.ts';
import { submitBlockerFor, type SubmitState } from '../submit-state.ts';
import { onStorageProblem, storageProblem, type WriteFailureCode } from '../write-guard.ts';
import type { AssessmentSyncView } from '#domain/contracts/sync.ts';

export type { OutboxSummary, QuestionSyncView };

const NOTHING_UNSENT: UnsentState = { rows: 0, files: 0, oldest: null };
const noSubscription = () => () => undefined;

export interface SyncStatusView {
  phase: SyncPhase;
  pendingCount: number;
  lastSyncedAt: string | null;
  /** navigator.onLine as a hint, overruled by failed requests. */
  online: boolean;
  lastError: SyncErrorInfo | null;
  storageProblem: WriteFailureCode | null;
  /** Device time of the oldest change still waiting (Safari may wipe storage after 7 days unused: warn after 3). */
  oldestPendingAt: number | null;
}

/** The running sync runtime's status (before it starts: the initial, empty status). */
export function useSyncStatus(): SyncStatusView {
  const runtime = useSyncRuntime();
  const db = runtime?.db;
  const online = useOnline();
  const problem = useSyncExternalStore(onStorageProblem, storageProblem, () => null);
  const status = useLiveQuery(async () => (db ? readStatus(db) : INITIAL_STATUS), [db], INITIAL_STATUS);
  const unsent = useSyncExternalStore(runtime?.subscribeUnsent ?? noSubscription, runtime?.unsent ?? (() => NOTHING_UNSENT), () => NOTHING_UNSENT);
  return {
    phase: online ? status.phase : 'offline',
    pendingCount: unsent.rows,
    lastSyncedAt: status.lastSyncedAt,
    online: online && status.phase !== 'offline',
    lastError: status.lastError,
    storageProblem: problem,
    oldestPendingAt: unsent.oldest,
  };
}

/** questionId → local answer with its sync state. */
export function useAnswers(assessmentId: string | undefined, dbOverride?: SyncDatabase): Record<string, QuestionSyncView> {
  const runtimeDb = useSyncDb();
  const db = dbOverride ?? runtimeDb;
  return useLiveQuery(async () => (db && assessmentId ? answersMap(db, assessmentId) : {}), [db, assessmentId], {});
}

/** Counts for "Sending 3 answers and 1 file…" (no query while `assessmentId` is undefined). */
export function useOutboxSummary(assessmentId: string | undefined, dbOverride?: SyncDatabase): OutboxSummary {
  const runtimeDb = useSyncDb();
  const db = dbOverride ?? runtimeDb;
  return useLiveQuery(async () => (db && assessmentId ? outboxSummary(db, assessmentId) : EMPTY_SUMMARY), [db, assessmentId], EMPTY_SUMMARY);
}

const NO_SUBMIT: SubmitState = { phase: 'none', blocker: null, error: null };

export function useSubmitState(assessmentId: string | undefined, userId: string | undefined, dbOverride?: SyncDatabase): SubmitState {
  const runtimeDb = useSyncDb();
  const db = dbOverride ?? runtimeDb;
  return useLiveQuery(async () => (db && assessmentId && userId ? submitBlockerFor(db, assessmentId, userId) : NO_SUBMIT), [db, assessmentId, userId], NO_SUBMIT);
}

export function useDeferrals(assessmentId: string | undefined, dbOverride?: SyncDatabase): LocalDeferral[] {
  const runtimeDb = useSyncDb();
  const db = dbOverride ?? runtimeDb;
  return useLiveQuery(async () => (db && assessmentId ? db.deferrals.where('assessmentId').equals(assessmentId).toArray() : []), [db, assessmentId], []);
}

/** Server lock state of an assessment as last pulled ({status, submitted_at}), or null if never pulled. */
export function useAssessmentSyncState(assessmentId: string | undefined, dbOverride?: SyncDatabase): AssessmentSyncView | null {
  const runtimeDb = useSyncDb();
  const db = dbOverride ?? runtimeDb;
  return useLiveQuery(
    async () => (db && assessmentId ? (((await db.meta.get(META.assessment(assessmentId)))?.value as AssessmentSyncView | undefined) ?? null) : null),
    [db, assessmentId],
    null,
  );
}

