import { AlertOctagon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../../components/ui/badge.tsx';
import { plural } from '../../../../utils/format-time.ts';

/** One domain's gaps: heading with the count and points lost, then its items (results and report alike). */
export function GapDomain({ id, name, count, pointsLost, children }: { id: string; name: string; count: number; pointsLost: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="break-inside-avoid-page">
      <h3 id={id} className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-2 text-base font-semibold text-slate-900">
        {name}
        <span className="text-sm font-normal text-slate-600">
          {plural(count, 'gap')} · {plural(pointsLost, 'point')} lost
        </span>
      </h3>
      <ol className="mt-3 space-y-4">{children}</ol>
    </section>
  );
}

/** One gap's item with its code, critical mark and meta line; the caller adds the body. */
export function GapItem({ code, critical, meta, testId, children }: { code: string; critical: boolean; meta: string; testId: string; children: ReactNode }) {
  return (
    <li className="break-inside-avoid rounded-lg border border-slate-200 p-4" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="neutral">{code}</Badge>
        {critical && (
          <Badge tone="danger" icon={<AlertOctagon aria-hidden="true" className="size-3" />}>
            Critical
          </Badge>
        )}
        <span className="text-xs text-slate-500">{meta}</span>
      </div>
      {children}
    </li>
  );
}
