import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '#domain/messages.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { paths } from '../../config/paths.ts';
import { loadSupabase } from '../../lib/supabase.ts';

interface LoginState {
  message?: string;
  from?: string;
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as LoginState;
  const notice = state.message ?? (params.get('registered') === '1' ? MSG.accountCreatedSignIn : params.get('reset') === '1' ? MSG.passwordUpdated : null);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(MSG.requiredFields);
      return;
    }
    setBusy(true);
    try {
      const { error: authError } = await (await loadSupabase()).auth.signInWithPassword({ email: email.trim(), password });
      if (authError) {
        setError(authError.message || MSG.loginFailed);
        return;
      }
      const target = state.from && state.from.startsWith('/') && !state.from.startsWith('//') ? state.from : paths.dashboard.href();
      navigate(target, { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : MSG.loginFailed);
    } finally {
      setBusy(false);
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
        <Alert tone="success" className="mb-5">
          {notice}
        </Alert>
      )}
      {error && (
        <Alert tone="error" className="mb-5">
          {error}
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
    </AuthLayout>
  );
}
