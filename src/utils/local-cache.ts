// Small JSON snapshots in localStorage so read-only screens render offline after one visit.
// Never the record of truth: answers and queued writes live in Dexie (src/sync).
import { IS_NEXT_RELEASE_BUILD } from '../lib/build-variant.ts';

const PREFIX = 'mvrsp.cache.';

/**
 * The snapshots' stored format. A new version comes with its step in UPGRADES (a snapshot of the
 * version before, in this version's shape; `null` when it cannot be kept), so an app update keeps
 * the reads a device cached for offline use: the update may be installed while offline, before
 * anything can be fetched again (tests/e2e/app-update.test.ts). Snapshots without `v` are version 1.
 * The update test's "next release" build (src/lib/build-variant.ts) is version 2 with an identity step.
 */
export const SNAPSHOT_VERSION = IS_NEXT_RELEASE_BUILD ? 2 : 1;
const UPGRADES: Record<number, (value: unknown) => unknown> = IS_NEXT_RELEASE_BUILD ? { 2: (value) => value } : {};

export interface Cached<T> {
  value: T;
  /** When the snapshot was taken (epoch ms). */
  savedAt: number;
}

interface Stored<T> extends Cached<T> {
  v?: number;
}

/** A stored snapshot in this version's shape, or null (written by a newer build, or no upgrade step). */
function upgraded<T>(stored: Stored<T>): Cached<T> | null {
  const from = stored.v ?? 1;
  if (from > SNAPSHOT_VERSION) return null;
  let value: unknown = stored.value;
  for (let v = from + 1; v <= SNAPSHOT_VERSION; v++) {
    const step = UPGRADES[v];
    value = step ? step(value) : null;
    if (value === null) return null;
  }
  return { value: value as T, savedAt: stored.savedAt };
}

export function readCache<T>(key: string): Cached<T> | null {
  try {
    const text = localStorage.getItem(PREFIX + key);
    if (!text) return null;
    const parsed = JSON.parse(text) as Stored<T>;
    return parsed && typeof parsed.savedAt === 'number' ? upgraded(parsed) : null;
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
    localStorage.setItem(PREFIX + key, JSON.stringify({ value, savedAt: now, v: SNAPSHOT_VERSION } satisfies Stored<T>));
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
