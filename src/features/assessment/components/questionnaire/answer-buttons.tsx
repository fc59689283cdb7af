import { Check, X } from 'lucide-react';
import type { AnswerValue } from '#domain/contracts/sync.ts';
import { cn } from '../../../../utils/cn.ts';

const OPTIONS: { value: AnswerValue; label: string; key: string; Icon: typeof Check; on: string }[] = [
  { value: 'yes', label: 'Yes', key: 'Y', Icon: Check, on: 'border-emerald-600 bg-emerald-50 text-emerald-900 ring-2 ring-emerald-600' },
  { value: 'no', label: 'No', key: 'N', Icon: X, on: 'border-red-600 bg-red-50 text-red-900 ring-2 ring-red-600' },
];

/** The last assessment's answer, shown but not yet given here: dashed, and said in words. */
const CARRIED = 'border-dashed border-amber-600 bg-amber-50 text-amber-950';

/**
 * Two big answer buttons (keyboard Y / N is handled by the page); the pressed one says so in text,
 * not only colour. `carried`: `value` is the last assessment's answer still to re-confirm (ADR
 * 019), so no button is pressed; that one is marked "Last time" and choosing it confirms it.
 */
export function AnswerButtons({ value, onAnswer, disabled, carried = false }: { value: AnswerValue | null; onAnswer: (v: AnswerValue) => void; disabled?: boolean; carried?: boolean }) {
  return (
    <div role="group" aria-label="Your answer" className="grid grid-cols-2 gap-3 sm:gap-4">
      {OPTIONS.map(({ value: v, label, key, Icon, on }) => {
        const previous = carried && value === v;
        const pressed = !carried && value === v;
        return (
          <button
            key={v}
            type="button"
            aria-pressed={pressed}
            aria-keyshortcuts={key}
            disabled={disabled}
            onClick={() => onAnswer(v)}
            data-testid={`answer-${v}`}
            className={cn(
              'group flex h-20 min-w-0 flex-wrap content-center items-center justify-center gap-x-3 gap-y-1 rounded-xl border-2 text-xl font-semibold transition-colors sm:h-24',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
              pressed ? on : previous ? CARRIED : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-50',
            )}
          >
            <Icon aria-hidden="true" className="size-6" />
            {label}
            {pressed && <span className="sr-only">(selected)</span>}
            {previous && (
              <span className="rounded-full bg-white/80 px-2 py-0.5 text-xs font-medium" data-testid="carried-choice">
                Last time<span className="sr-only"> (choose it to confirm)</span>
              </span>
            )}
            <kbd className="ml-1 hidden rounded border border-current/30 px-1.5 py-0.5 font-sans text-xs font-medium opacity-60 sm:inline" aria-hidden="true">
              {key}
            </kbd>
          </button>
        );
      })}
    </div>
  );
}
