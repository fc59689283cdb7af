// Shown when a signed-in user has no profile yet (GET /api/auth/profile → 404): finish the account
// instead of crashing. Prefilled from the sign-up metadata the provider kept.
import { useState, type FormEvent } from 'react';
import { UserCog } from 'lucide-react';
import { signupSchema } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { fullName } from '#domain/text.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useSession } from '../../hooks/use-session.ts';
import { call, client } from '../../lib/api-client.ts';
import { messageOf, useServerMutation } from '../../lib/server-data/index.ts';
import { fieldError, NO_ERRORS, validate, type FormErrors } from './validation.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function FinishSetupPage() {
  const { user, refreshProfile, signOut, profileError } = useSession();
  const meta = user?.userMetadata ?? {};
  const joinOrgId = str(meta.organizationId);
  /** The server's "waiting for approval" text when a join request is pending (ADR 003). */
  const [pending, setPending] = useState<string | null>(null);
  const pendingMessage = pending ?? profileError;
  const [values, setValues] = useState({
    firstName: str(meta.firstName),
    lastName: str(meta.lastName),
    organizationName: str(meta.organizationName),
    contactName: str(meta.contactName),
    contactEmail: str(meta.contactEmail),
    contactPhone: str(meta.contactPhone),
  });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));

  /** Creates the profile (sign-up) or joins the organization; the pending join request's message, else null. */
  const setup = useServerMutation(async (base: { supabaseUserId: string; email: string; firstName: string; lastName: string }): Promise<string | null> => {
    if (joinOrgId) {
      const res = await call(client.auth['join-organization'].$post({ json: { ...base, organizationId: joinOrgId, joinKey: str(meta.joinKey) } }));
      if (res.joinRequest) return res.message;
    } else
      await call(
        client.auth.signup.$post({
          json: {
            ...base,
            organizationName: values.organizationName.trim(),
            contactName: values.contactName.trim() || fullName(base.firstName, base.lastName),
            contactEmail: values.contactEmail.trim() || base.email,
            contactPhone: values.contactPhone.trim(),
          },
        }),
      );
    await refreshProfile();
    return null;
  });
  const busy = setup.pending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!user) return;
    const base = { supabaseUserId: user.id, email: user.email, firstName: values.firstName.trim(), lastName: values.lastName.trim() };
    if (!base.firstName || !base.lastName) return setErrors({ summary: MSG.requiredFields, fields: {} });
    if (!joinOrgId) {
      const check = validate(signupSchema, { ...values });
      if (!check.ok) return setErrors(check.errors);
    }
    setErrors(NO_ERRORS);
    const res = await setup.run(base);
    if (!res.ok) setErrors({ summary: messageOf(res, joinOrgId ? MSG.joinFailed : MSG.profileCreateFailed), fields: {} });
    else if (res.value !== null) setPending(res.value);
  }

  if (pendingMessage)
    return (
      <div className="mx-auto max-w-xl">
        <Card>
          <CardHeader icon={<UserCog className="size-5" />} title="Waiting for approval" description={`You are signed in as ${user?.email ?? ''}.`} />
          <CardBody className="space-y-5">
            <Alert tone="info">{pendingMessage}</Alert>
            <div className="flex flex-wrap justify-between gap-3">
              <Button variant="ghost" onClick={() => void signOut()}>
                Sign out
              </Button>
              <Button variant="secondary" onClick={() => void refreshProfile()}>
                Check again
              </Button>
            </div>
          </CardBody>
        </Card>
      </div>
    );

  return (
    <div className="mx-auto max-w-xl">
      <Card>
        <CardHeader icon={<UserCog className="size-5" />} title="Finish setting up your account" description={`You are signed in as ${user?.email ?? ''}, but your account is not linked to an organization yet.`} />
        <CardBody>
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            {errors.summary && <Alert tone="error">{errors.summary}</Alert>}
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="First name" value={values.firstName} {...fieldError(errors, 'firstName')} onChange={(e) => set({ firstName: e.target.value })} />
              <Field label="Last name" value={values.lastName} {...fieldError(errors, 'lastName')} onChange={(e) => set({ lastName: e.target.value })} />
            </div>
            {joinOrgId ? (
              <p className="text-sm text-slate-600">{MSG.joinAsTeamMember}</p>
            ) : (
              <>
                <Field label="Organization name" value={values.organizationName} {...fieldError(errors, 'organizationName')} onChange={(e) => set({ organizationName: e.target.value })} />
                <Field label="Contact name" optional value={values.contactName} {...fieldError(errors, 'contactName')} onChange={(e) => set({ contactName: e.target.value })} />
                <Field label="Contact email" type="email" optional value={values.contactEmail} {...fieldError(errors, 'contactEmail')} onChange={(e) => set({ contactEmail: e.target.value })} />
                <Field label="Contact phone" type="tel" optional value={values.contactPhone} {...fieldError(errors, 'contactPhone')} onChange={(e) => set({ contactPhone: e.target.value })} />
              </>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <Button variant="ghost" onClick={() => void signOut()}>
                Sign out
              </Button>
              <Button type="submit" loading={busy}>
                {joinOrgId ? 'Join organization' : 'Create organization'}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
