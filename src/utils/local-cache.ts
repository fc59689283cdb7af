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

export function writeCache<T>(key: string, value: T, now: number = Date.now()): void {
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
