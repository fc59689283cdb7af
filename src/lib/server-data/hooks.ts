// The pages' one way to read and write server data (ADR 032): `useServerQuery` for reads
// (TanStack Query, saved per user for offline when `offline` is set) and `useServerMutation` for
// writes (one Result, its failure carrying the server's code).
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { failureOf, toResult, type Failure, type Result } from './result.ts';

export interface ServerQuery<T> {
  data: T | null;
  /** loading: nothing to show yet · ready: fresh or saved data · error: nothing to show. */
  status: 'loading' | 'ready' | 'error';
  error: Failure | null;
  /** Set when `data` is the saved copy because the last read failed (epoch ms of that copy). */
  staleSince: number | null;
  /** The last failure was a network failure (offline), not a server answer. */
  offline: boolean;
  /** A read is on the wire (the first one or a reload). */
  fetching: boolean;
  /** Reads again; resolves once the read settled. */
  reload: () => Promise<void>;
  /** Replaces the data with what the server just saved, e.g. after a PATCH. */
  update: (change: (data: T) => T) => void;
}

export interface ServerQueryOptions {
  /**
   * true: the read is saved for offline use and its copy stays shown when the server cannot be
   * reached (a 4xx answer still wins over it). false (admin data): never saved, and the previous
   * key's data stays visible while a new key loads.
   */
  offline: boolean;
  /**
   * false: not read now (default true); data restored from the saved copy is still shown. E.g. the
   * profile while the stored session cannot be refreshed offline: a read then could only fail.
   */
  enabled?: boolean;
}

/** A network failure or a 5xx: the saved copy still stands. A 4xx is the server saying no. */
const transient = (failure: Failure) => failure.kind === 'network' || failure.status >= 500 || failure.status === 0;

/** `key` null = do not load (e.g. a missing id). The loader may change between renders; the key decides. */
export function useServerQuery<T>(key: QueryKey | null, load: (signal: AbortSignal) => Promise<T>, opts: ServerQueryOptions): ServerQuery<T> {
  const queryClient = useQueryClient();
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const query = useQuery<T, unknown>({
    queryKey: key ?? ['disabled'],
    queryFn: ({ signal }) => loadRef.current(signal),
    enabled: key !== null && opts.enabled !== false,
    meta: { persist: opts.offline },
    placeholderData: opts.offline ? undefined : keepPreviousData,
  });
  const error = query.error ? failureOf(query.error) : null;
  const failed = query.status === 'error' && error !== null;
  const keepCopy = !failed || (opts.offline ? transient(error) : true);
  const data = key !== null && keepCopy && query.data !== undefined ? query.data : null;
  const status = key === null || (query.status === 'pending' && data === null) ? 'loading' : data !== null ? 'ready' : failed ? 'error' : 'loading';
  const { refetch } = query;
  const reload = useCallback(() => refetch().then(() => undefined), [refetch]);
  const keyHash = key === null ? null : JSON.stringify(key);
  const update = useCallback(
    (change: (data: T) => T) => {
      if (keyHash !== null) queryClient.setQueryData<T>(JSON.parse(keyHash) as QueryKey, (old) => (old === undefined ? old : change(old)));
    },
    [queryClient, keyHash],
  );
  return {
    data,
    status,
    error: failed ? error : null,
    staleSince: failed && data !== null && opts.offline ? query.dataUpdatedAt : null,
    offline: failed && error.kind === 'network',
    fetching: query.isFetching,
    reload,
    update,
  };
}

export interface ServerPages<P> {
  /** The first page as a read (its loading and error states). */
  first: ServerQuery<P>;
  /** Every page loaded so far, the first one first. */
  pages: P[];
  hasMore: boolean;
  loadMore: () => void;
  loadingMore: boolean;
  /** Why the last "load more" failed (cleared by the next one). */
  moreError: Failure | null;
}

/**
 * A list read in keyset pages (never saved for offline use): the first page, then `loadMore`
 * appends the page after `cursorOf(last)`. A new key starts again from the first page; the
 * previous key's pages stay visible while it loads.
 */
export function useServerPages<P>(key: QueryKey, load: (cursor: string | undefined, signal: AbortSignal) => Promise<P>, cursorOf: (page: P) => string | null): ServerPages<P> {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => loadRef.current(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: P) => cursorOf(last) ?? undefined,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
  const { refetch, fetchNextPage } = query;
  const reload = useCallback(() => refetch().then(() => undefined), [refetch]);
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const pages = query.data?.pages ?? [];
  const firstFailed = query.isError && !query.isFetchNextPageError;
  const error = query.error ? failureOf(query.error) : null;
  const first: ServerQuery<P> = {
    data: pages[0] ?? null,
    status: pages[0] !== undefined ? 'ready' : firstFailed ? 'error' : 'loading',
    error: firstFailed ? error : null,
    staleSince: null,
    offline: firstFailed && error?.kind === 'network',
    fetching: query.isFetching && !query.isFetchingNextPage,
    reload,
    update: () => undefined,
  };
  return { first, pages, hasMore: query.hasNextPage, loadMore, loadingMore: query.isFetchingNextPage, moreError: query.isFetchNextPageError ? error : null };
}

export interface ServerMutation<V, T> {
  /** Runs the write; resolves to its Result (never throws). */
  run: (vars: V) => Promise<Result<T>>;
  /** A write is running (BusyButton's `busy`). */
  pending: boolean;
  /** The variables of the running write (e.g. which row), undefined when none runs. */
  pendingFor: V | undefined;
}

export interface ServerMutationOptions<V, T> {
  /**
   * Called after a successful write; the write stays pending until it settles (e.g. the page's
   * reload after the change), and a failure in it is the write's failure.
   */
  onSuccess?: (value: T, vars: V) => void | Promise<void>;
  /** Reads to load again after a successful write. */
  invalidates?: QueryKey[];
}

/** The one write helper of the pages: the write's Result, its pending state and which write runs. */
export function useServerMutation<V, T>(write: (vars: V) => Promise<T>, opts: ServerMutationOptions<V, T> = {}): ServerMutation<V, T> {
  const queryClient = useQueryClient();
  const writeRef = useRef(write);
  const optsRef = useRef(opts);
  useEffect(() => {
    writeRef.current = write;
    optsRef.current = opts;
  });
  const mutation = useMutation<Result<T>, never, V>({
    mutationFn: (vars) =>
      toResult(
        (async () => {
          const value = await writeRef.current(vars);
          for (const key of optsRef.current.invalidates ?? []) void queryClient.invalidateQueries({ queryKey: key });
          await optsRef.current.onSuccess?.(value, vars);
          return value;
        })(),
      ),
  });
  const { mutateAsync } = mutation;
  const run = useCallback((vars: V) => mutateAsync(vars), [mutateAsync]);
  return { run, pending: mutation.isPending, pendingFor: mutation.isPending ? mutation.variables : undefined };
}

/**
 * Runs `run` once for each distinct non-null `key` the component is given. A write the page starts
 * by being opened (e.g. /assessment/new creating the assessment) is one intent: React StrictMode's
 * second run of effects in development, or a re-render, must not send it again.
 */
export function useRunOnce(key: string | null, run: () => void): void {
  const ranFor = useRef<string | null>(null);
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => {
    if (key === null || ranFor.current === key) return;
    ranFor.current = key;
    runRef.current();
  }, [key]);
}
