// /action-plan: every corrective action of the organization across assessments (ADR 019), open and
// closed, with owner, target date and status; filters, inline edits and an Excel export. Part of the
// paid detailed report (the report gate until payment is verified). Offline: the copy saved on this
// device, read-only.
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { AlertTriangle, FileSpreadsheet, ListChecks } from 'lucide-react';
import type { ActionPlanItem, ActionPlanView } from '#domain/contracts/cycles.ts';
import { isClosedStatus, matchesActionFilter, type ActionFilter } from '#domain/cycles/action-cycle.ts';
import { ActionItem, MemberOptions } from '../../components/corrective-action/action-item.tsx';
import { PageHeader } from '../../components/layouts/app-layout.tsx';
import { ReportGate } from '../../components/report-gate.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { inputClasses } from '../../components/ui/field.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { getAppConfig } from '../../config/app-config.ts';
import { messageOf, useServerMutation, useServerQuery } from '../../lib/server-data/index.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useSession } from '../../hooks/use-session.ts';
import { formatRelative, plural } from '../../utils/format-time.ts';
import { isOneOf } from '../../utils/one-of.ts';
import { exportActionPlan, getActionPlan, getMembers, type ActionPlanState } from './api.ts';

const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open and in progress' },
  { value: 'closed', label: 'Closed' },
] as const;
const NO_FILTER: ActionFilter = { status: 'all' };

const countsOf = (items: readonly ActionPlanItem[]): ActionPlanView['counts'] => ({
  open: items.filter((a) => !isClosedStatus(a.status)).length,
  overdue: items.filter((a) => a.overdue).length,
  closed: items.filter((a) => isClosedStatus(a.status)).length,
});

export function ActionPlanPage() {
  const { profile } = useSession();
  const orgId = profile?.organization?.id ?? null;
  const loadPlan = useCallback((signal: AbortSignal) => getActionPlan(signal), []);
  const loadMembers = useCallback((signal: AbortSignal) => getMembers(orgId!, signal), [orgId]);
  const plan = useServerQuery<ActionPlanState>(orgId ? ['action-plan'] : null, loadPlan, { offline: true });
  const members = useServerQuery(orgId ? ['members', orgId] : null, loadMembers, { offline: true });
  const online = useOnline();
  const { checkoutUrl, contactEmail } = getAppConfig();

  const header = (actions?: ReactNode) => (
    <PageHeader title="Action plan" description="Every corrective action of your organization across assessments: who owns it, its target date and where it stands." actions={actions} />
  );
  if (!orgId)
    return (
      <>
        {header()}
        <Alert tone="info" title="No organization">
          The action plan belongs to an organization; your account is not part of one.
        </Alert>
      </>
    );
  if (plan.status === 'loading')
    return (
      <>
        {header()}
        <PageSpinner label="Loading the action plan…" />
      </>
    );
  if (plan.status === 'error' || !plan.data)
    return (
      <>
        {header()}
        <Alert tone="error" title="The action plan could not be loaded" action={<Button size="sm" variant="secondary" onClick={plan.reload}>Retry</Button>}>
          {plan.offline ? 'You are offline and this device has no saved copy of the action plan yet.' : messageOf(plan.error, 'Please try again in a moment.')}
        </Alert>
      </>
    );
  if (plan.data.kind === 'payment_required')
    return (
      <>
        {header()}
        <ReportGate level={2} checkoutUrl={checkoutUrl || plan.data.checkoutUrl} contactEmail={contactEmail} />
      </>
    );

  const readOnly = plan.staleSince !== null || !online;
  return (
    <PlanView
      header={header}
      items={plan.data.view.items}
      members={members.data ?? []}
      readOnly={readOnly}
      staleSince={plan.staleSince}
      onSaved={(saved) =>
        plan.update((s) => {
          if (s.kind !== 'released') return s;
          const items = s.view.items.map((a) => (a.id === saved.id ? saved : a));
          return { ...s, view: { items, counts: countsOf(items) } };
        })
      }
    />
  );
}

