// The answer save's hot path runs on the native IndexedDB API under Dexie's connection (ADR 011):
// Dexie's per-request machinery cost about 1 ms of a ~2 ms save. Everything else goes through Dexie.
import { Dexie, RangeSet, type IndexableType } from 'dexie';
import type { SyncDatabase } from './db.ts';

export type StoreName = 'answers' | 'outbox';

/**
 * Dexie's own connection (opened on demand), so version changes and closes behave as for Dexie's
 * queries. Synchronous when it is open: a save then creates its transaction in the click's own
 * turn, before React renders anything for that click.
 */
export function nativeConnection(db: SyncDatabase): IDBDatabase | Promise<IDBDatabase> {
  return db.isOpen() ? db.backendDB() : db.open().then(() => db.backendDB());
}

export const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/** Resolves when the transaction has committed; rejects with its error (e.g. QuotaExceededError) when it aborts. */
export const committed = (tx: IDBTransaction): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    // No preventDefault on errors: an unhandled request error must abort the transaction.
    tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted.', 'AbortError'));
  });

/**
 * Asks the backend to commit once every request is issued (`IDBTransaction.commit()`), instead of
 * the auto-commit that waits for the last request's result to come back first. Where commit() is
 * missing (older engines) the transaction auto-commits as before.
 */
export function commitNow(tx: IDBTransaction): void {
  (tx as { commit?: () => void }).commit?.call(tx);
}

/** What a native transaction changed in one store: primary keys, and every row as it was and is now. */
export interface StoreChanges {
  keys: IndexableType[];
  rows: object[];
}

/**
 * Tells live queries in this page and in other tabs/workers (Dexie's BroadcastChannel) which keys
 * and index values changed, as Dexie's observability middleware does after its own commits, so
 * only the queries that read them run again. The part names are Dexie internals (its observability
 * middleware); native-tx.test.ts compares them with what Dexie fires for the same writes.
 */
export function announceChanges(db: SyncDatabase, changes: Partial<Record<StoreName, StoreChanges>>): void {
  const parts: Record<string, RangeSet> = {};
  for (const [name, change] of Object.entries(changes) as [StoreName, StoreChanges][]) {
    const prefix = `idb://${db.name}/${name}/`;
    parts[prefix] = new RangeSet().addKeys(change.keys);
    parts[`${prefix}:dels`] = new RangeSet().addKeys(change.keys);
    for (const index of db.table(name).schema.indexes) {
      if (!index.name || !index.keyPath) continue;
      const values = change.rows.map((row) => Dexie.getByKeyPath(row, index.keyPath!)).filter((v) => v !== undefined);
      parts[`${prefix}${index.name}`] = new RangeSet().addKeys(values);
    }
  }
  Dexie.on('storagemutated').fire(parts);
}
