// What the score was measured against: the points that applied (the score is scaled from them,
// scaledScore in domain/scoring/policy.ts) and the applicability profile frozen into the
// assessment when it started (domain/questions/applicability.ts).
import { Building2 } from 'lucide-react';
import type { ResultView } from '#domain/contracts/assessments.ts';
import { ApplicabilitySummary } from '../../../../components/applicability/applicability-form.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';

type Basis = Pick<ResultView, 'totalScore' | 'maxScore' | 'earned_points' | 'applicable_points'>;

/** "101 of 120 applicable points, scaled to 140", or null when nothing was scaled (every question applied). */
export function scaledLine(r: Basis): string | null {
  if (r.applicable_points === r.maxScore && r.earned_points === r.totalScore) return null;
  return `${r.earned_points} of ${r.applicable_points} applicable points, scaled to ${r.maxScore}`;
}

/** The profile the assessment was asked against, as a short definition list. */
export function AssessedProfile({ result }: { result: Pick<ResultView, 'applicability'> }) {
  const p = result.applicability;
  return (
    <Card data-testid="assessed-profile">
      <CardHeader icon={<Building2 className="size-5" />} title="Organization profile" description="The profile this assessment was asked against. Questions that did not apply to it were not asked." />
      <CardBody>
        {p ? (
          <ApplicabilitySummary profile={p} twoColumns />
        ) : (
          <p className="text-sm text-slate-600">
            <span className="font-semibold text-slate-900">Not recorded.</span> This assessment started before organization profiles, so every question was asked.
          </p>
        )}
      </CardBody>
    </Card>
  );
}
