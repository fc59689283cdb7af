// An admin list read in keyset pages (GET /api/admin/{organizations,assessments,users}): the first
// page through useFreshResource (reloaded when `key` changes), then "Load more" appends the page
// after `next_cursor`. Appended pages belong to the first page they continued, so a new search or
// a reload starts again from the top.
import { useEffect, useState } from 'react';
import type { KeysetPage } from '#domain/contracts/admin.ts';
import { useFreshResource, type FreshResource } from '../../../hooks/use-fresh-resource.ts';

export interface KeysetList<P extends KeysetPage, Row> {
  /** The first page (its loading and error states). */
  first: FreshResource<P>;
  rows: Row[];
  next: string | null;
  loadMore: () => void;
  loadingMore: boolean;
  moreError: unknown;
}

export function useKeysetList<P extends KeysetPage, Row>(key: string, load: (cursor: string | undefined, signal?: AbortSignal) => Promise<P>, rowsOf: (page: P) => Row[]): KeysetList<P, Row> {
  const first = useFreshResource(key, (signal) => load(undefined, signal));
  const [more, setMore] = useState<{ base: P | null; rows: Row[]; next: string | null }>({ base: null, rows: [], next: null });
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState<{ base: P | null; error: unknown }>({ base: null, error: null });
  const base = first.data;
  const continued = more.base !== null && more.base === base;
  const rows = base ? [...rowsOf(base), ...(continued ? more.rows : [])] : [];
  const next = base ? (continued ? more.next : base.next_cursor) : null;
  const loadMore = () => {
    if (!base || !next || loadingMore) return;
    setLoadingMore(true);
    setFailed({ base: null, error: null });
    load(next)
      .then((page) => setMore({ base, rows: [...(continued ? more.rows : []), ...rowsOf(page)], next: page.next_cursor }))
      .catch((error: unknown) => setFailed({ base, error }))
      .finally(() => setLoadingMore(false));
  };
  return { first, rows, next, loadMore, loadingMore, moreError: failed.base !== null && failed.base === base ? failed.error : null };
}

/** The search box's text, and the query sent to the server 250 ms after the last keystroke. */
export function useSearchQuery(): [string, (v: string) => void, string] {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = window.setTimeout(() => setQ(search.trim()), 250);
    return () => window.clearTimeout(t);
  }, [search]);
  return [search, setSearch, q];
}
