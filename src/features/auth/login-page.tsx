import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '#domain/messages.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../hooks/use-session.ts';
import { initialAuthError } from '../../lib/initial-url.ts';
import { useServerMutation } from '../../lib/server-data/index.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import { SsoSignIn } from './sso-sign-in.tsx';

/** What a page may hand to /login: a notice, where to return after sign-in (same-origin path), the e-mail to prefill. */
export interface LoginState {
  message?: string;
  tone?: 'success' | 'info';
  from?: string;
  email?: string;
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as LoginState;
  const notice = state.message ?? (params.get('registered') === '1' ? MSG.accountCreatedSignIn : params.get('reset') === '1' ? MSG.passwordUpdated : null);

  const [email, setEmail] = useState(state.email ?? '');
  const [password, setPassword] = useState('');
  const signIn = useServerMutation(async (credentials: { email: string; password: string }) => (await (await loadSupabase()).auth.signInWithPassword(credentials)).error);
  const busy = signIn.pending;
  // An auth error in the opening fragment (e.g. an expired link that reached a protected page via the guard) is shown here.
  const linkError = initialAuthError();
  const [error, setError] = useState<string | null>(linkError ? linkError.description || MSG.loginFailed : null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  // "SSO only" (ADR 043): the password was right but the organization signs in through its identity provider.
  const [ssoRequired, setSsoRequired] = useState(false);
  const [resend, setResend] = useState<{ busy: boolean; message: string | null; tone: 'success' | 'error' }>({ busy: false, message: null, tone: 'success' });
  const { setAuthFlowActive } = useSession();
  useEffect(() => () => setAuthFlowActive(false), [setAuthFlowActive]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setUnconfirmed(false);
    setResend((r) => ({ ...r, message: null }));
    if (!email.trim() || !password) {
      setError(MSG.requiredFields);
      return;
    }
    // This page navigates itself once signed in (to the return path): the public-route guard must
    // not bounce the new session to /dashboard first. Cleared when the page unmounts.
    setAuthFlowActive(true);
    const res = await signIn.run({ email: email.trim(), password });
    if (!res.ok) {
      setAuthFlowActive(false);
      setError(res.message || MSG.loginFailed);
      return;
    }
    const authError = res.value;
    if (authError) {
      setAuthFlowActive(false);
      if (authError.code === 'email_not_confirmed') {
        setUnconfirmed(true);
        return;
      }
      if (authError.code === 'sso_required') setSsoRequired(true);
      setError(authError.message || MSG.loginFailed);
      return;
    }
    // Only a same-origin path: "/x", never "//host" or "/\host" (browsers read both as another host).
    const target = state.from && /^\/(?![/\\])/.test(state.from) ? state.from : paths.dashboard.href();
    // A verified factor: the code from the authenticator app first (ADR 039), then the target.
    // (src/lib/mfa.ts sessionNeedsCode, spelled here so this page does not load the MFA screens' module.)
    const { data: aal } = await (await loadSupabase()).auth.mfa.getAuthenticatorAssuranceLevel();
    if (aal?.currentLevel === 'aal1' && aal.nextLevel === 'aal2') navigate(paths.mfa.href(), { replace: true, state: { from: target } });
    else navigate(target, { replace: true });
  }

  async function resendConfirmation() {
    const address = email.trim().toLowerCase();
    setResend({ busy: true, message: null, tone: 'success' });
    try {
      const { error: resendError } = await (await loadSupabase()).auth.resend({
        type: 'signup',
        email: address,
        options: { emailRedirectTo: `${window.location.origin}${paths.dashboard.href()}` },
      });
      setResend(resendError ? { busy: false, message: resendError.message, tone: 'error' } : { busy: false, message: MSG.confirmationResent(address), tone: 'success' });
    } catch (err) {
      setResend({ busy: false, message: err instanceof Error && err.message ? err.message : MSG.requestFailed, tone: 'error' });
    }
  }

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to continue your assessment."
      footer={
        <>
          New to MVRSP Assess?{' '}
          <Link to={paths.signup.href()} className="font-medium text-brand-700 hover:text-brand-800">
            Create an account
          </Link>
        </>
      }
    >
      {notice && (
        <Alert tone={state.message ? (state.tone ?? 'success') : 'success'} className="mb-5">
          {notice}
        </Alert>
      )}
      {error && (
        <Alert tone="error" className="mb-5">
          {error}
        </Alert>
      )}
      {unconfirmed && (
        <Alert tone="info" title="Confirm your e-mail address" className="mb-5">
          <p>{MSG.loginEmailNotConfirmed}</p>
          <Button variant="secondary" size="sm" className="mt-3" loading={resend.busy} onClick={() => void resendConfirmation()}>
            {MSG.resendConfirmation}
          </Button>
        </Alert>
      )}
      {resend.message && (
        <Alert tone={resend.tone} className="mb-5">
          {resend.message}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <div>
          <Field label="Password" type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="mt-2 text-right">
            <Link to={paths.forgotPassword.href()} className="text-sm font-medium text-brand-700 hover:text-brand-800">
              Forgot password?
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? MSG.signingIn : 'Sign In'}
        </Button>
      </form>
      <div className="my-6 flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <SsoSignIn key={ssoRequired ? 'required' : 'offered'} initialEmail={email} open={ssoRequired} />
    </AuthLayout>
  );
}
