import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { getAppConfig } from '../../../../config/app-config.ts';
import { messageOf, type ServerQuery } from '../../../../lib/server-data/index.ts';
import type { ReportState } from '../../api/results.ts';
import { ActionPlan } from './action-plan.tsx';
import { GapAnalysis } from './gap-analysis.tsx';
import { ReportGate } from '../../../../components/report-gate.tsx';
import { ReportDownloads } from '../../../../components/report-downloads.tsx';

/** The detailed report: the gap analysis and the action plan when released, else what it holds and how to pay. */
export function ReportSection({ assessmentId, report, members }: { assessmentId: string; report: ServerQuery<ReportState>; members: readonly TeamMemberDto[] }) {
  const { checkoutUrl, contactEmail } = getAppConfig();
  if (report.status === 'loading') return <Spinner label="Loading the detailed report…" />;
  if (report.status === 'error' || !report.data)
    return (
      <Alert tone="error" title="The detailed report could not be loaded" action={<Button size="sm" variant="secondary" onClick={report.reload}>Retry</Button>}>
        {report.offline ? 'You are offline. The report loads when you reconnect.' : messageOf(report.error, 'Please try again in a moment.')}
      </Alert>
    );
  if (report.data.kind === 'payment_required') return <ReportGate checkoutUrl={checkoutUrl || report.data.checkoutUrl} contactEmail={contactEmail} />;
  const r = report.data.report;
  return (
    <div className="space-y-6" data-testid="report-released">
      <ReportDownloads assessmentId={assessmentId} size="md" />
      <GapAnalysis groups={r.gapAnalysis} />
      <ActionPlan
        assessmentId={assessmentId}
        actions={r.correctiveActions}
        members={members}
        onSaved={(saved) =>
          report.update((state) =>
            state.kind === 'released' ? { ...state, report: { ...state.report, correctiveActions: state.report.correctiveActions.map((a) => (a.id === saved.id ? saved : a)) } } : state,
          )
        }
      />
    </div>
  );
}
