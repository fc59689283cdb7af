// Small JSON snapshots in localStorage so read-only screens render offline after one visit.
// Never the record of truth: answers and queued writes live in Dexie (src/sync).

const PREFIX = 'mvrsp.cache.';

export interface Cached<T> {
  value: T;
  /** When the snapshot was taken (epoch ms). */
  savedAt: number;
}

export function readCache<T>(key: string): Cached<T> | null {
  try {
    const text = localStorage.getItem(PREFIX + key);
    if (!text) return null;
    const parsed = JSON.parse(text) as Cached<T>;
    return parsed && typeof parsed.savedAt === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** Set while a sign-out clears the device: a response that lands late must not write a snapshot back. */
let writesBlocked = false;

/** Blocks (sign-out started) or allows again (a later sign-in in the same page) every snapshot write. */
export function blockSnapshotWrites(blocked: boolean): void {
  writesBlocked = blocked;
}

export function snapshotWritesBlocked(): boolean {
  return writesBlocked;
}

export function writeCache<T>(key: string, value: T, now: number = Date.now()): void {
  if (writesBlocked) return;
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ value, savedAt: now } satisfies Cached<T>));
  } catch {
    /* storage full or disabled: the screen still works online */
  }
}

/** Drops every snapshot (e.g. on sign-out). */
export function clearCaches(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}
