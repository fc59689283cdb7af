// Sign-in security (ADR 040): an org_admin requires two-step verification for every member. Turning
// it on is confirmed first: members without an authenticator app are refused the organization's
// data until they set one up. The server refuses to turn it on from a session that did not verify
// a second factor itself (code mfa_enrol_first), so the admin cannot shut themselves out.
import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf, useServerMutation } from '../../../lib/server-data/index.ts';
import { setRequireMfa } from '../api/organization-api.ts';
import { SessionLimitsForm } from './session-limits-form.tsx';
import { Link } from 'react-router-dom';
import { AUDIT_LOG_HREF } from '../audit-log-path.ts';

export function SecurityCard({
  requireMfa,
  sessionIdleMinutes,
  sessionMaxHours,
  onChanged,
}: {
  requireMfa: boolean;
  sessionIdleMinutes?: number | null | undefined;
  sessionMaxHours?: number | null | undefined;
  onChanged: () => Promise<void>;
}) {
  const { notify } = useToast();
  const [confirmOn, setConfirmOn] = useState(false);
  const change = useServerMutation((next: boolean) => setRequireMfa(next), {
    onSuccess: async (res) => {
      setConfirmOn(false);
      notify(res.message, 'success');
      await onChanged();
    },
  });

  async function apply(next: boolean) {
    const res = await change.run(next);
    if (!res.ok) {
      setConfirmOn(false);
      notify(messageOf(res, 'The sign-in security setting could not be saved'), 'error');
    }
  }

  return (
    <Card>
      <CardHeader icon={<ShieldCheck className="size-5" />} title="Sign-in security" description="Two-step verification asks for a code from an authenticator app after the password." />
      <CardBody>
        <Switch
          checked={requireMfa}
          disabled={change.pending}
          onChange={(next) => (next ? setConfirmOn(true) : void apply(false))}
          label="Require two-step verification for every member"
          description={
            requireMfa
              ? 'On: members sign in with a password and a code from their authenticator app.'
              : 'Off: each member chooses whether to use an authenticator app. Set one up for your own account first.'
          }
        />
        <SessionLimitsForm idleMinutes={sessionIdleMinutes} maxHours={sessionMaxHours} onSaved={onChanged} />
        <p className="mt-5 border-t border-slate-100 pt-5 text-sm text-slate-600">
          Sign-ins, sign-outs, authenticator changes and ended sessions of every member are in the{' '}
          <Link className="font-medium text-brand-700 underline" to={AUDIT_LOG_HREF}>
            audit log
          </Link>
          .
        </p>
      </CardBody>
      <Dialog
        open={confirmOn}
        onClose={() => setConfirmOn(false)}
        title="Require two-step verification?"
        description={MFA_MSG.mfaPolicyEnableConfirm}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmOn(false)}>
              Cancel
            </Button>
            <Button data-autofocus loading={change.pending} onClick={() => void apply(true)}>
              Require it
            </Button>
          </>
        }
      />
    </Card>
  );
}
