import { Check } from 'lucide-react';
import { cn } from '../../../utils/cn.ts';

/** Step indicator for the signup wizard (steps 1, 2, 3). */
export function Stepper({ steps, current }: { steps: string[]; current: number }) {
  return (
    <ol className="mb-6 flex items-center gap-2" aria-label="Progress">
      {steps.map((label, i) => {
        const n = i + 1;
        const done = n < current;
        const active = n === current;
        return (
          <li key={label} className="flex flex-1 items-center gap-2" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                done && 'bg-brand-700 text-white',
                active && 'bg-brand-50 text-brand-800 ring-2 ring-brand-700',
                !done && !active && 'bg-slate-100 text-slate-500',
              )}
            >
              {done ? <Check aria-hidden="true" className="size-4" /> : n}
            </span>
            <span className={cn('hidden text-xs font-medium sm:inline', active ? 'text-slate-900' : 'text-slate-500')}>
              {label}
              {done && <span className="sr-only"> (completed)</span>}
            </span>
            {n < steps.length && <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />}
          </li>
        );
      })}
    </ol>
  );
}
