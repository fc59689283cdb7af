// /admin/organizations: every organization by name, in keyset pages (Load more, server-side search),
// with status, members, assessments and subscription;
// verify a payment (releases detailed reports), suspend and reactivate, and delete an organization
// with everything it owns (the exact name typed to confirm; docs/decisions/023-data-export-and-deletion.md).
import { useEffect, useRef, useState } from 'react';
import { BadgeCheck, Ban, RotateCcw, Trash2 } from 'lucide-react';
import type { AdminOrganizationView } from '#domain/contracts/admin.ts';
import { MSG } from '#domain/messages.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardHeader } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { messageOf, useServerMutation } from '../../lib/server-data/index.ts';
import { adminApi } from './api/admin-api.ts';
import { addMonths, formatDate, utcDay } from '#domain/dates.ts';
import { LoadMore, LoadState, SearchBox, textareaClasses } from './components/admin-shared.tsx';
import { useKeysetList, useSearchQuery } from './components/use-keyset-list.tsx';
import { DeleteOrganizationDialog } from './components/delete-organization-dialog.tsx';

type Action = { kind: 'verify' | 'suspend' | 'reactivate'; org: AdminOrganizationView } | null;

const inAYear = () => addMonths(utcDay(new Date()), 12);

function SubscriptionBadge({ org }: { org: AdminOrganizationView }) {
  if (org.subscription === 'active') return <Badge tone="success">Paid until {formatDate(org.paid_until)}</Badge>;
  if (org.subscription === 'expired') return <Badge tone="warning">Expired {formatDate(org.paid_until)}</Badge>;
  return <Badge>Not paid</Badge>;
}

