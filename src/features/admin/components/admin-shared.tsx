// Small pieces shared by the admin tabs: load states, search box, pager, date and time (dates: domain/dates.ts).
import type { ReactNode, Ref } from 'react';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { messageOf, type Failure, type ServerQuery } from '../../../lib/server-data/index.ts';

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Spinner while nothing is loaded, an error with Retry when loading failed, else the content. */
export function LoadState<T>({ resource, label, children }: { resource: ServerQuery<T>; label: string; children: (data: T) => ReactNode }) {
  if (resource.error && !resource.data)
    return (
      <Alert tone="error" title={`Could not load ${label}`} action={<Button size="sm" variant="secondary" onClick={resource.reload}>Retry</Button>}>
        {messageOf(resource.error, 'Please try again in a moment.')}
      </Alert>
    );
  if (!resource.data) return <Spinner label={`Loading ${label}…`} className="p-5" />;
  return <>{children(resource.data)}</>;
}

export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
  inputRef,
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
  placeholder: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="relative w-full sm:w-72">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <Input ref={inputRef} type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} className="pl-9" />
    </div>
  );
}

/** "Showing 10 of N" (ADMIN_PAGE_SIZE rows per page, domain/contracts/admin.ts) with previous / next page buttons. */
export function Pager({ page, pageSize, total, shown, onPage }: { page: number; pageSize: number; total: number; shown: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm text-slate-600">
      <p data-testid="showing">{`Showing ${shown} of ${total}`}</p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)} icon={<ChevronLeft aria-hidden="true" className="size-4" />}>
            Previous
          </Button>
          <span aria-live="polite">
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      )}
    </div>
  );
}

/** "Showing N of about M" (or "Showing N, more available") under a keyset list, with Load more while a next page exists. */
export function LoadMore({
  shown,
  estimatedTotal,
  hasMore,
  onMore,
  loading,
  error,
  noun,
}: {
  shown: number;
  estimatedTotal: number | null;
  hasMore: boolean;
  onMore: () => void;
  loading: boolean;
  error: Failure | null;
  noun: string;
}) {
  const text = !hasMore
    ? `Showing ${shown} ${noun}`
    : estimatedTotal !== null && estimatedTotal > shown
      ? `Showing ${shown} of about ${estimatedTotal.toLocaleString()} ${noun}`
      : `Showing ${shown} ${noun}, more available`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm text-slate-600">
      <p data-testid="showing" aria-live="polite">
        {text}
      </p>
      {error ? <p className="text-red-700">{messageOf(error, 'Could not load more. Please try again.')}</p> : null}
      {hasMore && (
        <Button size="sm" variant="secondary" loading={loading} onClick={onMore}>
          {error ? 'Try again' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

/** Previous / Next between keyset pages (the cursors of the pages before this one are kept by the page). */
export function CursorPager({ page, shown, hasNext, onPrevious, onNext }: { page: number; shown: number; hasNext: boolean; onPrevious: () => void; onNext: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm text-slate-600">
      <p data-testid="showing" aria-live="polite">{`Page ${page}: showing ${shown}${hasNext ? ', more available' : ''}`}</p>
      {(page > 1 || hasNext) && (
        <div className="flex items-center gap-2">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={onPrevious} icon={<ChevronLeft aria-hidden="true" className="size-4" />}>
            Previous
          </Button>
          <Button size="sm" variant="secondary" disabled={!hasNext} onClick={onNext}>
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      )}
    </div>
  );
}

export const selectClasses =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none';
export const textareaClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none';
