import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Building2, Mail, ShieldX } from 'lucide-react';
import { acceptInviteFormSchema, type ValidateInviteResponse } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { getAppConfig } from '../../config/app-config.ts';
import { paths } from '../../config/paths.ts';
import { useSession, type SessionUser } from '../../hooks/use-session.ts';
import { messageOf, useServerMutation, useServerQuery } from '../../lib/server-data/index.ts';
import { readStoredSessionUser } from '../../lib/auth-storage.ts';
import { acceptInvite, acceptInviteSignedIn, acceptInviteWithNewProviderAccount, validateInvite } from './api/invitations.ts';
import { RegisterError } from './api/register-account.ts';
import { forgetInviteNames, recallInviteNames, rememberInviteNames, type InviteNames } from './invite-names.ts';
import type { LoginState } from './login-page.tsx';
import { fieldError, NO_ERRORS, validate, type FormErrors } from './validation.ts';

type InviteState = { status: 'loading' } | { status: 'invalid' } | { status: 'failed'; message: string; retry: () => void; retrying: boolean } | { status: 'valid'; invite: ValidateInviteResponse };

/** Why the visitor has to sign in first: the address has an account, or it awaits e-mail confirmation. */
type SignInReason = 'exists' | 'confirm-email';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function useInvite(token: string): InviteState {
  const read = useServerQuery(['invite', token], (signal) => validateInvite(token, signal), { offline: false });
  if (read.status === 'error' && read.error) {
    const invalid = [400, 404, 410, 422].includes(read.error.status);
    return invalid ? { status: 'invalid' } : { status: 'failed', message: MSG.validateInviteFailed, retry: () => void read.reload(), retrying: read.fetching };
  }
  return read.data && !read.fetching ? { status: 'valid', invite: read.data } : { status: 'loading' };
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
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" loading={state.retrying} onClick={state.retry}>
              Retry
            </Button>
          }
        >
          {state.message}
        </Alert>
      </AuthLayout>
    );
  return <InviteFlow token={token} invite={state.invite} />;
}