function PlanView({
  header,
  items,
  members,
  readOnly,
  staleSince,
  onSaved,
}: {
  header: (actions?: ReactNode) => ReactNode;
  items: readonly ActionPlanItem[];
  members: Parameters<typeof ActionItem>[0]['members'];
  readOnly: boolean;
  staleSince: number | null;
  onSaved: (saved: ActionPlanItem) => void;
}) {
  const [filter, setFilter] = useState<ActionFilter>(NO_FILTER);
  const exporter = useServerMutation((f: ActionFilter) => exportActionPlan(f));
  const exporting = exporter.pending;
  const { notify } = useToast();
  const id = useId();
  const shown = useMemo(() => items.filter((a) => matchesActionFilter(a, filter)), [items, filter]);
  const counts = countsOf(items);
  const domains = useMemo(() => [...new Map(items.map((a) => [a.domain_id, a.domain_name])).entries()].sort((x, y) => x[1].localeCompare(y[1])), [items]);
  const filtered = filter.status !== 'all' || !!filter.ownerId || !!filter.domainId || !!filter.overdue;

  const set = (change: Partial<ActionFilter>) => setFilter((f) => {
    const next = { ...f, ...change };
    for (const k of ['ownerId', 'domainId', 'overdue'] as const) if (!next[k]) delete next[k];
    return next;
  });
  const exportXlsx = async () => {
    const res = await exporter.run(filter);
    if (!res.ok) notify(messageOf(res, 'The export failed. Please try again.'), 'error');
  };

  const exportButton = (
    <Button
      variant="secondary"
      icon={<FileSpreadsheet aria-hidden="true" className="size-4" />}
      loading={exporting}
      disabled={readOnly || items.length === 0}
      onClick={() => void exportXlsx()}
    >
      Export XLSX
    </Button>
  );

  return (
    <>
      {header(exportButton)}
      <div className="space-y-6">
        {readOnly && (
          <Alert tone="warning" title="You are offline">
            {staleSince !== null ? `This is the copy saved on this device ${formatRelative(staleSince)}.` : 'This is the copy saved on this device.'} Changes and the export wait until you reconnect.
          </Alert>
        )}

        <p className="text-sm text-slate-700" data-testid="action-plan-counts">
          {plural(counts.open, 'open action')}
          {counts.overdue > 0 && (
            <span className="font-medium text-red-800">
              {' '}
              (<AlertTriangle aria-hidden="true" className="-mt-0.5 inline size-3.5" /> {counts.overdue} overdue)
            </span>
          )}
          , {counts.closed} closed.
        </p>

        {items.length === 0 ? (
          <EmptyState
            icon={<ListChecks className="size-6" />}
            title="No corrective actions yet"
            description="An action opens for each question answered No when an assessment is submitted, and follows it into the next assessment until it is done."
          />
        ) : (
          <>
            <form role="search" aria-label="Filter the actions" className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end" onSubmit={(e) => e.preventDefault()}>
              <div>
                <label htmlFor={`${id}-status`} className="mb-1.5 block text-xs font-medium text-slate-700">
                  Status
                </label>
                <select
                  id={`${id}-status`}
                  className={inputClasses()}
                  value={filter.status}
                  onChange={(e) => {
                    const status = e.target.value;
                    if (isOneOf(['all', 'open', 'closed'] as const, status)) set({ status });
                  }}
                >
                  {STATUS_FILTERS.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-owner`} className="mb-1.5 block text-xs font-medium text-slate-700">
                  Owner
                </label>
                <select id={`${id}-owner`} className={inputClasses()} value={filter.ownerId ?? ''} onChange={(e) => set({ ownerId: e.target.value || undefined })}>
                  <option value="">Anyone</option>
                  <MemberOptions members={members} />
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-domain`} className="mb-1.5 block text-xs font-medium text-slate-700">
                  Domain
                </label>
                <select id={`${id}-domain`} className={inputClasses()} value={filter.domainId ?? ''} onChange={(e) => set({ domainId: e.target.value || undefined })}>
                  <option value="">All domains</option>
                  {domains.map(([value, name]) => (
                    <option key={value} value={value}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 lg:pb-2">
                <label className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-400 text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    checked={filter.overdue === 'true'}
                    onChange={(e) => set({ overdue: e.target.checked ? 'true' : undefined })}
                  />
                  Overdue only
                </label>
                {filtered && (
                  <Button size="sm" variant="ghost" onClick={() => setFilter(NO_FILTER)}>
                    Clear filters
                  </Button>
                )}
              </div>
            </form>

            <p className="text-sm text-slate-600" role="status" aria-live="polite" data-testid="action-plan-shown">
              {filtered ? `Showing ${shown.length} of ${plural(items.length, 'action')}.` : `Showing all ${plural(items.length, 'action')}.`}
            </p>

            {shown.length === 0 ? (
              <EmptyState
                icon={<ListChecks className="size-6" />}
                title="No actions match these filters"
                action={
                  <Button size="sm" variant="secondary" onClick={() => setFilter(NO_FILTER)}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <Card>
                <ol className="divide-y divide-slate-100" aria-label="Corrective actions">
                  {shown.map((a) => (
                    <ActionItem key={a.id} action={a} members={members} plan={{ domainName: a.domain_name, overdue: a.overdue }} readOnly={readOnly} onSaved={onSaved} />
                  ))}
                </ol>
              </Card>
            )}
          </>
        )}
      </div>
    </>
  );
}
