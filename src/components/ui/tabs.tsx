import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { cn } from '../../utils/cn.ts';

export interface TabItem {
  id: string;
  label: ReactNode;
  icon?: ReactNode;
}

const tabClass = (active: boolean) =>
  cn(
    'inline-flex items-center gap-2 border-b-2 px-1 pb-3 pt-1 text-sm font-medium whitespace-nowrap transition-colors',
    active ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800',
  );

/** ARIA tabs with arrow-key navigation; the caller renders the active panel via renderPanel. */
export function Tabs({ items, value, onChange, label, renderPanel }: { items: TabItem[]; value: string; onChange: (id: string) => void; label: string; renderPanel: (id: string) => ReactNode }) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (e: KeyboardEvent) => {
    const i = items.findIndex((t) => t.id === value);
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = items[(i + delta + items.length) % items.length]!;
    onChange(next.id);
    refs.current[next.id]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-6 overflow-x-auto border-b border-slate-200" onKeyDown={onKey}>
        {items.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === value}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={t.id === value ? 0 : -1}
            className={tabClass(t.id === value)}
            onClick={() => onChange(t.id)}
          >
            {t.icon}
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel-${value}`} aria-labelledby={`${base}-tab-${value}`} className="pt-6">
        {renderPanel(value)}
      </div>
    </div>
  );
}

/** Tabs that are routes (e.g. /admin/*): a nav of links styled as tabs. */
export function TabLinks({ items, label }: { items: Array<{ to: string; label: ReactNode; icon?: ReactNode; end?: boolean }>; label: string }) {
  return (
    <nav aria-label={label} className="flex gap-6 overflow-x-auto border-b border-slate-200">
      {items.map((t) => (
        <NavLink key={t.to} to={t.to} end={t.end} className={({ isActive }) => tabClass(isActive)}>
          {t.icon}
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
