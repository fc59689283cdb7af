import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MSG } from '#domain/messages.ts';
import { MIN_PASSWORD_LENGTH } from '#domain/contracts/accounts.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../hooks/use-session.ts';
import { initialAuthError } from '../../lib/initial-url.ts';
import { useServerMutation } from '../../lib/server-data/index.ts';
import { loadSupabase } from '../../lib/supabase.ts';

/** The code step of a user with a verified factor, from the MFA screens' chunk (./recovery-code-step.tsx). */
const RecoveryWithFactor = lazy(() => import('./mfa-screens.tsx').then((m) => ({ default: m.RecoveryWithFactor })));

/** The provider wants a code from the authenticator app before the new password. */
const NEEDS_CODE = Symbol('needs code');

export function ResetPasswordPage() {
  const { loading, session } = useSession();
  const linkError = initialAuthError();
  if (loading)
    return (
      <AuthLayout title="Choose a new password">
        <Spinner label="Checking your reset link…" />
      </AuthLayout>
    );
  if (linkError || !session)
    return (
      <AuthLayout title="Reset link expired">
        <Alert tone="error">{MSG.resetLinkInvalid}</Alert>
        <p className="mt-4 text-sm text-slate-600">Request a new link; it is valid for one hour and can be used once.</p>
        <ButtonLink to={paths.forgotPassword.href()} size="lg" className="mt-6 w-full">
          Request a new link
        </ButtonLink>
      </AuthLayout>
    );
  return (
    <Suspense
      fallback={
        <AuthLayout title="Choose a new password">
          <Spinner label="Checking your reset link…" />
        </AuthLayout>
      }
    >
      <RecoveryWithFactor passwordForm={(onNeedsCode) => <NewPasswordForm onNeedsCode={onNeedsCode} />} />
    </Suspense>
  );
}

function NewPasswordForm({ onNeedsCode }: { onNeedsCode: () => void }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  /** Sets the new password; on success the recovery session ends here (null), else the provider's error. */
  const update = useServerMutation(async (next: string) => {
    const supabase = await loadSupabase();
    const { error: authError } = await supabase.auth.updateUser({ password: next });
    if (authError?.code === 'insufficient_aal') return NEEDS_CODE;
    if (authError) return authError.message || MSG.requestFailed;
    await supabase.auth.signOut({ scope: 'local' });
    return null;
  });
  const busy = update.pending;
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return setError(MSG.passwordTooShortInvite);
    if (password !== confirm) return setError(MSG.passwordsDontMatch);
    setError(null);
    const res = await update.run(password);
    if (!res.ok) return setError(res.message || MSG.requestFailed);
    if (res.value === NEEDS_CODE) return onNeedsCode();
    if (res.value !== null) return setError(res.value);
    navigate(`${paths.login.href()}?reset=1`, { replace: true, state: { message: MSG.passwordUpdated } });
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Use at least 8 characters. Other signed-in devices will be signed out."
      footer={
        <Link to={paths.login.href()} className="font-medium text-brand-700 hover:text-brand-800">
          Back to sign in
        </Link>
      }
    >
      {error && (
        <Alert tone="error" className="mb-5">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Field label="New password" type="password" name="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <Field label="Confirm new password" type="password" name="confirmPassword" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? 'Saving...' : 'Update password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
