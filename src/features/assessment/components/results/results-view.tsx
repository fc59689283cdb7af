// The results of a submitted assessment, top-down: verdict, domain bars, gap summary, then the detailed report.
import { useCallback } from 'react';
import { ArrowLeft, Printer } from 'lucide-react';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import { PageHeader } from '../../../../components/layouts/app-layout.tsx';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../../components/ui/button.tsx';
import { PageSpinner } from '../../../../components/ui/spinner.tsx';
import { paths } from '../../../../config/paths.ts';
import { messageOf, useServerQuery } from '../../../../lib/server-data/index.ts';
import { formatDate } from '#domain/dates.ts';
import { useSession } from '../../../../hooks/use-session.ts';
import { getAssessment } from '../../api/assessments.ts';
import { getReport, getResults, REPORT_NEVER_PAID } from '../../api/results.ts';
import { AssessedProfile } from './assessed-profile.tsx';
import { CarryNote } from './carry-note.tsx';
import { Comparison } from './comparison.tsx';
import { DomainBars } from './domain-bars.tsx';
import { FrameworkCoverage } from './framework-coverage.tsx';
import { GapList } from './gap-list.tsx';
import { GapSummary } from './gap-summary.tsx';
import { ReportSection } from './report-section.tsx';
import { VerdictCard } from './verdict-card.tsx';

const ICONS: Record<string, string> = Object.fromEntries(DOMAINS.map((d) => [d.id, d.icon]));

export function ResultsView({ assessmentId, members }: { assessmentId: string; members: readonly TeamMemberDto[] }) {
  const loadResults = useCallback((signal: AbortSignal) => getResults(assessmentId, signal), [assessmentId]);
  // Never paid: show the gate without requesting a report the server refuses (a 403 in the console).
  // Once the profile shows a payment the key changes and the report is requested.
  const { profile } = useSession();
  const neverPaid = profile?.organization?.paid_until === null;
  const loadReport = useCallback((signal: AbortSignal) => (neverPaid ? Promise.resolve(REPORT_NEVER_PAID) : getReport(assessmentId, signal)), [assessmentId, neverPaid]);
  const results = useServerQuery(['results', assessmentId], loadResults, { offline: true });
  const report = useServerQuery(['report', assessmentId, neverPaid], loadReport, { offline: true });
  // A carried start names the assessment it came from by its submit date (the assessment page's cache key).
  const carriedFrom = results.data?.carry?.carried_from ?? null;
  const loadFrom = useCallback((signal: AbortSignal) => getAssessment(carriedFrom!, signal), [carriedFrom]);
  const from = useServerQuery(carriedFrom ? ['assessment', carriedFrom] : null, loadFrom, { offline: true });

  if (results.status === 'loading') return <PageSpinner label="Loading the results…" />;
  if (results.status === 'error' || !results.data)
    return (
      <Alert tone="error" title="The results could not be loaded" action={<Button size="sm" variant="secondary" onClick={results.reload}>Retry</Button>}>
        {results.offline ? 'You are offline and this device has no saved copy of these results yet.' : messageOf(results.error, 'Please try again in a moment.')}
      </Alert>
    );

  const r = results.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Assessment results"
        description={`Assessment ${assessmentId.slice(0, 8)} · submitted ${formatDate(r.submittedAt)}`}
        actions={
          <div className="flex gap-2" data-no-print>
            <ButtonLink to={paths.dashboard.href()} variant="ghost" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
              Dashboard
            </ButtonLink>
            <Button variant="secondary" onClick={() => window.print()} icon={<Printer aria-hidden="true" className="size-4" />}>
              Print
            </Button>
          </div>
        }
      />
      <VerdictCard result={r} />
      {r.carry && <CarryNote carry={r.carry} fromSubmittedAt={from.data?.submitted_at ?? null} />}
      <AssessedProfile result={r} />
      <Comparison assessmentId={assessmentId} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <DomainBars scores={r.domainScores} icons={ICONS} />
        <GapSummary scores={r.domainScores} totalGaps={r.gapCount} />
      </div>
      {/* Released, the detailed report shows the same gaps with more depth (gap analysis + action plan). */}
      {/* Results cached offline before framework coverage existed have none. */}
      {r.framework_coverage && r.framework_coverage.length > 0 && <FrameworkCoverage frameworks={r.framework_coverage} />}
      {report.data?.kind !== 'released' && r.gaps && <GapList groups={r.gaps} />}
      <section aria-labelledby="detailed-report" className="space-y-4 pt-4">
        <h2 id="detailed-report" className="text-xl font-semibold text-slate-900">
          Detailed report
        </h2>
        <ReportSection assessmentId={assessmentId} report={report} members={members} />
      </section>
    </div>
  );
}
