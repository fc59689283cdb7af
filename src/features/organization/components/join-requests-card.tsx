// Pending join requests (ADR 003): who asked through the join link, with their verified e-mail and
// date; an org_admin approves (team member) or declines each. A list of cards: fits any phone.
import { AlertTriangle, UserCheck } from 'lucide-react';
import type { JoinRequestDto } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { fullName } from '#domain/text.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf, useServerMutation } from '../../../lib/server-data/index.ts';
import { appConfirm } from '../../../lib/app-dialogs.ts';
import { formatDate } from '#domain/dates.ts';
import { decideJoinRequest } from '../api/organization-api.ts';

export function JoinRequestsCard({ requests, onChanged }: { requests: JoinRequestDto[]; onChanged: () => Promise<void> }) {
  const { notify } = useToast();
  const deciding = useServerMutation(({ r, decision }: { r: JoinRequestDto; decision: 'approve' | 'decline' }) => decideJoinRequest(r.id, decision), {
    onSuccess: async (res) => {
      notify(res.message, 'success');
      await onChanged();
    },
  });
  const busy = deciding.pendingFor ? { id: deciding.pendingFor.r.id, decision: deciding.pendingFor.decision } : null;

  async function decide(r: JoinRequestDto, decision: 'approve' | 'decline') {
    // Declining is final for the join link (they cannot ask again with it): confirmed first, in the
    // app's dialog like removing a member (members-card.tsx).
    if (decision === 'decline') {
      const name = fullName(r.first_name, r.last_name);
      if (!(await appConfirm(MSG.joinRequestDeclineConfirm(name, r.email), { title: 'Decline join request', confirmLabel: 'Decline', danger: true }))) return;
    }
    const res = await deciding.run({ r, decision });
    if (!res.ok) notify(messageOf(res, decision === 'approve' ? 'Failed to approve the request' : 'Failed to decline the request'), 'error');
  }

  return (
    <Card>
      <CardHeader
        icon={<UserCheck className="size-5" />}
        title="Join requests"
        description={requests.length === 0 ? 'No one is waiting. Requests from the join link appear here.' : `${requests.length} waiting for your decision`}
      />
      {requests.length > 0 && (
        <CardBody className="py-0 sm:py-0">
          <ul className="divide-y divide-slate-100">
            {requests.map((r) => {
              const name = fullName(r.first_name, r.last_name);
              return (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-4">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">{name}</p>
                    <p className="text-sm break-all text-slate-600">{r.email}</p>
                    <p className="text-xs text-slate-500">
                      Asked on <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
                    </p>
                    {r.resembles_removed_member && (
                      <p className="mt-2 flex items-start gap-1.5 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900 ring-1 ring-amber-200 ring-inset">
                        <AlertTriangle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                        <span>{MSG.joinRequestResemblesRemoved}</span>
                      </p>
                    )}
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button size="sm" loading={busy?.id === r.id && busy.decision === 'approve'} disabled={busy !== null} onClick={() => void decide(r, 'approve')} aria-label={`Approve ${name}`}>
                      Approve
                    </Button>
                    <Button size="sm" variant="secondary" loading={busy?.id === r.id && busy.decision === 'decline'} disabled={busy !== null} onClick={() => void decide(r, 'decline')} aria-label={`Decline ${name}`}>
                      Decline
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </CardBody>
      )}
    </Card>
  );
}
