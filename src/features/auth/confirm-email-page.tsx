import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MSG } from '#domain/messages.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { paths } from '../../config/paths.ts';
import { useServerMutation } from '../../lib/server-data/index.ts';
import { initialAuthError, initialHashParams } from '../../lib/initial-url.ts';
import { confirmEmail } from './api/confirm-email.ts';

/** Where to go once confirmed: the sign-up's redirect_to when it is a path on this origin, else the dashboard. */
function targetAfterConfirm(raw: string | null): string {
  if (!raw) return paths.dashboard.href();
  try {
    const url = new URL(raw);
    return url.origin === window.location.origin && url.pathname !== paths.confirmEmail.href() ? `${url.pathname}${url.search}` : paths.dashboard.href();
  } catch {
    return paths.dashboard.href();
  }
}

/**
 * Where a sign-up confirmation link lands (embedded provider): the token is in the fragment, and the
 * address is confirmed only with the password chosen at sign-up, so an unsolicited mail (someone
 * signed up with this address) confirms nothing. Whoever does not know that password resets it,
 * which discards what the sign-up set up (ADR 002 §9).
 */
export function ConfirmEmailPage() {
  const tokenHash = initialHashParams.get('token_hash');
  const linkError = initialAuthError();
  const [expired, setExpired] = useState(!tokenHash || !!linkError);
  if (expired || !tokenHash)
    return (
      <AuthLayout title="Confirmation link expired">
        <Alert tone="error">{MSG.confirmLinkInvalid}</Alert>
        <p className="mt-4 text-sm text-slate-600">Sign in with your e-mail address and password to have a new link sent, or reset your password.</p>
        <ButtonLink to={paths.login.href()} size="lg" className="mt-6 w-full">
          Go to sign in
        </ButtonLink>
        <p className="mt-4 text-center text-sm">
          <Link to={paths.forgotPassword.href()} className="font-medium text-brand-700 hover:text-brand-800">
            {MSG.confirmNotMine}
          </Link>
        </p>
      </AuthLayout>
    );
  return <ConfirmForm tokenHash={tokenHash} onExpired={() => setExpired(true)} />;
}

function ConfirmForm({ tokenHash, onExpired }: { tokenHash: string; onExpired: () => void }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const confirm = useServerMutation((pw: string) => confirmEmail(tokenHash, pw));
  const busy = confirm.pending;
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  function fail(message: string) {
    setError(message);
    passwordRef.current?.focus();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!password) return fail(MSG.confirmNeedsPassword);
    setError(null);
    const res = await confirm.run(password);
    if (!res.ok) {
      if (res.code === 'otp_expired') return onExpired();
      if (res.code === 'invalid_credentials') return fail(MSG.confirmWrongPassword);
      return fail(res.message || MSG.requestFailed);
    }
    navigate(targetAfterConfirm(initialHashParams.get('redirect_to')), { replace: true });
  }

  return (
    <AuthLayout
      title="Confirm your e-mail address"
      subtitle={MSG.confirmEmailPurpose}
      footer={
        <Link to={paths.forgotPassword.href()} className="font-medium text-brand-700 hover:text-brand-800">
          {MSG.confirmNotMine}
        </Link>
      }
    >
      {error && (
        <Alert tone="error" className="mb-5">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Field
          ref={passwordRef}
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? 'Confirming...' : 'Confirm address'}
        </Button>
      </form>
      <p className="mt-5 text-xs text-slate-600">If you did not sign up, reset the password instead: whatever was set up at sign-up is discarded.</p>
    </AuthLayout>
  );
}
