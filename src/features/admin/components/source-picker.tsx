// Chooses a question's sources from the register by id (SourceDef in
// domain/questions/source-types.ts). Versions published before sources had ids hold citation
// labels; such a value is shown as not in the register and can be removed.
import { useId, useState } from 'react';
import { SOURCE_STATUS_LABELS } from '#domain/questions/source-types.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Input } from '../../../components/ui/field.tsx';
import type { SourceRegister } from './source-register.ts';

/** The server keeps at most this many sources per question (adminQuestionSchema). */
export const MAX_SOURCES = 20;

export interface SourcePickerProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  register: SourceRegister;
  hint?: string;
  error?: string | null;
}

export function SourcePicker({ value, onChange, register, hint, error }: SourcePickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const entries = Object.entries(register).filter(([key, s]) => !q || `${key} ${s.label} ${s.document} ${s.section}`.toLowerCase().includes(q));
  const unknown = value.filter((v) => !(v in register));
  const toggle = (key: string, on: boolean) => onChange(on ? [...value.filter((v) => v !== key), key] : value.filter((v) => v !== key));
  return (
    <fieldset className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-3" aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Sources</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <p className="text-sm text-slate-700">
        {value.length} chosen{value.length >= MAX_SOURCES ? ` (at most ${MAX_SOURCES})` : ''}
      </p>
      {unknown.length > 0 && (
        <ul className="space-y-2" aria-label="Sources not in the register">
          {unknown.map((v) => (
            <li key={v} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-2 py-1.5 text-sm">
              <span className="min-w-0 break-words">
                {v} <Badge tone="warning">Not in the register</Badge>
              </span>
              <Button size="sm" variant="secondary" aria-label={`Remove ${v}`} onClick={() => onChange(value.filter((x) => x !== v))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Input type="search" aria-label="Search the source register" placeholder="Search the register" value={query} onChange={(e) => setQuery(e.target.value)} />
      <div className="max-h-64 space-y-2 overflow-y-auto pr-1">
        {entries.length === 0 && <p className="text-sm text-slate-500">No source in the register matches.</p>}
        {entries.map(([key, s]) => {
          const checked = value.includes(key);
          return (
            <label key={key} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                aria-labelledby={`${id}-${key}`}
                aria-describedby={`${id}-${key}-about`}
                checked={checked}
                disabled={!checked && value.length >= MAX_SOURCES}
                onChange={(e) => toggle(key, e.target.checked)}
                className="mt-0.5 size-4 shrink-0 rounded border-slate-300"
              />
              <span className="min-w-0 break-words">
                <span id={`${id}-${key}`}>{s.label}</span>
                <span id={`${id}-${key}-about`} className="block text-xs text-slate-500">
                  {[s.date, s.status !== 'in_force' ? SOURCE_STATUS_LABELS[s.status] : ''].filter(Boolean).join(' · ')}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
