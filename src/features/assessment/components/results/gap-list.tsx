import { AlertOctagon } from 'lucide-react';
import type { ResultsView } from '#domain/contracts/assessments.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { plural } from '../../../../utils/format-time.ts';
import { PRIORITY_LABEL, PRIORITY_TONE } from './action-item.tsx';

/**
 * The gap analysis and corrective action plan every organization gets with its results: each
 * question answered No, by domain, with what to do and how urgent it is (ADR 012). The detailed
 * report adds guidance, sources, target dates, owners and status tracking, and the downloads.
 */
export function GapList({ groups }: { groups: ResultsView['gaps'] }) {
  const total = groups.reduce((n, g) => n + g.gaps.length, 0);
  return (
    <Card data-testid="gap-list">
      <CardHeader
        title="Gaps and corrective actions"
        description={total === 0 ? 'No gaps: every question was answered Yes.' : `${plural(total, 'question')} answered No, critical requirements first, each with its corrective action.`}
      />
      {total > 0 && (
        <CardBody className="space-y-6">
          {groups.map((g) => (
            <section key={g.domain_id} aria-labelledby={`free-gaps-${g.domain_id}`} className="break-inside-avoid-page">
              <h3 id={`free-gaps-${g.domain_id}`} className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-2 text-base font-semibold text-slate-900">
                {g.domain_name}
                <span className="text-sm font-normal text-slate-600">
                  {plural(g.gaps.length, 'gap')} · {plural(g.points_lost, 'point')} lost
                </span>
              </h3>
              <ol className="mt-3 space-y-3">
                {g.gaps.map((gap) => (
                  <li key={gap.question_id} className="break-inside-avoid rounded-lg border border-slate-200 p-4" data-testid="free-gap-item">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone="neutral">{gap.code}</Badge>
                      {gap.critical && (
                        <Badge tone="danger" icon={<AlertOctagon aria-hidden="true" className="size-3" />}>
                          Critical
                        </Badge>
                      )}
                      <span className="text-xs text-slate-500">{plural(gap.points, 'point')}</span>
                    </div>
                    <p className="mt-2 text-sm text-slate-700">{gap.question_text}</p>
                    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                      <Badge tone={PRIORITY_TONE[gap.priority]}>{PRIORITY_LABEL[gap.priority]} priority</Badge>
                      <span className="min-w-0">{gap.action}</span>
                    </p>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </CardBody>
      )}
    </Card>
  );
}
