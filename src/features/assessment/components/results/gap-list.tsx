import type { ResultsView } from '#domain/contracts/assessments.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { plural } from '../../../../utils/format-time.ts';
import { PRIORITY_LABEL, PRIORITY_TONE } from '../../../../components/corrective-action/action-item.tsx';
import { GapDomain, GapItem } from './gap-parts.tsx';
import { CitationList } from '../citation-list.tsx';

/**
 * The gap analysis and corrective action plan every organization gets with its results: each
 * question answered No, by domain, with what to do, how urgent it is and the sources behind it
 * (ADR 012). The detailed report adds guidance, target dates, owners and status tracking, and the downloads.
 */
export function GapList({ groups }: { groups: ResultsView['gaps'] }) {
  const total = groups.reduce((n, g) => n + g.gaps.length, 0);
  return (
    <Card data-testid="gap-list">
      <CardHeader
        title="Gaps and corrective actions"
        description={total === 0 ? 'No gaps: every question was answered Yes.' : `${plural(total, 'question')} answered No, by domain; critical requirements first within each, each with its corrective action.`}
      />
      {total > 0 && (
        <CardBody className="space-y-6">
          {groups.map((g) => (
            <GapDomain key={g.domain_id} id={`free-gaps-${g.domain_id}`} name={g.domain_name} count={g.gaps.length} pointsLost={g.points_lost}>
              {g.gaps.map((gap) => (
                <GapItem key={gap.question_id} code={gap.code} critical={gap.critical} meta={plural(gap.points, 'point')} testId="free-gap-item">
                  <p className="mt-2 text-sm text-slate-700">{gap.question_text}</p>
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    <Badge tone={PRIORITY_TONE[gap.priority]}>{PRIORITY_LABEL[gap.priority]} priority</Badge>
                    <span className="min-w-0">{gap.action}</span>
                  </p>
                  {/* Results saved offline before citations were sent have none. */}
                  {gap.citations?.length > 0 && (
                    <details className="mt-2 text-sm">
                      <summary className="cursor-pointer font-medium text-slate-700">Sources ({gap.citations.length})</summary>
                      <div className="mt-2">
                        <CitationList citations={gap.citations} testId="free-gap-citation" />
                      </div>
                    </details>
                  )}
                </GapItem>
              ))}
            </GapDomain>
          ))}
        </CardBody>
      )}
    </Card>
  );
}
