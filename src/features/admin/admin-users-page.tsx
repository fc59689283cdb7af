// /admin/users: every user with organization and role, in keyset pages (Load more, server-side
// search); change a role, disable and re-enable, reset a lost second factor (ADR 040).
import { useState } from 'react';
import type { AdminUserView } from '#domain/contracts/admin.ts';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { ROLE_LABEL, ROLES, type Role } from '#domain/roles.ts';
import { fullName } from '#domain/text.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardHeader } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useSession } from '../../hooks/use-session.ts';
import { messageOf, useServerMutation } from '../../lib/server-data/index.ts';
import { adminApi } from './api/admin-api.ts';
import { isOneOf } from '../../utils/one-of.ts';
import { LoadMore, LoadState, SearchBox, selectClasses } from './components/admin-shared.tsx';
import { useKeysetList, useSearchQuery } from './components/use-keyset-list.tsx';

type Pending = { kind: 'role'; user: AdminUserView; role: Role } | { kind: 'disable' | 'enable' | 'factors'; user: AdminUserView } | null;

const STATUS_TONE = { active: 'success', disabled: 'danger', removed: 'neutral' } as const;
const STATUS_LABEL = { active: 'Active', disabled: 'Disabled', removed: 'Removed' } as const;

export function AdminUsersPage() {
  const [version, setVersion] = useState(0);
  const [search, setSearch, q] = useSearchQuery();
  const list = useKeysetList(`users:${version}:${q}`, (cursor, s) => adminApi.users({ cursor, q }, s), (p) => p.users);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const { notify } = useToast();
  const me = useSession().profile?.id;

  const change = useServerMutation(async (p: NonNullable<Pending>): Promise<string | null> => {
    if (p.kind === 'role') await adminApi.changeRole(p.user.id, p.role);
    else if (p.kind === 'disable') await adminApi.disableUser(p.user.id);
    else if (p.kind === 'factors') return (await adminApi.resetFactors(p.user.id)).message;
    else await adminApi.enableUser(p.user.id);
    return null;
  });
  const busy = change.pending;

  const confirm = async () => {
    if (!pending) return;
    setError(null);
    const res = await change.run(pending);
    if (!res.ok) return setError(messageOf(res, 'The change could not be saved'));
    const name = fullName(pending.user.first_name, pending.user.last_name);
    notify(
      res.value ??
        (pending.kind === 'role' ? `${name} is now ${ROLE_LABEL[pending.role]}.` : pending.kind === 'disable' ? `${name} is disabled and signed out.` : `${name} is enabled.`),
    );
    setPending(null);
    setVersion((v) => v + 1);
  };

  return (
    <Card>
      <CardHeader title="Users" description="Every user with their organization and role." />
      <div className="border-b border-slate-100 px-5 py-3">
        <SearchBox value={search} onChange={setSearch} label="Search users" placeholder="Name, e-mail or organization starts with" />
      </div>
      <LoadState resource={list.first} label="users">
        {(first) => {
          const rows = list.rows;
          if (rows.length === 0)
            return (
              <div className="p-5">
                <EmptyState title="No users found" />
              </div>
            );
          return (
            <>
              <Table caption="Users">
                <THead>
                  <Tr>
                    <Th>User</Th>
                    <Th>Organization</Th>
                    <Th>Role</Th>
                    <Th>Status</Th>
                    <Th>
                      <span className="sr-only">Actions</span>
                    </Th>
                  </Tr>
                </THead>
                <TBody>
                  {rows.map((u) => {
                    const self = u.id === me;
                    return (
                      <Tr key={u.id}>
                        <Td>
                          <p className="font-medium text-slate-900">
                            {u.first_name} {u.last_name}
                            {self && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
                          </p>
                          <p className="text-xs text-slate-500">{u.email}</p>
                        </Td>
                        <Td>{u.organization?.name ?? <span className="text-slate-500">—</span>}</Td>
                        <Td>
                          <select
                            aria-label={`Role of ${u.email}`}
                            className={`${selectClasses} h-9 w-48`}
                            value={u.role}
                            disabled={self || u.status === 'removed'}
                            onChange={(e) => {
                              const role = e.target.value;
                              if (!isOneOf(ROLES, role)) return;
                              setError(null);
                              setPending({ kind: 'role', user: u, role });
                            }}
                          >
                            {ROLES.map((r) => (
                              <option key={r} value={r}>
                                {ROLE_LABEL[r]}
                              </option>
                            ))}
                          </select>
                        </Td>
                        <Td>
                          <Badge tone={STATUS_TONE[u.status]}>{STATUS_LABEL[u.status]}</Badge>
                        </Td>
                        <Td className="space-x-2 text-right whitespace-nowrap">
                          {!self && u.status !== 'removed' && (
                            <Button
                              size="sm"
                              variant="secondary"
                              aria-label={`Reset two-step verification of ${u.email}`}
                              onClick={() => (setError(null), setPending({ kind: 'factors', user: u }))}
                            >
                              Reset two-step verification
                            </Button>
                          )}
                          {!self && u.status === 'active' && (
                            <Button size="sm" variant="danger" onClick={() => (setError(null), setPending({ kind: 'disable', user: u }))}>
                              Disable
                            </Button>
                          )}
                          {!self && u.status === 'disabled' && (
                            <Button size="sm" variant="secondary" onClick={() => (setError(null), setPending({ kind: 'enable', user: u }))}>
                              Enable
                            </Button>
                          )}
                        </Td>
                      </Tr>
                    );
                  })}
                </TBody>
              </Table>
              <LoadMore shown={rows.length} estimatedTotal={first.estimated_total} hasMore={!!list.next} onMore={list.loadMore} loading={list.loadingMore} error={list.moreError} noun="users" />
            </>
          );
        }}
      </LoadState>
      <Dialog
        open={!!pending}
        onClose={() => setPending(null)}
        title={
          pending?.kind === 'role'
            ? `Make ${pending.user.email} ${ROLE_LABEL[pending.role]}?`
            : pending?.kind === 'disable'
              ? `Disable ${pending.user.email}?`
              : pending?.kind === 'factors'
                ? 'Reset two-step verification?'
                : pending
                ? `Enable ${pending.user.email}?`
                : ''
        }
        description={
          pending?.kind === 'factors'
            ? MFA_MSG.mfaResetConfirm(pending.user.email)
            : pending?.kind === 'disable'
            ? 'Their sessions end at once and they cannot sign in until you enable them again.'
            : pending?.kind === 'enable'
              ? 'They can sign in again.'
              : 'The new role applies on their next request.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button variant={pending?.kind === 'disable' || pending?.kind === 'factors' ? 'danger' : 'primary'} loading={busy} onClick={confirm}>
              {pending?.kind === 'disable' ? 'Disable' : pending?.kind === 'enable' ? 'Enable' : pending?.kind === 'factors' ? 'Reset' : 'Change role'}
            </Button>
          </>
        }
      >
        {error && <Alert tone="error">{error}</Alert>}
      </Dialog>
    </Card>
  );
}
