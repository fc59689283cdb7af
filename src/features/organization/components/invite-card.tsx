import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Check, Copy, Link2, UserPlus } from 'lucide-react';
import { inviteSchema } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { sendInvitation, updateOrganization } from '../api/organization-api.ts';

/** Spec §9: the copied-link notice shows for 2 s. */
export const COPIED_NOTICE_MS = 2000;

export function InviteByEmail({ organizationId, onInvited }: { organizationId: string; onInvited: () => Promise<void> }) {
  const { notify } = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = inviteSchema.safeParse({ email, organizationId });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.inviteEmailEmpty);
    setError(null);
    setBusy(true);
    try {
      await sendInvitation(parsed.data.email, organizationId);
      notify(MSG.inviteSent(parsed.data.email), 'success');
      setEmail('');
      await onInvited();
    } catch (err) {
      notify(messageOf(err, MSG.sendInviteFailed), 'error');
    } finally {
      setBusy(false);
    }
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

export function InviteLinkCard({ organizationId, joinByLinkEnabled, onChanged }: { organizationId: string; joinByLinkEnabled: boolean; onChanged: () => Promise<void> }) {
  const { notify } = useToast();
  const [enabled, setEnabled] = useState(joinByLinkEnabled);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const link = `${window.location.origin}${paths.signup.href(organizationId)}`;

  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    return () => window.clearTimeout(t);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      input.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
  }

  async function toggle(next: boolean) {
    setBusy(true);
    try {
      await updateOrganization({ joinByLinkEnabled: next });
      setEnabled(next);
      notify(next ? 'Joining by link is on' : 'Joining by link is off', 'success');
      await onChanged();
    } catch (err) {
      notify(messageOf(err, 'Failed to update the invite link setting'), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader icon={<Link2 className="size-5" />} title="Invite link" description="Anyone with this link can join your organization as a team member." />
      <CardBody className="space-y-5">
        <Switch checked={enabled} disabled={busy} onChange={(v) => void toggle(v)} label="Joining by link" description={enabled ? 'The link below works.' : 'The link is disabled; only e-mail invitations work.'} />
        <div className="flex flex-col gap-3 sm:flex-row">
          <label className="sr-only" htmlFor="invite-link">
            Invite link
          </label>
          <Input id="invite-link" ref={input} readOnly value={link} disabled={!enabled} className="flex-1 font-mono text-xs" onFocus={(e) => e.target.select()} />
          <Button variant="secondary" onClick={() => void copy()} disabled={!enabled} icon={copied ? <Check aria-hidden="true" className="size-4 text-emerald-700" /> : <Copy aria-hidden="true" className="size-4" />}>
            {copied ? MSG.linkCopied : 'Copy link'}
          </Button>
        </div>
        <p aria-live="polite" className="sr-only">
          {copied ? MSG.linkCopied : ''}
        </p>
      </CardBody>
    </Card>
  );
}
