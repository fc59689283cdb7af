// The engine's public state, kept in Dexie meta so every tab (and the service worker) sees it.
// Every tab's status bar re-reads the row on each write (a live query), so it is written only when
// it changes: in practice, when the phase does (a drain writes 'pushing', then 'in-sync').
import { META, type SyncDatabase, type SyncErrorInfo } from './db.ts';

export type SyncPhase = 'offline' | 'pushing' | 'pulling' | 'in-sync' | 'error' | 'auth_required';

/** The status row. */
export interface StoredStatus {
  phase: SyncPhase;
  /** ISO time of the last successful push or pull. */
  lastSyncedAt: string | null;
  lastError: SyncErrorInfo | null;
  /** Epoch ms before which non-forced drains wait (backoff). */
  retryAt: number;
  /** True after a 401 that a token refresh could not fix; cleared by resumeAfterAuth(). */
  paused: boolean;
}

/** The engine's status: the row, and the rows still to send (counted when asked, never stored). */
export interface SyncStatus extends StoredStatus {
  pendingCount: number;
}

export const INITIAL_STATUS: StoredStatus = {
  phase: 'in-sync',
  lastSyncedAt: null,
  lastError: null,
  retryAt: 0,
  paused: false,
};

const FIELDS = Object.keys(INITIAL_STATUS) as Array<keyof StoredStatus>;

/** The row as stored (older rows may carry more fields, e.g. a pendingCount: they are dropped here). */
export async function readStatus(db: SyncDatabase): Promise<StoredStatus> {
  const stored = ((await db.meta.get(META.status))?.value ?? {}) as Partial<StoredStatus>;
  return Object.fromEntries(FIELDS.map((k) => [k, stored[k] ?? INITIAL_STATUS[k]])) as unknown as StoredStatus;
}

/** Rows this user still has to get to the server (pending or sending). */
export async function countUnsent(db: SyncDatabase, userId: string | null): Promise<number> {
  if (!userId) return 0;
  const counts = await Promise.all((['pending', 'inflight'] as const).map((s) => db.outbox.where('[userId+status]').equals([userId, s]).count()));
  return counts[0]! + counts[1]!;
}

const same = (a: StoredStatus, b: StoredStatus) => FIELDS.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

/** Applies `patch` to the row; writes only when that changes it. Returns the row as it now is. */
export async function writeStatus(db: SyncDatabase, patch: Partial<StoredStatus>): Promise<StoredStatus> {
  return db.transaction('rw', db.meta, async () => {
    const current = await readStatus(db);
    const next = { ...current, ...patch };
    if (!same(current, next)) await db.meta.put({ key: META.status, value: next });
    return next;
  });
}
