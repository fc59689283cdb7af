// The per-install client id sent with every push (not per tab).
import { getMeta, META, type SyncDatabase } from './db.ts';
import { uuidv7, type RandomBytes } from './ids.ts';

/** The id never changes once stored: remembered per open database so a save costs no extra transaction. */
const cache = new WeakMap<SyncDatabase, string>();

/** The id if this open database has already read it (lets a save start its transaction synchronously). */
export function knownClientId(db: SyncDatabase): string | undefined {
  return db.isOpen() ? cache.get(db) : undefined;
}

/** Stable per-install id (not per tab), created on first use. */
export async function getClientId(db: SyncDatabase, deps: { now?: () => number; randomBytes?: RandomBytes } = {}): Promise<string> {
  const known = cache.get(db);
  if (known && db.isOpen()) return known;
  const id = await db.transaction('rw', db.meta, async () => {
    const existing = await getMeta<string>(db, META.clientId);
    if (existing) return existing;
    const fresh = uuidv7((deps.now ?? Date.now)(), deps.randomBytes);
    await db.meta.put({ key: META.clientId, value: fresh });
    return fresh;
  });
  cache.set(db, id);
  return id;
}
