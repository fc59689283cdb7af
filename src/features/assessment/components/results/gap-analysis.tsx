import { AlertOctagon, BookOpen } from 'lucide-react';
import type { ReportView } from '#domain/contracts/assessments.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { plural } from '../../../../utils/format-time.ts';

/** Every No, grouped by domain, critical first then by points (the server orders them). */
export function GapAnalysis({ groups }: { groups: ReportView['gapAnalysis'] }) {
  return (
    <Card>
      <CardHeader title="Gap analysis" description="Every question answered No, grouped by domain, critical requirements first, then by points." />
      <CardBody className="space-y-8">
        {groups.length === 0 && <p className="text-sm text-slate-600">No gaps: every question was answered Yes.</p>}
        {groups.map((g) => (
          <section key={g.domain_id} aria-labelledby={`gaps-${g.domain_id}`} className="break-inside-avoid-page">
            <h3 id={`gaps-${g.domain_id}`} className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-2 text-base font-semibold text-slate-900">
              {g.domain_name}
              <span className="text-sm font-normal text-slate-600">
                {plural(g.gaps.length, 'gap')} · {plural(g.points_lost, 'point')} lost
              </span>
            </h3>
            <ol className="mt-3 space-y-4">
              {g.gaps.map((gap) => (
                <li key={gap.question_id} className="break-inside-avoid rounded-lg border border-slate-200 p-4" data-testid="gap-item">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone="neutral">{gap.code}</Badge>
                    {gap.critical && (
                      <Badge tone="danger" icon={<AlertOctagon aria-hidden="true" className="size-3" />}>
                        Critical
                      </Badge>
                    )}
                    <span className="text-xs text-slate-500">
                      {gap.subdomain} · {plural(gap.points, 'point')}
                    </span>
                  </div>
                  <p className="mt-2 text-sm font-medium text-slate-900">{gap.question_text}</p>
                  {gap.guidance && (
                    <p className="mt-2 text-sm text-slate-700">
                      <span className="font-medium">What Yes means: </span>
                      {gap.guidance}
                    </p>
                  )}
                  {gap.sources.length > 0 && (
                    <p className="mt-2 flex items-start gap-1.5 text-xs text-slate-600">
                      <BookOpen aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                      <span>
                        <span className="sr-only">Sources: </span>
                        {gap.sources.join('; ')}
                      </span>
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </CardBody>
    </Card>
  );
}
