// Network first, last snapshot as the fallback: a read-only resource that still renders offline.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { readCache, writeCache } from '../utils/local-cache.ts';
import { useSession } from './use-session.ts';

export interface CachedResource<T> {
  data: T | null;
  /** loading: nothing to show yet · ready: fresh or cached data · error: nothing to show. */
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  /** Set when `data` is a snapshot because the network call failed (epoch ms of the snapshot). */
  staleSince: number | null;
  /** The last failure was a network error (offline), not a server answer. */
  offline: boolean;
  reload: () => void;
  /** Replaces the data with what the server just saved (and the snapshot with it), e.g. after a PATCH. */
  update: (change: (data: T) => T) => void;
}

interface State<T> {
  key: string | null;
  data: T | null;
  status: CachedResource<T>['status'];
  error: unknown;
  staleSince: number | null;
  offline: boolean;
}

function initial<T>(key: string | null): State<T> {
  const cached = key ? readCache<T>(key) : null;
  return { key, data: cached?.value ?? null, status: cached ? 'ready' : 'loading', error: null, staleSince: null, offline: false };
}

/**
 * `key` null = do not load (e.g. missing id). The loader must be stable or keyed by `key`.
 * Snapshots are scoped to the signed-in user, so a shared device never shows one user's data to another.
 */
export function useCachedResource<T>(resourceKey: string | null, load: (signal: AbortSignal) => Promise<T>): CachedResource<T> {
  const { user } = useSession();
  const key = resourceKey && user ? `${user.id}:${resourceKey}` : null;
  const [state, setState] = useState<State<T>>(() => initial<T>(key));
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  if (state.key !== key) setState(initial<T>(key));

  useEffect(() => {
    if (!key) return;
    const ctrl = new AbortController();
    loadRef
      .current(ctrl.signal)
      .then((data) => {
        // Unmounted or superseded (e.g. the app unmounts when a sign-out starts): the answer is dropped.
        if (ctrl.signal.aborted) return;
        writeCache(key, data);
        setState({ key, data, status: 'ready', error: null, staleSince: null, offline: false });
      })
      .catch((error: unknown) => {
        if (ctrl.signal.aborted) return;
        const offline = error instanceof ApiError && error.isNetworkError;
        // A server that answered "no" (4xx) wins over the snapshot; an unreachable one does not.
        const transient = !(error instanceof ApiError) || offline || error.status >= 500;
        const cached = transient ? readCache<T>(key) : null;
        setState({ key, data: cached?.value ?? null, status: cached ? 'ready' : 'error', error, staleSince: cached?.savedAt ?? null, offline });
      });
    return () => ctrl.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((s) => {
        if (s.data === null || !s.key) return s;
        const data = change(s.data);
        writeCache(s.key, data);
        return { ...s, data };
      }),
    [],
  );
  return { data: state.data, status: state.status, error: state.error, staleSince: state.staleSince, offline: state.offline, reload, update };
}
