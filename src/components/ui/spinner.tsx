import { Loader2 } from 'lucide-react';
import { cn } from '../../utils/cn.ts';

/** A spinner that always says what it is waiting for. */
export function Spinner({ label = 'Loading…', className, size = 'md' }: { label?: string; className?: string; size?: 'sm' | 'md' }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center gap-2 text-slate-600', size === 'sm' ? 'text-sm' : 'text-base', className)}>
      <Loader2 aria-hidden="true" className={cn('animate-spin text-brand-700', size === 'sm' ? 'size-4' : 'size-5')} />
      <span>{label}</span>
    </div>
  );
}

/** Centred spinner for a whole page or panel. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center p-8">
      <Spinner label={label} />
    </div>
  );
}
