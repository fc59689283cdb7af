import { useRef, type KeyboardEvent } from 'react';
import { DomainIcon } from '../../../../components/domain-icon.tsx';
import { cn } from '../../../../utils/cn.ts';
import type { DomainGroup } from '../../hooks/questionnaire-nav.ts';

export interface DomainProgress {
  /** Given here (a carried answer still to re-confirm is not). */
  answered: number;
  total: number;
  /** Carried from the last assessment and not yet re-confirmed (ADR 019). */
  toConfirm?: number;
}

/** Domain tabs with their icon and a thin progress bar; choosing one starts at its first question. */
export function DomainTabs({ groups, active, progress, onSelect, panelId }: { groups: readonly DomainGroup[]; active: number; progress: readonly DomainProgress[]; onSelect: (index: number) => void; panelId: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    e.stopPropagation();
    const next = (active + delta + groups.length) % groups.length;
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Domains" onKeyDown={onKey} className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0 lg:grid lg:grid-cols-5 lg:overflow-visible">
      {groups.map((g, i) => {
        const p = progress[i] ?? { answered: 0, total: g.questions.length };
        const selected = i === active;
        const pct = p.total ? Math.round((p.answered * 100) / p.total) : 0;
        return (
          <button
            key={g.domain.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(i)}
            className={cn(
              'flex min-w-[11rem] snap-start flex-col rounded-lg border px-3 py-2.5 text-left transition-colors lg:min-w-0',
              selected ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50',
            )}
          >
            <span className="flex items-start gap-2">
              <DomainIcon icon={g.domain.icon} className={cn('mt-0.5 size-4 shrink-0', selected ? 'text-brand-700' : 'text-slate-500')} />
              <span className={cn('line-clamp-2 text-xs leading-snug font-semibold', selected ? 'text-brand-900' : 'text-slate-700')}>{g.domain.name}</span>
            </span>
            <span className="mt-auto pt-2">
              <span className="block h-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                <span className={cn('block h-full rounded-full', p.answered === p.total ? 'bg-emerald-600' : 'bg-brand-600')} style={{ width: `${pct}%` }} />
              </span>
              <span className="mt-1 block text-xs text-slate-600 tabular-nums">
                {p.answered}/{p.total} answered
              </span>
              {!!p.toConfirm && <span className="block text-xs font-medium text-amber-900 tabular-nums">{p.toConfirm} to re-confirm</span>}
            </span>
          </button>
        );
      })}
    </div>
  );
}
