// The persisted read cache (ADR 032): one TanStack Query client per signed-in user, saved to
// IndexedDB under that user's id, so a page read once renders offline after a reload. Only reads
// marked for offline use are saved (meta.persist, see ./hooks.ts); admin reads never are. A sign-out
// deletes every saved client (../../app/sign-out.ts), so the next user of the browser starts empty.
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { IS_NEXT_RELEASE_BUILD } from '../build-variant.ts';
import { QUERY_CACHE_DB, queryCacheSavesBlocked } from './save-gate.ts';

/**
 * The version of what is saved (TanStack's `buster`: `v<version>`). A new version comes with its
 * step in UPGRADES (a saved client of the version before, in this version's shape; `null` when it
 * cannot be kept), so an app update keeps the reads a device saved for offline use: the update may
 * be installed while offline, before anything can be fetched again (tests/e2e/app-update.test.ts).
 * A client without a step to this version is dropped on restore. The update test's "next release"
 * build (src/lib/build-variant.ts) is version 2 with an identity step.
 */
export const QUERY_CACHE_VERSION = IS_NEXT_RELEASE_BUILD ? 2 : 1;
export const QUERY_CACHE_BUSTER = `v${QUERY_CACHE_VERSION}`;
const UPGRADES: Record<number, (client: PersistedClient) => PersistedClient | null> = IS_NEXT_RELEASE_BUILD ? { 2: (client) => client } : {};

/** A saved client in this version's shape, or undefined (a newer build's, unknown, or no upgrade step). */
export function upgradedClient(saved: PersistedClient | undefined): PersistedClient | undefined {
  if (!saved) return undefined;
  const from = /^v(\d+)$/.exec(saved.buster)?.[1];
  if (from === undefined || Number(from) > QUERY_CACHE_VERSION) return undefined;
  let client: PersistedClient | null = saved;
  for (let v = Number(from) + 1; v <= QUERY_CACHE_VERSION && client; v++) client = UPGRADES[v]?.(client) ?? null;
  return client ? { ...client, buster: QUERY_CACHE_BUSTER } : undefined;
}
/**
 * A saved client older than this is not restored. Also the queries' gcTime (TanStack: gcTime >=
 * maxAge, or a restored read is collected before it is saved again), so it must stay below
 * setTimeout's limit of 2^31-1 ms (about 24.8 days): a longer delay fires at once and every
 * unobserved read would be collected immediately.
 */
export const QUERY_CACHE_MAX_AGE_MS = 20 * 24 * 60 * 60_000;
/** At most one save per this many ms (the cache changes on every fetch). */
const SAVE_DELAY_MS = 300;

let store: UseStore | null = null;
const cacheStore = () => (store ??= createStore(QUERY_CACHE_DB, 'clients'));
const keyOf = (userId: string) => `user:${userId}`;

/** Raised by every clear: a save scheduled before it is dropped. */
let generation = 0;

/**
 * What is saved of a client: a read whose last fetch failed (offline) is saved as its last good
 * data, so a restore shows the copy instead of the failure.
 */
export function savedState(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error' && q.state.data !== undefined ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchStatus: 'idle' as const } } : q,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** The last persister's flush: a page being hidden or left writes what is still waiting. */
let flushWaiting: (() => void) | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => flushWaiting?.());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushWaiting?.();
  });
}

/**
 * The persister of one user's client, saved under the user's id: new read data is written at once
 * (a reload or a closed tab right after a page showed it keeps it); other changes the first time
 * after a quiet SAVE_DELAY_MS, then at most once per SAVE_DELAY_MS; a page being hidden writes what
 * still waits.
 */
export function userPersister(userId: string): Persister & { flush: () => void } {
  const key = keyOf(userId);
  const bornIn = generation;
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    const client = pending;
    pending = null;
    if (!client || queryCacheSavesBlocked() || bornIn !== generation) return;
    set(key, client, cacheStore()).catch(() => {
      /* IndexedDB unavailable or full: the pages still work online */
    });
  };
  const tick = () => {
    timer = null;
    if (!pending) return;
    flush();
    timer = setTimeout(tick, SAVE_DELAY_MS);
  };
  flushWaiting = flush;
  /** The newest read data written so far (dataUpdatedAt): newer data is written at once. */
  let newestWritten = 0;
  const newestIn = (client: PersistedClient) => Math.max(0, ...client.clientState.queries.map((q) => q.state.dataUpdatedAt));
  return {
    flush,
    persistClient(client) {
      if (queryCacheSavesBlocked() || bornIn !== generation) return;
      pending = savedState(client);
      const newest = newestIn(pending);
      // A read's new data is written at once (a reload right after the page showed it keeps it);
      // other changes (observers coming and going) at most once per SAVE_DELAY_MS.
      if (newest > newestWritten) {
        newestWritten = newest;
        flush();
      }
      if (!pending || timer) return;
      flush();
      timer = setTimeout(tick, SAVE_DELAY_MS);
    },
    async restoreClient() {
      try {
        return upgradedClient(await get<PersistedClient>(key, cacheStore()));
      } catch {
        return undefined;
      }
    },
    async removeClient() {
      try {
        await del(key, cacheStore());
      } catch {
        /* nothing to remove */
      }
    },
  };
}

/** Deletes every user's saved reads (a sign-out); a save already scheduled is dropped. */
export async function clearQueryCache(): Promise<void> {
  generation += 1;
  try {
    await clear(cacheStore());
  } catch {
    /* IndexedDB unavailable: nothing was saved */
  }
}

/** The user ids with a saved client (tests: a sign-out leaves none). */
export async function savedQueryCacheUsers(): Promise<string[]> {
  const { keys } = await import('idb-keyval');
  return (await keys(cacheStore())).map((k) => String(k).replace(/^user:/, ''));
}
