import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Building2, Mail, ShieldX } from 'lucide-react';
import { acceptInviteFormSchema, type ValidateInviteResponse } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { acceptInvite, validateInvite } from './api/invitations.ts';
import { fieldError, NO_ERRORS, validate, type FormErrors } from './validation.ts';

type InviteState = { status: 'loading' } | { status: 'invalid' } | { status: 'failed'; message: string } | { status: 'valid'; invite: ValidateInviteResponse };

function useInvite(token: string): InviteState {
  const [state, setState] = useState<InviteState>({ status: 'loading' });
  useEffect(() => {
    const ctrl = new AbortController();
    validateInvite(token, ctrl.signal)
      .then((invite) => setState({ status: 'valid', invite }))
      .catch((error: unknown) => {
        if (ctrl.signal.aborted) return;
        const invalid = error instanceof ApiError && [400, 404, 410, 422].includes(error.status);
        setState(invalid ? { status: 'invalid' } : { status: 'failed', message: MSG.validateInviteFailed });
      });
    return () => ctrl.abort();
  }, [token]);
  return state;
}

export function InvitePage() {
  const { token = '' } = useParams();
  const state = useInvite(token);
  if (state.status === 'loading')
    return (
      <AuthLayout title="Accept invitation">
        <Spinner label="Checking your invitation…" />
      </AuthLayout>
    );
  if (state.status === 'invalid') return <InvalidInvitation />;
  if (state.status === 'failed')
    return (
      <AuthLayout title="Accept invitation">
        <Alert tone="error">{state.message}</Alert>
      </AuthLayout>
    );
  return <AcceptInviteForm token={token} invite={state.invite} />;
}

function InvalidInvitation() {
  return (
    <AuthLayout title={MSG.invalidInvitationTitle}>
      <div className="text-center">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
          <ShieldX aria-hidden="true" className="size-7" />
        </div>
        <p className="mt-4 text-sm text-slate-700" role="alert">
          {MSG.invalidInvitation}
        </p>
        <p className="mt-1 text-sm text-slate-500">Ask your organization admin to send a new invitation.</p>
        <ButtonLink to={paths.login.href()} size="lg" className="mt-6 w-full">
          Go to Login
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}

function AcceptInviteForm({ token, invite }: { token: string; invite: ValidateInviteResponse }) {
  const navigate = useNavigate();
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const result = validate(acceptInviteFormSchema, values);
    if (!result.ok) return setErrors(result.errors);
    setErrors(NO_ERRORS);
    setBusy(true);
    try {
      await acceptInvite({ token, firstName: result.data.firstName, lastName: result.data.lastName, password: values.password });
      navigate(`${paths.login.href()}?registered=1`, { replace: true, state: { message: MSG.accountCreatedSignIn } });
    } catch (error) {
      setErrors({ summary: messageOf(error, MSG.acceptInviteFailed), fields: {} });
      setBusy(false);
    }
  }

  return (
    <AuthLayout title={MSG.joinOrgTitle(invite.organizationName)} subtitle="You have been invited to join this organization's research security assessment." wide>
      <dl className="mb-6 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <div className="flex items-center gap-3">
          <Building2 aria-hidden="true" className="size-5 text-brand-700" />
          <div>
            <dt className="text-xs text-slate-500">Organization</dt>
            <dd className="font-medium text-slate-900">{invite.organizationName}</dd>
          </div>
        </div>
        <div className="flex min-w-0 items-center gap-3">
          <Mail aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          <div className="min-w-0">
            <dt className="text-xs text-slate-500">Account email</dt>
            <dd className="truncate font-medium text-slate-900">{invite.email}</dd>
          </div>
        </div>
      </dl>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {errors.summary && <Alert tone="error">{errors.summary}</Alert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="First name" name="firstName" autoComplete="given-name" required value={values.firstName} {...fieldError(errors, 'firstName')} onChange={(e) => set({ firstName: e.target.value })} />
          <Field label="Last name" name="lastName" autoComplete="family-name" required value={values.lastName} {...fieldError(errors, 'lastName')} onChange={(e) => set({ lastName: e.target.value })} />
        </div>
        <Field label="Password" type="password" name="password" autoComplete="new-password" required hint="At least 8 characters." value={values.password} {...fieldError(errors, 'password')} onChange={(e) => set({ password: e.target.value })} />
        <Field label="Confirm password" type="password" name="confirmPassword" autoComplete="new-password" required value={values.confirmPassword} {...fieldError(errors, 'confirmPassword')} onChange={(e) => set({ confirmPassword: e.target.value })} />
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? 'Creating account...' : 'Accept Invitation'}
        </Button>
      </form>
    </AuthLayout>
  );
}
