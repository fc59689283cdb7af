import { CheckCircle2, XCircle } from 'lucide-react';
import type { ResultView } from '#domain/contracts/assessments.ts';
import { PASS_THRESHOLD_POINTS } from '#domain/scoring/policy.ts';
import { failSummary } from '#domain/scoring/scoring.ts';
import { Link } from 'react-router-dom';
import { Card } from '../../../../components/ui/card.tsx';
import { paths } from '../../../../config/paths.ts';
import { cn } from '../../../../utils/cn.ts';
import { scaledLine } from './assessed-profile.tsx';

/** The verdict first: score x/140, grade, Pass/Fail and why (results read top-down, the verdict before the detail). */
export function VerdictCard({ result }: { result: ResultView }) {
  const pass = result.passFail === 'Pass';
  const Icon = pass ? CheckCircle2 : XCircle;
  const scaled = scaledLine(result);
  return (
    <Card className={cn('overflow-hidden border-t-4', pass ? 'border-t-emerald-600' : 'border-t-red-600')}>
      <div className="grid gap-6 px-5 py-6 sm:px-6 md:grid-cols-[auto_auto_1fr] md:items-center md:gap-10">
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Total score</p>
          <p className="mt-1 flex items-baseline gap-1" data-testid="result-score">
            <span className="text-5xl font-semibold tracking-tight text-slate-900 tabular-nums">{result.totalScore}</span>
            <span className="text-xl font-medium text-slate-500">/{result.maxScore}</span>
          </p>
          {scaled && (
            <p className="mt-1 text-sm text-slate-700" data-testid="result-scaled">
              {scaled}
            </p>
          )}
          <p className="mt-1 text-sm text-slate-600">
            {result.percentage}% of the {scaled ? 'points that apply' : 'maximum'}
          </p>
        </div>
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Grade</p>
          <p className="mt-1 text-5xl font-semibold tracking-tight text-slate-900" data-testid="result-grade">
            {result.grade}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            <Link to={paths.howScoringWorks.href()} className="text-brand-700 underline underline-offset-2 hover:text-brand-900" data-no-print>
              How scoring works
            </Link>
          </p>
        </div>
        <div className={cn('rounded-lg border p-4', pass ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50')}>
          <p className={cn('flex items-center gap-2 text-xl font-semibold sm:text-2xl', pass ? 'text-emerald-800' : 'text-red-800')} data-testid="result-pass-fail">
            <Icon aria-hidden="true" className="size-7 shrink-0" />
            {failSummary(result) ?? result.passFail}
          </p>
          {pass ? (
            <>
              <p className="mt-2 text-sm text-emerald-900">
                The score meets the pass threshold of {PASS_THRESHOLD_POINTS} points and every critical requirement is answered Yes.
              </p>
              <p className="mt-2 text-sm" data-no-print>
                <Link to={paths.certification.href()} className="font-medium text-emerald-900 underline underline-offset-2 hover:text-emerald-950">
                  Sign a self-certification
                </Link>
              </p>
            </>
          ) : (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-900" aria-label="Why the assessment failed">
              {result.failReasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}
