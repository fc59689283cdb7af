import { BookOpen } from 'lucide-react';
import type { ReportView } from '#domain/contracts/assessments.ts';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { plural } from '../../../../utils/format-time.ts';
import { CitationList, citationsIn } from '../citation-list.tsx';
import { GapDomain, GapItem } from './gap-parts.tsx';

/** Every No, grouped by domain, critical first then by points (the server orders them). */
export function GapAnalysis({ groups }: { groups: ReportView['gapAnalysis'] }) {
  return (
    <Card>
      <CardHeader title="Gap analysis" description="Every question answered No, by domain; critical requirements first within each, then by points." />
      <CardBody className="space-y-8">
        {groups.length === 0 && <p className="text-sm text-slate-600">No gaps: every question was answered Yes.</p>}
        {groups.map((g) => (
          <GapDomain key={g.domain_id} id={`gaps-${g.domain_id}`} name={g.domain_name} count={g.gaps.length} pointsLost={g.points_lost}>
            {g.gaps.map((gap) => (
              <GapItem key={gap.question_id} code={gap.code} critical={gap.critical} meta={`${gap.subdomain} · ${plural(gap.points, 'point')}`} testId="gap-item">
                <p className="mt-2 text-sm font-medium text-slate-900">{gap.question_text}</p>
                {gap.guidance && (
                  <p className="mt-2 text-sm text-slate-700">
                    <span className="font-medium">What Yes means: </span>
                    {gap.guidance}
                  </p>
                )}
                {gap.sources.length > 0 && (
                  <div className="mt-3">
                    <p className="flex items-center gap-1.5 text-xs font-semibold text-slate-700">
                      <BookOpen aria-hidden="true" className="size-3.5 shrink-0" />
                      Sources
                    </p>
                    <div className="mt-2">
                      <CitationList citations={citationsIn(gap)} testId="gap-citation" />
                    </div>
                  </div>
                )}
              </GapItem>
            ))}
          </GapDomain>
        ))}
      </CardBody>
    </Card>
  );
}
