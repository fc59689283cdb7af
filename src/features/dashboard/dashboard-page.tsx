// /dashboard: welcome, New Assessment, Team Members (admins), Passed assessments,
// Assessment History and the questions assigned to me; notices of an unconfirmed profile and of a
// release that changes the assessment in progress. Renders from the saved read when offline (ADR 032).
import { useCallback } from 'react';
import { MSG } from '#domain/messages.ts';
import { PageHeader } from '../../components/layouts/app-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useServerQuery } from '../../lib/server-data/index.ts';
import { useSession } from '../../hooks/use-session.ts';
import { formatRelative } from '../../utils/format-time.ts';
import { canSeeTeam, complianceCounts, getDashboardData } from './api/get-dashboard-data.ts';
import { AssessmentHistory } from './components/assessment-history.tsx';
import { AssignedToMe } from './components/assigned-to-me.tsx';
import { DeadlinesPanel } from './components/deadlines-panel.tsx';
import { InstrumentsPrompt } from './components/instruments-prompt.tsx';
import { PlatformOverview } from './components/platform-overview.tsx';
import { ReleasePrompt } from './components/release-prompt.tsx';
import { NewAssessmentCard, PassedAssessmentsCard, TeamMembersCard } from './components/summary-cards.tsx';
import { TrendCard } from './components/trend-chart.tsx';

export function DashboardPage() {
  const { profile } = useSession();
  if (profile?.role === 'system_admin') return <SystemAdminDashboard firstName={profile.first_name} />;
  return <OrganizationDashboard />;
}

function SystemAdminDashboard({ firstName }: { firstName: string }) {
  return (
    <>
      <PageHeader
        title={`Welcome, ${firstName}`}
        description="The platform at a glance: organizations, users, assessments and payments to verify."
        actions={<ButtonLink to={paths.admin.root.href()}>Open the admin area</ButtonLink>}
      />
      <PlatformOverview />
    </>
  );
}

function OrganizationDashboard() {
  const { profile } = useSession();
  const load = useCallback((signal: AbortSignal) => getDashboardData(profile!, signal), [profile]);
  const res = useServerQuery(profile ? ['dashboard'] : null, load, { offline: true });

  const header = (
    <PageHeader
      title={profile ? `Welcome, ${profile.first_name}` : 'Welcome'}
      description="Assess your research security program, review the results and track corrective actions."
    />
  );
  if (res.status === 'loading')
    return (
      <>
        {header}
        <PageSpinner label="Loading your dashboard…" />
      </>
    );
  if (res.status === 'error' || !res.data)
    return (
      <>
        {header}
        <Alert tone="error" title={MSG.dashboardLoadFailed} action={<Button size="sm" variant="secondary" onClick={res.reload}>Retry</Button>}>
          {res.offline ? 'You are offline and this device has no saved copy yet.' : 'Please try again in a moment.'}
        </Alert>
      </>
    );

  const { assessments, memberCount } = res.data;
  const inProgress = assessments.find((a) => a.status === 'in_progress') ?? null;
  const { passed, total } = complianceCounts(assessments);
  return (
    <>
      {header}
      <div className="space-y-6">
        {res.staleSince !== null && (
          <Alert tone="warning" title={res.offline ? 'You are offline' : MSG.dashboardLoadFailed} action={<Button size="sm" variant="secondary" onClick={res.reload}>Retry</Button>}>
            Showing the copy saved on this device {formatRelative(res.staleSince)}.
          </Alert>
        )}
        <InstrumentsPrompt canEdit={profile?.role === 'org_admin'} />
        {inProgress && <ReleasePrompt assessmentId={inProgress.id} canMove={profile?.role === 'org_admin'} />}
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <NewAssessmentCard inProgressId={inProgress?.id ?? null} />
          {canSeeTeam(profile) && <TeamMembersCard count={memberCount} />}
          <PassedAssessmentsCard passed={passed} total={total} />
        </div>
        {inProgress && profile && <AssignedToMe assessmentId={inProgress.id} userId={profile.id} />}
        <DeadlinesPanel />
        <TrendCard />
        <AssessmentHistory assessments={assessments} />
      </div>
    </>
  );
}
