import type { FrameworkCoverageView } from '#domain/contracts/assessments.ts';
import { COVERAGE_INTRO, coverageGapLabel, coverageHeadline, coverageScopeLine } from '#domain/scoring/coverage-text.ts';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';

/**
 * How the answers cover each framework the bank maps to (domain/questions/crosswalks.ts): items
 * met, the gaps with the questions behind them, and how much of the framework the bank asks.
 * Everything is said in words; no colour carries meaning.
 */
export function FrameworkCoverage({ frameworks }: { frameworks: readonly FrameworkCoverageView[] }) {
  return (
    <Card data-testid="framework-coverage">
      <CardHeader title="Framework coverage" description={COVERAGE_INTRO} />
      <CardBody>
        <ul className="space-y-5">
          {frameworks.map((c) => (
            <li key={c.framework_id} data-testid="framework-coverage-item" aria-labelledby={`coverage-${c.framework_id}`}>
              <h3 id={`coverage-${c.framework_id}`} className="text-sm font-semibold text-slate-900">
                {coverageHeadline(c)}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{coverageScopeLine(c)}</p>
              {c.gaps.length > 0 && (
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800" aria-label={`Gaps in ${c.name}`}>
                  {c.gaps.map((g) => (
                    <li key={g.id}>Gap: {coverageGapLabel(g)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
