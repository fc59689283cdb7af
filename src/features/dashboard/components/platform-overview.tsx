// The system admin's dashboard: platform figures and the way into the admin area. A system admin
// belongs to no organization, so the organization cards (New Assessment, Team Members) do not apply.
import type { ReactNode } from 'react';
import { ArrowRight, Building2, ClipboardList, CreditCard, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { AdminOverview } from '#domain/contracts/admin.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useServerQuery } from '../../../lib/server-data/index.ts';
import { abortable, call, client } from '../../../lib/api-client.ts';
import { messageOf } from '../../../lib/server-data/index.ts';
import { SummaryCard } from './summary-cards.tsx';

const loadOverview = (signal: AbortSignal): Promise<AdminOverview> => call(client.admin.overview.$get({}, abortable(signal)));

function Figure({ icon, title, value, detail, to, linkLabel, testId }: { icon: ReactNode; title: string; value: number; detail: string; to: string; linkLabel: string; testId: string }) {
  const footer = (
    <Link to={to} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-900">
      {linkLabel}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
  return (
    <SummaryCard icon={icon} title={title} footer={footer}>
      <p className="text-3xl font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </p>
      <p className="mt-1 text-sm text-slate-600">{detail}</p>
    </SummaryCard>
  );
}

export function PlatformOverview() {
  const res = useServerQuery(['admin', 'overview'], loadOverview, { offline: false });
  if (res.error && !res.data)
    return (
      <Alert tone="error" title="Could not load the platform figures" action={<Button size="sm" variant="secondary" onClick={res.reload}>Retry</Button>}>
        {messageOf(res.error, 'Please try again in a moment.')}
      </Alert>
    );
  if (!res.data) return <Spinner label="Loading the platform figures…" className="p-5" />;
  const o = res.data;
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="platform-overview">
      <Figure
        icon={<Building2 className="size-5" />}
        title="Organizations"
        value={o.organizations.active}
        detail={`active · ${o.organizations.suspended} suspended`}
        to={paths.admin.organizations.href()}
        linkLabel="Manage organizations"
        testId="overview-organizations"
      />
      <Figure
        icon={<Users className="size-5" />}
        title="Users"
        value={o.users.active}
        detail={`active · ${o.users.disabled} disabled`}
        to={paths.admin.users.href()}
        linkLabel="Manage users"
        testId="overview-users"
      />
      <Figure
        icon={<ClipboardList className="size-5" />}
        title="Assessments"
        value={o.assessments.submitted}
        detail={`submitted · ${o.assessments.in_progress} in progress`}
        to={paths.admin.assessments.href()}
        linkLabel="View assessments"
        testId="overview-assessments"
      />
      <Figure
        icon={<CreditCard className="size-5" />}
        title="Awaiting payment"
        value={o.awaiting_payment}
        detail="organizations with a submitted assessment and no active subscription"
        to={paths.admin.organizations.href()}
        linkLabel="Verify payments"
        testId="overview-awaiting-payment"
      />
    </div>
  );
}
