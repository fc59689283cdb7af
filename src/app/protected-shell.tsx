import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { useAssurance } from '../hooks/use-assurance.ts';
import { useSession } from '../hooks/use-session.ts';
import { SyncProvider } from './sync-provider.tsx';
import { SyncStatusSlot } from './sync-status-slot.tsx';
import { SuspendedBanner } from '../features/admin/suspended-banner.tsx';
import { SESSION_WAIT_MS } from './guards.tsx';
import { ProfileProblem } from './profile-problem.tsx';

const FinishSetupPage = lazy(() => import('../features/auth/finish-setup-page.tsx').then((m) => ({ default: m.FinishSetupPage })));
const SecurityPage = lazy(() => import('../features/auth/mfa-screens.tsx').then((m) => ({ default: m.SecurityPage })));

/** True once `waiting` has lasted SESSION_WAIT_MS (a loading wait lasts at most 2.5 s). */
function useGaveUp(waiting: boolean): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const t = window.setTimeout(() => setGaveUp(true), SESSION_WAIT_MS);
    return () => {
      window.clearTimeout(t);
      setGaveUp(false);
    };
  }, [waiting]);
  return waiting && gaveUp;
}

/**
 * The API wants two-step verification first (403 `mfa_required`, ADR 039): the enrolment at /account/security in its required mode,
 * which offers nothing but enrolling and signing out. Never the shell, its data or a dead end.
 */
function MfaRequired() {
  const location = useLocation();
  const from = location.pathname + location.search;
  // A session that owes its code went to /mfa already (ProtectedShell); a factor the stored session
  // does not know of yet is found by the enrol screen, which then sends the user to /mfa.
  if (location.pathname !== paths.accountSecurity.path) return <Navigate to={paths.accountSecurity.href()} replace state={{ from }} />;
  return (
    <Suspense fallback={<PageSpinner label="Loading…" />}>
      <SecurityPage required />
    </Suspense>
  );
}

/**
 * The signed-in shell: header plus the page, or the profile's own state when it is not usable.
 * Every protected page is rendered in it, so it is the guard of the second step too (ADR 039): a
 * session signed in with the password only while the user has a verified factor goes to /mfa
 * before the shell, its sync or any saved read of the program is mounted. (Here rather than in
 * ./guards.tsx, which is part of the first route's script and its budget, BENCHMARKS.md §2.)
 */
export function ProtectedShell() {
  const assurance = useAssurance();
  const location = useLocation();
  if (assurance === 'checking') return <PageSpinner label="Checking your session…" />;
  if (assurance === 'needs-code') return <Navigate to={paths.mfa.href()} replace state={{ from: location.pathname + location.search }} />;
  return <SignedInShell />;
}

function SignedInShell() {
  const { profileStatus, profileError, accessEnded, profile, refreshProfile, signOut } = useSession();
  const slow = useGaveUp(!profile && profileStatus !== 'missing' && profileStatus !== 'error' && profileStatus !== 'mfa_required');
  if (profileStatus === 'mfa_required') return <MfaRequired />;
  let body;
  if (profileStatus === 'missing') body = <FinishSetupPage />;
  else if (profileStatus === 'error' && !profile) body = <ProfileProblem error={profileError} accessEnded={accessEnded} onRetry={refreshProfile} onSignOut={signOut} />;
  else if (!profile && slow)
    // Still loading after 2.5 s: say so and offer a retry; the page appears as soon as the profile arrives.
    body = (
      <Alert
        tone="info"
        title="Your account is taking longer than usual to load"
        action={
          <Button size="sm" variant="secondary" onClick={() => void refreshProfile()}>
            Retry
          </Button>
        }
      >
        Still trying. This page opens by itself as soon as your account has loaded.
      </Alert>
    );
  else if (!profile) body = <PageSpinner label="Loading your profile…" />;
  else
    body = (
      <>
        <SuspendedBanner />
        <Outlet />
      </>
    );
  return (
    <SyncProvider>
      <AppLayout statusSlot={<SyncStatusSlot />}>
        <Suspense fallback={<PageSpinner label="Loading…" />}>{body}</Suspense>
      </AppLayout>
    </SyncProvider>
  );
}
