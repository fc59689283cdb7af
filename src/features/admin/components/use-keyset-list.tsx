// An admin list read in keyset pages (GET /api/admin/{organizations,assessments,users}) through
// the data layer's useServerPages (ADR 032): the first page (reloaded when `key` changes), then
// "Load more" appends the page after `next_cursor`. A new search or a reload starts again from the top.
import { useEffect, useState } from 'react';
import type { KeysetPage } from '#domain/contracts/admin.ts';
import { useServerPages, type Failure, type ServerQuery } from '../../../lib/server-data/index.ts';

export interface KeysetList<P extends KeysetPage, Row> {
  /** The first page (its loading and error states). */
  first: ServerQuery<P>;
  rows: Row[];
  next: string | null;
  loadMore: () => void;
  loadingMore: boolean;
  moreError: Failure | null;
}

export function useKeysetList<P extends KeysetPage, Row>(key: string, load: (cursor: string | undefined, signal?: AbortSignal) => Promise<P>, rowsOf: (page: P) => Row[]): KeysetList<P, Row> {
  const list = useServerPages<P>(['admin', key], load, (page) => page.next_cursor);
  const last = list.pages[list.pages.length - 1];
  return {
    first: list.first,
    rows: list.pages.flatMap(rowsOf),
    next: last ? last.next_cursor : null,
    loadMore: list.loadMore,
    loadingMore: list.loadingMore,
    moreError: list.moreError,
  };
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
