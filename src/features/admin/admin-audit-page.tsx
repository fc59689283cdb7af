// /admin/audit-log: every admin action (who, what, when, before and after), newest first, in keyset
// pages (Previous / Next keep the cursors of the pages before this one) with server-side search.
import { useState } from 'react';
import type { AuditEntryView } from '#domain/contracts/admin.ts';
import { Card, CardHeader } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table.tsx';
import { adminApi } from './api/admin-api.ts';
import { useServerQuery } from '../../lib/server-data/index.ts';
import { CursorPager, LoadState, SearchBox, formatDateTime } from './components/admin-shared.tsx';
import { useSearchQuery } from './components/use-keyset-list.tsx';

const ACTION_LABEL: Record<string, string> = {
  'question.created': 'Question created',
  'question.updated': 'Question edited',
  'question.deleted': 'Question deleted',
  'organization.suspended': 'Organization suspended',
  'organization.reactivated': 'Organization reactivated',
  'subscription.verified': 'Payment verified',
  'user.role_changed': 'Role changed',
  'user.disabled': 'User disabled',
  'user.enabled': 'User enabled',
};

function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-slate-400">—</span>;
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 1).replace(/^\{\n?|\n?\}$/g, '').replace(/"/g, '');
  return <pre className="max-w-64 overflow-hidden text-xs whitespace-pre-wrap text-slate-600">{text.length > 240 ? `${text.slice(0, 240)}…` : text}</pre>;
}

export function AdminAuditPage() {
  const [search, setSearch, q] = useSearchQuery();
  // The cursors that opened page 1, 2, … of this search (page 1 has none).
  const [trail, setTrail] = useState<{ q: string; cursors: (string | undefined)[] }>({ q: '', cursors: [undefined] });
  const cursors = trail.q === q ? trail.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];
  const list = useServerQuery(['admin', 'audit', q, cursor ?? ''], (s) => adminApi.audit({ cursor, q }, s), { offline: false });
  const target = (e: AuditEntryView) => (e.target_type === 'organization' ? (e.organization_name ?? e.target_id) : e.target_type === 'user' ? `user ${e.target_id?.slice(0, 8)}` : e.target_id);
  return (
    <Card>
      <CardHeader title="Audit log" description="Every change made in the admin area, newest first." />
      <div className="border-b border-slate-100 px-5 py-3">
        <SearchBox value={search} onChange={setSearch} label="Search the audit log" placeholder="Action, admin e-mail or organization starts with" />
      </div>
      <LoadState resource={list} label="the audit log">
        {(data) =>
          data.items.length === 0 ? (
            <div className="p-5">
              <EmptyState title="No admin actions recorded yet" />
            </div>
          ) : (
            <>
              <Table caption="Audit log">
                <THead>
                  <Tr>
                    <Th>When</Th>
                    <Th>Admin</Th>
                    <Th>Action</Th>
                    <Th>Target</Th>
                    <Th>Before</Th>
                    <Th>After</Th>
                  </Tr>
                </THead>
                <TBody>
                  {data.items.map((e) => (
                    <Tr key={e.id}>
                      <Td className="whitespace-nowrap">{formatDateTime(e.created_at)}</Td>
                      <Td className="text-xs">{e.actor_email ?? '—'}</Td>
                      <Td className="font-medium whitespace-nowrap text-slate-900">{ACTION_LABEL[e.action] ?? e.action}</Td>
                      <Td className="text-xs">
                        {target(e)}
                        {e.target_type === 'user' && e.organization_name && <p className="text-slate-500">{e.organization_name}</p>}
                      </Td>
                      <Td className="align-top">
                        <Change value={e.before} />
                      </Td>
                      <Td className="align-top">
                        <Change value={e.after} />
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              <CursorPager
                page={cursors.length}
                shown={data.items.length}
                hasNext={!!data.next_cursor}
                onPrevious={() => setTrail({ q, cursors: cursors.slice(0, -1) })}
                onNext={() => data.next_cursor && setTrail({ q, cursors: [...cursors, data.next_cursor] })}
              />
            </>
          )
        }
      </LoadState>
    </Card>
  );
}
