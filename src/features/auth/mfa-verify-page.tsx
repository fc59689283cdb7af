// /mfa: the second step of signing in (ADR 039). A session signed in with the password (aal1) of a
// user with a verified factor comes here (src/app/guards.tsx, the login page, or the API's
// `mfa_required`), shows a code from the authenticator app or uses a passkey (ADR 041), choosing
// between them when it has several, and goes on to where it was headed.
// Signing out is always offered, so the screen is never a dead end.
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { Factor } from '@supabase/supabase-js';
import { MSG } from '#domain/messages.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../hooks/use-session.ts';
import { currentLevel, listFactors } from '../../lib/mfa.ts';
import { useServerQuery } from '../../lib/server-data/index.ts';
import { SecondFactorStep } from './components/second-factor-step.tsx';

/** The path the user was headed to (same-origin only), else the dashboard. */
export function continuePath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/(?![/\\])/.test(from) && !from.startsWith(paths.mfa.href()) ? from : paths.dashboard.href();
}

interface Owed {
  /** The verified factors a code can come from; empty when nothing is owed. */
  factors: Factor[];
}

export function MfaVerifyPage() {
  const { session, loading, signOut, refreshProfile } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const target = continuePath(location.state);
  // The factors as the provider has them now (one may have been added on another device).
  const owed = useServerQuery<Owed>(
    session ? ['auth', 'mfa-owed', session.user.id] : null,
    async () => {
      const [factors, level] = await Promise.all([listFactors(), currentLevel()]);
      if (!factors.ok) throw new Error(factors.message);
      return { factors: level === 'aal1' ? factors.value.filter((f) => f.status === 'verified') : [] };
    },
    { offline: false },
  );

  if (loading) return <Spinner label="Checking your session…" />;
  if (!session) return <Navigate to={paths.login.href()} replace state={{ from: target }} />;
  if (owed.status === 'ready' && owed.data!.factors.length === 0) return <Navigate to={target} replace />;

  const factors = owed.data?.factors ?? [];
  const kinds = new Set(factors.map((f) => f.factor_type));
  return (
    <AuthLayout
      title="Two-step verification"
      subtitle={
        kinds.size > 1
          ? 'Your account is protected with two-step verification. Choose how to verify, then continue.'
          : kinds.has('webauthn')
            ? 'Your account is protected with a passkey or security key. Use it to continue.'
            : 'Your account is protected with an authenticator app. Enter the code it shows for MVRSP Assess to continue.'
      }
      footer={
        <>
          Not you, or no access to your {kinds.size > 1 ? 'second factors' : kinds.has('webauthn') ? 'passkey' : 'authenticator app'}?{' '}
          <Button variant="ghost" size="sm" onClick={() => void signOut()}>
            Sign out
          </Button>
        </>
      }
    >
      {owed.status === 'loading' && <Spinner label="Loading…" />}
      {owed.status === 'error' && (
        <Alert
          tone="error"
          className="mb-5"
          action={
            <Button size="sm" variant="secondary" onClick={() => void owed.reload()}>
              Retry
            </Button>
          }
        >
          {owed.error?.message ?? MSG.requestFailed}
        </Alert>
      )}
      {factors.length > 0 && (
        <SecondFactorStep
          factors={factors}
          autoFocus
          submitLabel="Verify"
          onVerified={async () => {
            // The API may have refused the aal1 session (mfa_required): read the profile again.
            await refreshProfile();
            navigate(target, { replace: true });
          }}
        />
      )}
    </AuthLayout>
  );
}
