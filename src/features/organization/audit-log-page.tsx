// /organization/audit-log (org_admins; ADR 042): the organization's sign-in trail and changes,
// newest first, filtered by person, kind and dates, in keyset pages (Previous / Next keep the
// cursors of the pages before), with a CSV download of the same filters.
import { useState } from 'react';
import { AUDIT_KINDS, type AuditKind, type OrganizationAuditEntryView } from '#domain/contracts/sessions.ts';
import { PageHeader } from '../../components/layouts/app-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { inputClasses } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useSession } from '../../hooks/use-session.ts';
import { saveBlob } from '../../lib/download-report.ts';
import { isOfflineFailure, messageOf, toResult, useServerQuery } from '../../lib/server-data/index.ts';
import { formatDateTime } from '../../utils/format-time.ts';
import { downloadAuditLog, getAuditLog, getMembers } from './api/organization-api.ts';

const KIND_LABEL: Record<AuditKind, string> = {
  sign_in: 'Sign-in',
  second_factor: 'Second factor',
  factor_change: 'Authenticator change',
  sign_out: 'Sign-out',
  session_end: 'Session ended',
  other: 'Organization change',
};

const ACTION_LABEL: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in refused',
  'auth.mfa_verified': 'Code accepted',
  'auth.mfa_failed': 'Code refused',
  'auth.factor_enrolled': 'Authenticator app added',
  'auth.factor_removed': 'Authenticator app removed',
  'user.mfa_reset': 'Two-step verification reset',
  'auth.sign_out': 'Signed out',
  'auth.session_ended': 'Session ended',
  'organization.security': 'Sign-in security changed',
  'member.remove': 'Member removed',
  'join_request.approve': 'Join request approved',
  'join_request.decline': 'Join request declined',
  'organization.applicability': 'Applicability profile changed',
};

type Filters = { person: string; kind: string; from: string; to: string };
const NONE: Filters = { person: '', kind: '', from: '', to: '' };
const selectClasses = `${inputClasses()} h-10`;

function queryOf(f: Filters, cursor?: string) {
  return Object.fromEntries(Object.entries({ ...f, cursor }).filter(([, v]) => v)) as Partial<Filters> & { cursor?: string };
}

function who(p: OrganizationAuditEntryView['actor']): string {
  if (!p) return 'The platform';
  return p.name || p.email || 'Former member';
}

function Details({ e }: { e: OrganizationAuditEntryView }) {
  const parts = [e.method && `via ${e.method}`, e.reason && e.reason.replace(/_/g, ' '), e.ip].filter(Boolean);
  return (
    <div className="text-xs text-slate-600">
      {parts.length > 0 && <p>{parts.join(' · ')}</p>}
      {e.user_agent && <p className="max-w-64 truncate" title={e.user_agent}>{e.user_agent}</p>}
    </div>
  );
}