export function AdminOrganizationsPage() {
  const [version, setVersion] = useState(0);
  const [search, setSearch, q] = useSearchQuery();
  const list = useKeysetList(`orgs:${version}:${q}`, (cursor, s) => adminApi.organizations({ cursor, q }, s), (p) => p.organizations);
  const [action, setAction] = useState<Action>(null);
  const [paidUntil, setPaidUntil] = useState(inAYear);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminOrganizationView | null>(null);
  // Deleted organizations leave the list at once: the reload that follows keeps showing the previous
  // page until it answers, and a row still offering Delete for an organization that is gone misleads.
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(() => new Set());
  const searchRef = useRef<HTMLInputElement>(null);
  const { notify } = useToast();
  // After a deletion the dialog hands focus back to the row's Delete button, which the list's reload
  // then removes, leaving keyboard users on <body>. Once the reloaded list no longer has the row
  // (whenever the dialog's own focus return ran), focus goes to the search field.
  const focusAfterDelete = useRef<string | null>(null);
  const { rows: listedRows } = list;
  const { data: firstPage, fetching: reloading } = list.first;
  useEffect(() => {
    const id = focusAfterDelete.current;
    if (id === null || reloading || !firstPage || listedRows.some((o) => o.id === id)) return;
    focusAfterDelete.current = null;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) searchRef.current?.focus();
  }, [listedRows, firstPage, reloading]);

  /** The organization as the server has it now (renamed while the dialog was open, or gone), and the list reloaded. */
  const reloadDeleting = async (id: string): Promise<AdminOrganizationView | null> => {
    const fresh = (await adminApi.organizations({ id })).organizations[0] ?? null;
    setVersion((v) => v + 1);
    if (fresh) setDeleting(fresh);
    return fresh;
  };

  const open = (next: Action) => {
    setAction(next);
    setError(null);
    setReason('');
    setPaidUntil(inAYear());
  };
  const change = useServerMutation(async (a: NonNullable<typeof action>) => {
    if (a.kind === 'verify') await adminApi.verifyPayment(a.org.id, paidUntil);
    else if (a.kind === 'suspend') await adminApi.suspend(a.org.id, reason);
    else await adminApi.reactivate(a.org.id);
  });
  const busy = change.pending;
  const confirm = async () => {
    if (!action) return;
    setError(null);
    const res = await change.run(action);
    if (!res.ok) setError(messageOf(res, 'The change could not be saved'));
    else {
      notify(
        action.kind === 'verify'
          ? `Payment verified for ${action.org.name}: detailed reports are released.`
          : action.kind === 'suspend'
            ? `${action.org.name} is suspended.`
            : `${action.org.name} is active again.`,
      );
      setAction(null);
      setVersion((v) => v + 1);
    }
  };

  return (
    <Card>
      <CardHeader title="Organizations" description="Status, team size, assessments and subscription of every organization." />
      <div className="border-b border-slate-100 px-5 py-3">
        <SearchBox inputRef={searchRef} value={search} onChange={setSearch} label="Search organizations" placeholder="Name or contact e-mail starts with" />
      </div>
      <LoadState resource={list.first} label="organizations">
        {(first) => {
          const rows = list.rows.filter((o) => !deleted.has(o.id));
          if (rows.length === 0)
            return (
              <div className="p-5">
                <EmptyState title={MSG.noOrganizations} />
              </div>
            );
          return (
            <>
              <Table caption="Organizations">
                <THead>
                  <Tr>
                    <Th>Organization</Th>
                    <Th>Status</Th>
                    <Th className="text-right">Members</Th>
                    <Th className="text-right">Assessments</Th>
                    <Th>Subscription</Th>
                    <Th>
                      <span className="sr-only">Actions</span>
                    </Th>
                  </Tr>
                </THead>
                <TBody>
                  {rows.map((o) => (
                    <Tr key={o.id}>
                      <Td>
                        <p className="font-medium text-slate-900">{o.name}</p>
                        <p className="text-xs text-slate-500">{[o.contact_name, o.contact_email].filter(Boolean).join(' · ') || `Created ${formatDate(o.created_at)}`}</p>
                      </Td>
                      <Td>
                        {o.status === 'suspended' ? (
                          <span title={o.suspended_reason ?? undefined}>
                            <Badge tone="danger">Suspended</Badge>
                            {o.suspended_reason && <p className="mt-1 max-w-48 truncate text-xs text-slate-500">{o.suspended_reason}</p>}
                          </span>
                        ) : (
                          <Badge tone="success">Active</Badge>
                        )}
                      </Td>
                      <Td className="text-right tabular-nums">{o.member_count}</Td>
                      <Td className="text-right tabular-nums">{o.assessment_count}</Td>
                      <Td>
                        <SubscriptionBadge org={o} />
                      </Td>
                      <Td className="text-right whitespace-nowrap">
                        <div className="flex justify-end gap-1">
                          <Button size="sm" variant="secondary" icon={<BadgeCheck aria-hidden="true" className="size-4" />} aria-label={`Verify payment for ${o.name}`} onClick={() => open({ kind: 'verify', org: o })}>
                            Verify payment
                          </Button>
                          {o.status === 'suspended' ? (
                            <Button size="sm" variant="secondary" icon={<RotateCcw aria-hidden="true" className="size-4" />} aria-label={`Reactivate ${o.name}`} onClick={() => open({ kind: 'reactivate', org: o })}>
                              Reactivate
                            </Button>
                          ) : (
                            <Button size="sm" variant="danger" icon={<Ban aria-hidden="true" className="size-4" />} aria-label={`Suspend ${o.name}`} onClick={() => open({ kind: 'suspend', org: o })}>
                              Suspend
                            </Button>
                          )}
                          <Button size="sm" variant="danger" icon={<Trash2 aria-hidden="true" className="size-4" />} aria-label={`Delete ${o.name}`} onClick={() => setDeleting(o)}>
                            Delete
                          </Button>
                        </div>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              <LoadMore shown={rows.length} estimatedTotal={first.estimated_total} hasMore={!!list.next} onMore={list.loadMore} loading={list.loadingMore} error={list.moreError} noun="organizations" />
            </>
          );
        }}
      </LoadState>

      <Dialog
        open={!!action}
        onClose={() => setAction(null)}
        title={action ? { verify: `Verify payment: ${action.org.name}`, suspend: `Suspend ${action.org.name}?`, reactivate: `Reactivate ${action.org.name}?` }[action.kind] : ''}
        description={
          action?.kind === 'verify'
            ? 'Record the date the verified subscription runs until. Detailed reports are released to the organization at once.'
            : action?.kind === 'suspend'
              ? 'Members can still sign in and read their data, but cannot change anything. They see the reason you give.'
              : 'Members can change data again.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setAction(null)}>
              Cancel
            </Button>
            <Button variant={action?.kind === 'suspend' ? 'danger' : 'primary'} loading={busy} onClick={confirm} disabled={action?.kind === 'suspend' && reason.trim().length < 3}>
              {action?.kind === 'verify' ? 'Verify payment' : action?.kind === 'suspend' ? 'Suspend' : 'Reactivate'}
            </Button>
          </>
        }
      >
        {(error || action?.kind !== 'reactivate') && (
          <div className="space-y-3">
            {error && <Alert tone="error">{error}</Alert>}
            {action?.kind === 'verify' && <Field label="Paid until" type="date" value={paidUntil} onChange={(e) => setPaidUntil(e.target.value)} required />}
            {action?.kind === 'suspend' && (
              <label className="block text-sm font-medium text-slate-800">
                <span className="mb-1.5 block">Reason shown to members</span>
                <textarea className={textareaClasses} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} data-autofocus />
              </label>
            )}
          </div>
        )}
      </Dialog>
      <DeleteOrganizationDialog
        key={deleting?.id ?? 'closed'}
        org={deleting}
        onClose={() => setDeleting(null)}
        onReload={reloadDeleting}
        onDeleted={(message) => {
          const id = deleting?.id ?? null;
          focusAfterDelete.current = id;
          if (id) setDeleted((gone) => new Set(gone).add(id));
          setDeleting(null);
          notify(message, 'success');
          setVersion((v) => v + 1);
        }}
      />
    </Card>
  );
}
