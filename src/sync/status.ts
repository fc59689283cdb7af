// The engine's public state, kept in Dexie meta so every tab (and the service worker) sees it.
import { META, type SyncDatabase, type SyncErrorInfo } from './db.ts';

export type SyncPhase = 'offline' | 'pushing' | 'pulling' | 'in-sync' | 'error' | 'auth_required';

export interface SyncStatus {
  phase: SyncPhase;
  pendingCount: number;
  /** ISO time of the last successful push or pull. */
  lastSyncedAt: string | null;
  lastError: SyncErrorInfo | null;
  /** Epoch ms before which non-forced drains wait (backoff). */
  retryAt: number;
  /** True after a 401 that a token refresh could not fix; cleared by resumeAfterAuth(). */
  paused: boolean;
}

export const INITIAL_STATUS: SyncStatus = {
  phase: 'in-sync',
  pendingCount: 0,
  lastSyncedAt: null,
  lastError: null,
  retryAt: 0,
  paused: false,
};

export async function readStatus(db: SyncDatabase): Promise<SyncStatus> {
  const row = await db.meta.get(META.status);
  return { ...INITIAL_STATUS, ...((row?.value as Partial<SyncStatus> | undefined) ?? {}) };
}

/** Rows this user still has to get to the server (pending or sending). */
export async function countUnsent(db: SyncDatabase, userId: string | null): Promise<number> {
  if (!userId) return 0;
  const counts = await Promise.all((['pending', 'inflight'] as const).map((s) => db.outbox.where('[userId+status]').equals([userId, s]).count()));
  return counts[0]! + counts[1]!;
}

export async function writeStatus(db: SyncDatabase, userId: string | null, patch: Partial<SyncStatus>): Promise<SyncStatus> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const next = { ...(await readStatus(db)), ...patch, pendingCount: await countUnsent(db, userId) };
    await db.meta.put({ key: META.status, value: next });
    return next;
  });
}