export function AuditLogPage() {
  usePageTitle('Audit log');
  const { profile } = useSession();
  const isAdmin = profile?.role === 'org_admin';
  const { notify } = useToast();
  const [filters, setFilters] = useState<Filters>(NONE);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [downloading, setDownloading] = useState(false);
  const cursor = cursors[cursors.length - 1];
  const members = useServerQuery(isAdmin ? ['organization', 'members'] : null, (s) => getMembers(s), { offline: false });
  const log = useServerQuery(isAdmin ? ['organization', 'audit-log', filters, cursor ?? ''] : null, (s) => getAuditLog(queryOf(filters, cursor), s), { offline: false });
  const badRange = filters.from && filters.to && filters.from > filters.to;

  const change = (key: keyof Filters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setCursors([undefined]);
  };

  async function download() {
    setDownloading(true);
    const res = await toResult(downloadAuditLog(queryOf(filters)));
    setDownloading(false);
    if (res.ok) saveBlob(res.value.blob, res.value.fileName ?? 'audit-log.csv');
    else notify(isOfflineFailure(res) ? 'You are offline: the download starts once you are back online.' : messageOf(res, 'The audit log could not be downloaded'), 'error');
  }

  if (profile && !isAdmin)
    return (
      <>
        <PageHeader title="Audit log" />
        <Alert tone="info">Only organization admins can read the audit log.</Alert>
      </>
    );

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every sign-in, sign-out, authenticator change and ended session of your members, and changes to the organization, newest first. Times are yours; dates filter in UTC."
        actions={
          <Button variant="secondary" loading={downloading} onClick={() => void download()}>
            Download CSV
          </Button>
        }
      />
      <Card>
        <form className="grid gap-4 border-b border-slate-100 px-5 py-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
          <label className="text-sm font-medium text-slate-800">
            Person
            <select className={`${selectClasses} mt-1.5`} value={filters.person} onChange={(e) => change('person')(e.target.value)}>
              <option value="">Everyone</option>
              {(members.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {`${m.first_name} ${m.last_name}`.trim() || m.email}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            Kind
            <select className={`${selectClasses} mt-1.5`} value={filters.kind} onChange={(e) => change('kind')(e.target.value)}>
              <option value="">Everything</option>
              {AUDIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABEL[k]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            From
            <input type="date" className={`${selectClasses} mt-1.5`} value={filters.from} onChange={(e) => change('from')(e.target.value)} />
          </label>
          <label className="text-sm font-medium text-slate-800">
            To
            <input type="date" className={`${selectClasses} mt-1.5`} value={filters.to} onChange={(e) => change('to')(e.target.value)} />
          </label>
        </form>
        {badRange ? (
          <Alert tone="warning" className="m-5">
            The start date must be on or before the end date.
          </Alert>
        ) : log.status === 'loading' ? (
          <Spinner label="Loading the audit log…" className="p-5" />
        ) : log.status === 'error' ? (
          <Alert
            className="m-5"
            tone={log.offline ? 'warning' : 'error'}
            title={log.offline ? 'You are offline' : 'Could not load the audit log'}
            action={
              <Button size="sm" variant="secondary" onClick={() => void log.reload()}>
                Retry
              </Button>
            }
          >
            {log.offline ? 'The audit log is read from the server: it shows once you are back online.' : messageOf(log.error, 'Please try again in a moment.')}
          </Alert>
        ) : log.data && log.data.items.length === 0 ? (
          <div className="p-5">
            <EmptyState title="Nothing recorded" description={filters === NONE ? 'Events appear here as members sign in.' : 'No event matches these filters.'} />
          </div>
        ) : (
          log.data && (
            <>
              <Table caption="Audit log">
                <THead>
                  <Tr>
                    <Th>When</Th>
                    <Th>Event</Th>
                    <Th>Member</Th>
                    <Th>By</Th>
                    <Th>Details</Th>
                  </Tr>
                </THead>
                <TBody>
                  {log.data.items.map((e) => (
                    <Tr key={e.id}>
                      <Td className="whitespace-nowrap">{formatDateTime(e.created_at)}</Td>
                      <Td>
                        <p className="font-medium text-slate-900">{ACTION_LABEL[e.action] ?? e.action}</p>
                        <p className="text-xs text-slate-600">
                          {KIND_LABEL[e.kind]} {e.outcome === 'failure' && <Badge tone="danger">Refused</Badge>}
                        </p>
                      </Td>
                      <Td className="text-sm">{e.person ? who(e.person) : '—'}</Td>
                      <Td className="text-sm">{who(e.actor)}</Td>
                      <Td>
                        <Details e={e} />
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm text-slate-600">
                <p aria-live="polite">{`Page ${cursors.length}: showing ${log.data.items.length}${log.data.next_cursor ? ', more available' : ''}`}</p>
                <div className="flex gap-2">
                  <Button size="sm" variant="secondary" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                    Previous
                  </Button>
                  <Button size="sm" variant="secondary" disabled={!log.data.next_cursor} onClick={() => log.data?.next_cursor && setCursors((c) => [...c, log.data!.next_cursor!])}>
                    Next
                  </Button>
                </div>
              </div>
            </>
          )
        )}
      </Card>
    </>
  );
}
