// Whether reads may be saved to the device (ADR 032): closed while a sign-out clears it, so a
// response that lands late cannot put organization data back. Its own small module: the sign-out
// and the cached profile read it from the first route, while the persisted cache (./query-cache.ts,
// with IndexedDB) loads with the data layer.
/** Set while a sign-out clears the device: nothing may be saved again until it is allowed. */
let savesBlocked = false;
/** Blocks (a sign-out started) or allows again (the page stays, signed out) every save of a read. */
export function blockQueryCacheSaves(blocked: boolean): void {
  savesBlocked = blocked;
}

export function queryCacheSavesBlocked(): boolean {
  return savesBlocked;
}


/** The IndexedDB database of the persisted read cache (./query-cache.ts). */
export const QUERY_CACHE_DB = 'mvrsp-query-cache';

/**
 * Empties every user's saved reads without loading the data layer, for a sign-out whose page could
 * not load it (then no client of this page can write the cache back). A cleared store, not a
 * deleted database: another tab's open connection would block a deletion.
 */
export function clearQueryCacheDatabase(): Promise<void> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(QUERY_CACHE_DB);
      request.onupgradeneeded = () => request.result.createObjectStore('clients');
      request.onerror = () => resolve();
      request.onsuccess = () => {
        const db = request.result;
        const tx = db.transaction('clients', 'readwrite');
        tx.objectStore('clients').clear();
        tx.oncomplete = tx.onerror = tx.onabort = () => {
          db.close();
          resolve();
        };
      };
    } catch {
      resolve(); // IndexedDB unavailable: nothing was saved
    }
  });
}
