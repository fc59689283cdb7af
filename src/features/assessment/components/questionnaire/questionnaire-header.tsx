import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { plural } from '../../../../utils/format-time.ts';

/**
 * Title, overall progress and open conflicts (which block submission). `toConfirm`: answers carried
 * from the last assessment still to re-confirm; they are not counted as answered (ADR 019).
 */
export function QuestionnaireHeader({
  assessmentId,
  answered,
  total,
  toConfirm = 0,
  conflicts,
  onReviewConflict,
}: {
  assessmentId: string;
  answered: number;
  total: number;
  toConfirm?: number;
  conflicts: number;
  onReviewConflict: () => void;
}) {
  const pct = total ? Math.round((answered * 100) / total) : 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700">Assessment {assessmentId.slice(0, 8)}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Research security self-assessment</h1>
        </div>
        <div className="w-full sm:w-64">
          <p className="flex justify-between text-sm text-slate-600">
            <span>Progress</span>
            <span className="font-medium text-slate-900 tabular-nums" data-testid="overall-progress">
              {answered} of {total} answered
            </span>
          </p>
          <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Questions answered" aria-valuemin={0} aria-valuemax={total} aria-valuenow={answered}>
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
          </div>
          {toConfirm > 0 && (
            <p className="mt-1.5 text-sm font-medium text-amber-900 tabular-nums" data-testid="to-confirm-count">
              {plural(toConfirm, 'answer')} from your last assessment to re-confirm
            </p>
          )}
        </div>
      </div>
      {conflicts > 0 && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
          <span className="flex-1">
            {plural(conflicts, 'answer')} changed by a teammate while you were offline. Resolve {conflicts === 1 ? 'it' : 'them'} before submitting.
          </span>
          <Button size="sm" variant="secondary" onClick={onReviewConflict}>
            Review
          </Button>
        </div>
      )}
    </div>
  );
}
