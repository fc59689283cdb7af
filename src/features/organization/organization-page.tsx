import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Building2 } from 'lucide-react';
import { paths } from '../../config/paths.ts';
import { AUDIT_LOG_HREF } from './audit-log-path.ts';
import { PageHeader } from '../../components/layouts/app-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../hooks/use-session.ts';
import { ApplicabilityCard } from './components/applicability-card.tsx';
import { ExportCard } from './components/export-card.tsx';
import { InvitationsCard } from './components/invitations-card.tsx';
import { InviteByEmail } from './components/invite-card.tsx';
import { JoinLinkCard } from './components/join-link-card.tsx';
import { JoinRequestsCard } from './components/join-requests-card.tsx';
import { MembersCard } from './components/members-card.tsx';
import { OrganizationNameCard } from './components/organization-name-card.tsx';
import { SecurityCard } from './components/security-card.tsx';
import { useOrganizationData } from './use-organization-data.ts';

/** Single sign-on settings (ADR 043): their own chunk, loaded for org_admins only. */
const SsoCard = lazy(() => import('./components/sso-card.tsx').then((m) => ({ default: m.SsoCard })));
const AuditLogPage = lazy(() => import('./audit-log-page.tsx').then((m) => ({ default: m.AuditLogPage })));

/**
 * /organization/*: the settings at /organization, the audit log at AUDIT_LOG_HREF (its own chunk
 * and title; routed here so the first route's router stays as it is), anything else back to /organization.
 */
export function OrganizationPage() {
  const path = useLocation().pathname.replace(/\/+$/, '');
  if (path === AUDIT_LOG_HREF)
    return (
      <Suspense fallback={<PageSpinner label="Loading the audit log…" />}>
        <AuditLogPage />
      </Suspense>
    );
  if (path !== paths.organization.href()) return <Navigate to={paths.organization.href()} replace />;
  return <OrganizationSettings />;
}

/** /organization: reachable by every signed-in user; actions only for org_admin (the API enforces it, ADR 003). */
function OrganizationSettings() {
  const { profile, refreshProfile } = useSession();
  const isAdmin = profile?.role === 'org_admin';
  const data = useOrganizationData(isAdmin);
  const org = profile?.organization;

  if (!profile) return <PageSpinner label="Loading your organization…" />;
  if (!org)
    return (
      <>
        <PageHeader title="Organization" />
        <EmptyState icon={<Building2 className="size-6" />} title="You are not a member of an organization" description="System administrators manage organizations from the Admin area." />
      </>
    );

  const refreshAll = async () => {
    await Promise.all([data.reload(), refreshProfile()]);
  };
  return (
    <>
      <PageHeader title="Organization" description={isAdmin ? 'Manage your organization, invite colleagues and control who can join.' : 'Your organization and its team. Only organization admins can make changes.'} />
      {data.error && (
        <Alert tone="error" className="mb-6" action={<Button size="sm" variant="secondary" onClick={() => void data.reload()}>Retry</Button>}>
          {data.error}
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <OrganizationNameCard key={org.name} name={org.name} canEdit={isAdmin} onSaved={refreshProfile} />
          <ApplicabilityCard canEdit={isAdmin} />
          {isAdmin && <InviteByEmail organizationId={org.id} onInvited={data.reload} />}
          {isAdmin && data.joinLink && <JoinLinkCard organizationId={org.id} joinLink={data.joinLink} onChanged={refreshAll} />}
          {/* A cached profile from before ADR 040 has no require_mfa: off. */}
          {isAdmin && <SecurityCard requireMfa={org.require_mfa === true} sessionIdleMinutes={org.session_idle_minutes} sessionMaxHours={org.session_max_hours} onChanged={refreshProfile} />}
          {isAdmin && (
            <Suspense fallback={<PageSpinner label="Loading single sign-on settings…" />}>
              <SsoCard />
            </Suspense>
          )}
        </div>
        <div className="min-w-0 space-y-6">
          {isAdmin && data.joinRequests && <JoinRequestsCard requests={data.joinRequests} onChanged={refreshAll} />}
          {data.loading && !data.members ? <PageSpinner label="Loading team members…" /> : null}
          {data.members && <MembersCard members={data.members} currentUserId={profile.id} canManage={isAdmin} onChanged={refreshAll} />}
          {isAdmin && data.invitations && <InvitationsCard invitations={data.invitations} onChanged={data.reload} />}
          {isAdmin && <ExportCard />}
        </div>
      </div>
    </>
  );
}
