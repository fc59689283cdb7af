import { useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { inviteSchema } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf, useServerMutation } from '../../../lib/server-data/index.ts';
import { sendInvitation } from '../api/organization-api.ts';

export function InviteByEmail({ organizationId, onInvited }: { organizationId: string; onInvited: () => Promise<void> }) {
  const { notify } = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useServerMutation((address: string) => sendInvitation(address, organizationId), {
    onSuccess: async (_, address) => {
      notify(MSG.inviteSent(address), 'success');
      setEmail('');
      await onInvited();
    },
  });
  const busy = invite.pending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = inviteSchema.safeParse({ email, organizationId });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.inviteEmailEmpty);
    setError(null);
    const res = await invite.run(parsed.data.email);
    if (!res.ok) notify(messageOf(res, MSG.sendInviteFailed), 'error');
  }

  return (
    <Card>
      <CardHeader icon={<UserPlus className="size-5" />} title="Invite by email" description="Invitations are valid for 7 days and can be cancelled until they are accepted." />
      <CardBody>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field className="flex-1" label="Email address" type="email" name="inviteEmail" autoComplete="off" placeholder="colleague@university.edu" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" loading={busy} className="sm:mt-7">
            Send invitation
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
