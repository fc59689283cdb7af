// Labelled controls of the question editor: a textarea and a select with hint and error wired by
// aria-describedby (as Field in src/components/ui/field.tsx does for inputs), and a checkbox.
import { useId, type ReactNode } from 'react';
import { cn } from '../../../utils/cn.ts';
import { selectClasses, textareaClasses } from './admin-shared.tsx';

function Describe({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs font-normal text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, hint?: ReactNode, error?: string | null) => cn(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined) || undefined;

export function TextArea({ label, value, onChange, rows = 3, hint, error }: { label: string; value: string; onChange: (v: string) => void; rows?: number; hint?: ReactNode; error?: string | null }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        className={cn(textareaClasses, error && 'border-red-400')}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      />
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

export function Select({ label, value, onChange, children, hint, error }: { label: string; value: string; onChange: (v: string) => void; children: ReactNode; hint?: ReactNode; error?: string | null }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className={cn(selectClasses, error && 'border-red-400')}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

export function Check({ label, checked, onChange, hint, name }: { label: ReactNode; checked: boolean; onChange: (v: boolean) => void; hint?: ReactNode; name?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-800">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-0.5 size-4 shrink-0 rounded border-slate-300" />
      <span className="min-w-0">
        {label}
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  );
}
