import { ShieldOff, Users } from 'lucide-react';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { memberRoleLabel } from '#domain/roles.ts';
import { fullName } from '#domain/text.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table.tsx';
import { appConfirm } from '../../../lib/app-dialogs.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf, useServerMutation } from '../../../lib/server-data/index.ts';
import { removeMember, resetMemberFactors } from '../api/organization-api.ts';

export function MembersCard({ members, currentUserId, canManage, onChanged }: { members: TeamMemberDto[]; currentUserId: string; canManage: boolean; onChanged: () => Promise<void> }) {
  const { notify } = useToast();
  const removing = useServerMutation((m: TeamMemberDto) => removeMember(m.id), {
    onSuccess: async () => {
      notify(MSG.memberRemoved, 'success');
      await onChanged();
    },
  });
  const busyId = removing.pendingFor?.id ?? null;
  // A team member's lost second factor (ADR 040); an org_admin's is reset by a system admin.
  const resetting = useServerMutation((m: TeamMemberDto) => resetMemberFactors(m.id), {
    onSuccess: (res) => notify(res.message, 'success'),
  });
  const resettingId = resetting.pendingFor?.id ?? null;

  async function remove(m: TeamMemberDto) {
    if (!(await appConfirm(MSG.removeMemberConfirm, { title: 'Remove team member', confirmLabel: 'Remove', danger: true }))) return;
    const res = await removing.run(m);
    if (!res.ok) notify(messageOf(res, MSG.removeMemberFailed), 'error');
  }

  async function resetFactors(m: TeamMemberDto) {
    const name = fullName(m.first_name, m.last_name);
    if (!(await appConfirm(MFA_MSG.mfaResetConfirm(name), { title: 'Reset two-step verification', confirmLabel: 'Reset', danger: true }))) return;
    const res = await resetting.run(m);
    if (!res.ok) notify(messageOf(res, 'Two-step verification could not be reset'), 'error');
  }

  /**
   * The actions on another member: reset a team member's second factor, remove. In the table
   * (`compact`), which shares the page with another column, the reset is an icon button named by
   * its label (title for pointer users).
   */
  const actions = (m: TeamMemberDto, name: string, compact = false) => (
    <div className={compact ? 'flex items-center justify-end gap-2' : 'flex flex-wrap items-center justify-end gap-2'}>
      {m.role === 'team_member' && (
        <Button
          variant="secondary"
          size="sm"
          loading={resettingId === m.id}
          onClick={() => void resetFactors(m)}
          aria-label={`Reset two-step verification of ${name}`}
          title={compact ? 'Reset two-step verification' : undefined}
          icon={compact ? <ShieldOff aria-hidden="true" className="size-4" /> : undefined}
        >
          {compact ? null : 'Reset two-step verification'}
        </Button>
      )}
      <Button variant="danger" size="sm" loading={busyId === m.id} onClick={() => void remove(m)} aria-label={`Remove ${name}`}>
        Remove
      </Button>
    </div>
  );

  return (
    <Card>
      <CardHeader icon={<Users className="size-5" />} title="Team members" description={`${members.length} ${members.length === 1 ? 'member' : 'members'}`} />
      {/* Phones: one card per member (no sideways scrolling); wider screens: the table. */}
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Team members">
        {members.map((m) => {
          const self = m.id === currentUserId;
          const name = fullName(m.first_name, m.last_name);
          return (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">
                  {name}
                  {self && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
                </p>
                <p className="text-sm break-all text-slate-600">{m.email}</p>
                <Badge tone={m.role === 'org_admin' ? 'brand' : 'neutral'} className="mt-1">
                  {memberRoleLabel(m.role)}
                </Badge>
              </div>
              {canManage && !self && actions(m, name)}
            </li>
          );
        })}
      </ul>
      <div className="hidden sm:block">
        <Table caption="Team members">
          <THead>
            <Tr>
              <Th>Name</Th>
              <Th>Email</Th>
              <Th>Role</Th>
              {canManage && (
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              )}
            </Tr>
          </THead>
          <TBody>
            {members.map((m) => {
              const self = m.id === currentUserId;
              const name = fullName(m.first_name, m.last_name);
              return (
                <Tr key={m.id}>
                  <Td className="font-medium whitespace-nowrap text-slate-900">
                    {name}
                    {self && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
                  </Td>
                  <Td>{m.email}</Td>
                  <Td>
                    <Badge tone={m.role === 'org_admin' ? 'brand' : 'neutral'}>{memberRoleLabel(m.role)}</Badge>
                  </Td>
                  {canManage && (
                    <Td className="text-right">
                      {!self && actions(m, name, true)}
                    </Td>
                  )}
                </Tr>
              );
            })}
          </TBody>
        </Table>
      </div>
    </Card>
  );
}
