// The sign-out's fallback when the data layer cannot load (src/app/sign-out.ts): the persisted read
// cache's database is emptied through IndexedDB alone. This file never loads ./query-cache.ts, as
// such a page would not, so no connection of its own holds the database open.
import { describe, expect, it } from 'vitest';
import { clearQueryCacheDatabase, QUERY_CACHE_DB } from './save-gate.ts';

const open = (): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const request = indexedDB.open(QUERY_CACHE_DB);
    request.onupgradeneeded = () => request.result.createObjectStore('clients');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const savedKeys = async (): Promise<IDBValidKey[]> => {
  const db = await open();
  const keys = await new Promise<IDBValidKey[]>((resolve) => {
    const request = db.transaction('clients').objectStore('clients').getAllKeys();
    request.onsuccess = () => resolve(request.result);
  });
  db.close();
  return keys;
};

describe('clearQueryCacheDatabase', () => {
  it("empties the saved reads", async () => {
    const db = await open();
    await new Promise<void>((resolve) => {
      const tx = db.transaction('clients', 'readwrite');
      tx.objectStore('clients').put({ buster: 'v1' }, 'user:a');
      tx.oncomplete = () => resolve();
    });
    db.close();
    // Other test files share this origin and may save their own reads meanwhile: only this key is checked.
    expect(await savedKeys()).toContain('user:a');
    await clearQueryCacheDatabase();
    expect(await savedKeys()).not.toContain('user:a');
  });
});
