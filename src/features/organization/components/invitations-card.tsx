import { MailOpen } from 'lucide-react';
import type { InvitationDto } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf, useServerMutation } from '../../../lib/server-data/index.ts';
import { formatDate } from '#domain/dates.ts';
import { cancelInvitation } from '../api/organization-api.ts';

export function InvitationsCard({ invitations, onChanged }: { invitations: InvitationDto[]; onChanged: () => Promise<void> }) {
  const { notify } = useToast();
  const cancelling = useServerMutation((inv: InvitationDto) => cancelInvitation(inv.id), {
    onSuccess: async () => {
      notify(MSG.inviteCancelled, 'success');
      await onChanged();
    },
  });
  const busyId = cancelling.pendingFor?.id ?? null;

  async function cancel(inv: InvitationDto) {
    const res = await cancelling.run(inv);
    if (!res.ok) notify(messageOf(res, MSG.cancelInviteFailed), 'error');
  }

  return (
    <Card>
      <CardHeader icon={<MailOpen className="size-5" />} title="Pending invitations" description={`${invitations.length} pending`} />
      {invitations.length === 0 ? (
        <CardBody>
          <EmptyState title="No pending invitations" description="Invite a colleague by email above." />
        </CardBody>
      ) : (
        <>
          {/* Phones: one card per invitation; wider screens: the table. */}
          <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Pending invitations">
            {invitations.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
                <div className="min-w-0">
                  <p className="font-medium break-all text-slate-900">{inv.email}</p>
                  <p className="text-xs text-slate-500">Sent {formatDate(inv.created_at)}</p>
                </div>
                <Button variant="ghost" size="sm" loading={busyId === inv.id} onClick={() => void cancel(inv)} aria-label={`Cancel invitation for ${inv.email}`}>
                  Cancel
                </Button>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <Table caption="Pending invitations">
              <THead>
                <Tr>
                  <Th>Email</Th>
                  <Th>Sent</Th>
                  <Th className="text-right">
                    <span className="sr-only">Actions</span>
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {invitations.map((inv) => (
                  <Tr key={inv.id}>
                    <Td className="font-medium text-slate-900">{inv.email}</Td>
                    <Td>{formatDate(inv.created_at)}</Td>
                    <Td className="text-right">
                      <Button variant="ghost" size="sm" loading={busyId === inv.id} onClick={() => void cancel(inv)} aria-label={`Cancel invitation for ${inv.email}`}>
                        Cancel
                      </Button>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        </>
      )}
    </Card>
  );
}
