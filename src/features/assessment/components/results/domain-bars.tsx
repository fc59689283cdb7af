import type { DomainScore } from '#domain/scoring/types.ts';
import { DomainIcon } from '../../../../components/domain-icon.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';

/** Per-domain bars in plain CSS: earned / total points and the weighted percentage, always as text too. */
export function DomainBars({ scores, icons }: { scores: readonly DomainScore[]; icons: Readonly<Record<string, string>> }) {
  return (
    <Card>
      <CardHeader title="Score by domain" description="Points earned out of the points available in each domain." />
      <CardBody>
        <ul className="space-y-5">
          {scores.map((d) => (
            <li key={d.id} data-testid="domain-score">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                  <DomainIcon icon={icons[d.id]} className="size-4 text-brand-700" />
                  {d.name}
                </p>
                <p className="text-sm text-slate-600 tabular-nums">
                  <span className="font-semibold text-slate-900">
                    {d.earned_points}/{d.total_points}
                  </span>{' '}
                  points · {d.weighted_percentage}%
                </p>
              </div>
              <div
                className="mt-2 h-3 overflow-hidden rounded-full bg-slate-100 [print-color-adjust:exact]"
                role="img"
                aria-label={`${d.name}: ${d.earned_points} of ${d.total_points} points, ${d.weighted_percentage}%`}
              >
                <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, Math.max(0, d.weighted_percentage))}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