/** Picks the variant: signed in as the invitee, signed in as someone else, or a new account. */
function InviteFlow({ token, invite }: { token: string; invite: ValidateInviteResponse }) {
  const { user, loading, clientReady, authFlowActive } = useSession();
  const [signInReason, setSignInReason] = useState<SignInReason | null>(null);
  // Same rule as the route guards: a stored session the provider has not picked up yet is not "signed out".
  const waiting = loading || (!clientReady && !user && !!readStoredSessionUser());
  if (waiting)
    return (
      <AuthLayout title="Accept invitation">
        <Spinner label="Checking your session…" />
      </AuthLayout>
    );
  // While the form itself creates a session (hosted sign-up) it keeps the page.
  if (user && !authFlowActive) {
    if (sameEmail(user.email, invite.email)) return <SignedInAccept token={token} invite={invite} user={user} />;
    return <WrongAccount token={token} invite={invite} user={user} />;
  }
  if (signInReason) return <SignInToAccept token={token} invite={invite} reason={signInReason} />;
  return <AcceptInviteForm token={token} invite={invite} onNeedsSignIn={setSignInReason} />;
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

function InviteSummary({ invite }: { invite: ValidateInviteResponse }) {
  return (
    // Each group is a div of one dt and one dd (axe-core's definition-list rules); the icon sits in the dt.
    <dl className="mb-6 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-2">
      <div className="relative min-w-0 pl-8">
        <dt className="text-xs text-slate-500">
          <Building2 aria-hidden="true" className="absolute top-1/2 left-0 size-5 -translate-y-1/2 text-brand-700" />
          Organization
        </dt>
        <dd className="font-medium text-slate-900">{invite.organizationName}</dd>
      </div>
      <div className="relative min-w-0 pl-8">
        <dt className="text-xs text-slate-500">
          <Mail aria-hidden="true" className="absolute top-1/2 left-0 size-5 -translate-y-1/2 text-brand-700" />
          Account email
        </dt>
        <dd className="truncate font-medium text-slate-900">{invite.email}</dd>
      </div>
    </dl>
  );
}

const INVITED_SUBTITLE = "You have been invited to join this organization's research security assessment.";

/** What a new-account accept led to: accepted (hosted auth), created (sign in next), sign in first, or refused at the provider. */
type NewAccountOutcome = { kind: 'accepted' } | { kind: 'created' } | { kind: 'sign-in'; reason: SignInReason } | { kind: 'refused'; message: string };

function AcceptInviteForm({ token, invite, onNeedsSignIn }: { token: string; invite: ValidateInviteResponse; onNeedsSignIn: (reason: SignInReason) => void }) {
  const navigate = useNavigate();
  const { setAuthFlowActive } = useSession();
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));
  // The names survive the detour through the login page.
  const needsSignIn = (reason: SignInReason, names: InviteNames) => {
    rememberInviteNames(token, names);
    onNeedsSignIn(reason);
  };

  useEffect(() => () => setAuthFlowActive(false), [setAuthFlowActive]);

  /**
   * Creates the account for the invited address. Hosted auth: the server cannot create it, so the
   * browser signs up at the provider first (a RegisterError is the provider's refusal to show).
   * Embedded auth: the server creates it; a 409 means the address already has an account.
   */
  const accept = useServerMutation(async ({ names, hosted }: { names: InviteNames; hosted: boolean }): Promise<NewAccountOutcome> => {
    if (hosted) {
      try {
        const result = await acceptInviteWithNewProviderAccount({ token, email: invite.email, password: values.password, ...names });
        return result === 'accepted' ? { kind: 'accepted' } : { kind: 'sign-in', reason: result };
      } catch (error) {
        if (error instanceof RegisterError) return { kind: 'refused', message: error.message };
        throw error;
      }
    }
    await acceptInvite({ token, ...names, password: values.password });
    return { kind: 'created' };
  });
  const busy = accept.pending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (accept.pending) return;
    const result = validate(acceptInviteFormSchema, values);
    if (!result.ok) return setErrors(result.errors);
    setErrors(NO_ERRORS);
    const names = { firstName: result.data.firstName, lastName: result.data.lastName };
    const hosted = getAppConfig().supabaseUrl !== null;
    // While the provider sign-up creates a session the form keeps the page (InviteFlow).
    if (hosted) setAuthFlowActive(true);
    const res = await accept.run({ names, hosted });
    // A session created here but not accepted yet: the page then offers the signed-in variant.
    if (hosted) setAuthFlowActive(false);
    if (!res.ok) {
      // The invited address already has an account: accepting needs its session.
      if (res.status === 409) return needsSignIn('exists', names);
      return setErrors({ summary: messageOf(res, MSG.acceptInviteFailed), fields: {} });
    }
    const outcome = res.value;
    if (outcome.kind === 'accepted') navigate(paths.dashboard.href(), { replace: true });
    else if (outcome.kind === 'created') navigate(`${paths.login.href()}?registered=1`, { replace: true, state: { message: MSG.accountCreatedSignIn } });
    else if (outcome.kind === 'sign-in') needsSignIn(outcome.reason, names);
    else setErrors({ summary: outcome.message, fields: {} });
  }

  return (
    <AuthLayout title={MSG.joinOrgTitle(invite.organizationName)} subtitle={INVITED_SUBTITLE} wide>
      <InviteSummary invite={invite} />
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

/** The address has an account (or must confirm it first): sign in, then come back here. */
function SignInToAccept({ token, invite, reason }: { token: string; invite: ValidateInviteResponse; reason: SignInReason }) {
  const navigate = useNavigate();
  const goSignIn = () => {
    const state: LoginState = { from: paths.invite.href(token), email: invite.email, message: MSG.inviteSignInNotice(invite.email, invite.organizationName), tone: 'info' };
    navigate(paths.login.href(), { state });
  };
  return (
    <AuthLayout title={MSG.joinOrgTitle(invite.organizationName)} subtitle={INVITED_SUBTITLE} wide>
      <InviteSummary invite={invite} />
      {reason === 'exists' ? (
        <Alert tone="info" title={MSG.inviteAccountExistsTitle}>
          {MSG.inviteAccountExists(invite.email)}
        </Alert>
      ) : (
        <Alert tone="info">{MSG.inviteConfirmEmail(invite.email)}</Alert>
      )}
      <Button size="lg" className="mt-6 w-full" onClick={goSignIn}>
        {MSG.inviteSignInToAccept}
      </Button>
      <p className="mt-4 text-center text-sm text-slate-600">
        Forgot your password?{' '}
        <Link to={paths.forgotPassword.href()} className="font-medium text-brand-700 hover:text-brand-800">
          Reset it
        </Link>
      </p>
    </AuthLayout>
  );
}

/** Signed in with the invited e-mail: accept with the session (no password needed). */
function SignedInAccept({ token, invite, user }: { token: string; invite: ValidateInviteResponse; user: SessionUser }) {
  const navigate = useNavigate();
  const { profile, refreshProfile } = useSession();
  // What was typed on this invitation first, else the existing profile, else the account's sign-up data.
  const [values, setValues] = useState(
    () =>
      recallInviteNames(token) ?? {
        firstName: profile?.first_name ?? str(user.userMetadata.firstName),
        lastName: profile?.last_name ?? str(user.userMetadata.lastName),
      },
  );
  const [error, setError] = useState<string | null>(null);
  const accept = useServerMutation(async (names: { firstName: string; lastName: string }) => {
    await acceptInviteSignedIn({ token, supabaseUserId: user.id, ...names });
    forgetInviteNames(token);
    await refreshProfile();
  });
  const busy = accept.pending;
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    if (!firstName || !lastName) return setError(MSG.requiredFields);
    setError(null);
    const res = await accept.run({ firstName, lastName });
    if (!res.ok) return setError(messageOf(res, MSG.acceptInviteFailed));
    navigate(paths.dashboard.href(), { replace: true });
  }

  const missing = error === MSG.requiredFields;
  return (
    <AuthLayout title={MSG.joinOrgTitle(invite.organizationName)} subtitle={INVITED_SUBTITLE} wide>
      <InviteSummary invite={invite} />
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Alert tone="info">{MSG.inviteSignedInAs(user.email)}</Alert>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="First name" name="firstName" autoComplete="given-name" required value={values.firstName} invalid={missing && !values.firstName.trim()} onChange={(e) => set({ firstName: e.target.value })} />
          <Field label="Last name" name="lastName" autoComplete="family-name" required value={values.lastName} invalid={missing && !values.lastName.trim()} onChange={(e) => set({ lastName: e.target.value })} />
        </div>
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? 'Accepting...' : 'Accept invitation'}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** Signed in as someone else: the invitation cannot be accepted with this session. */
function WrongAccount({ token, invite, user }: { token: string; invite: ValidateInviteResponse; user: SessionUser }) {
  const { signOut } = useSession();
  // The app's one sign-out (src/app/sign-out.ts through the session): unsent work is asked about,
  // the device is cleared, and the page reloads into this invitation, which then shows the form
  // for the invited address.
  const leave = useServerMutation(() => signOut({ returnTo: paths.invite.href(token) }));
  return (
    <AuthLayout title={MSG.joinOrgTitle(invite.organizationName)} subtitle={INVITED_SUBTITLE} wide>
      <InviteSummary invite={invite} />
      <Alert tone="warning" title={MSG.inviteWrongAccountTitle}>
        {MSG.inviteWrongAccount(user.email, invite.email)}
      </Alert>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Button size="lg" loading={leave.pending} onClick={() => void leave.run(undefined)}>
          Sign out
        </Button>
        <ButtonLink to={paths.dashboard.href()} variant="secondary" size="lg">
          Go to Dashboard
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
