// Route guards: protected pages need a session, public pages bounce signed-in users.
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { Role } from '#domain/roles.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { useSession } from '../hooks/use-session.ts';
import { readStoredSessionUser } from '../lib/auth-storage.ts';

/** The session loading wait is at most 2.5 s; afterwards decide with what is known. */
export const SESSION_WAIT_MS = 2500;

function useSessionWait(): { waiting: boolean; signedIn: boolean } {
  const { loading: restoring, clientReady, user } = useSession();
  // A session stored a moment ago (e.g. by the login page) that the provider has not picked up yet.
  const loading = restoring || (!clientReady && !user && !!readStoredSessionUser());
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const t = window.setTimeout(() => setTimedOut(true), SESSION_WAIT_MS);
    return () => window.clearTimeout(t);
  }, [loading]);
  if (!loading) return { waiting: false, signedIn: !!user };
  if (timedOut) return { waiting: false, signedIn: !!readStoredSessionUser() };
  return { waiting: true, signedIn: false };
}

export function ProtectedRoute() {
  const { waiting, signedIn } = useSessionWait();
  const location = useLocation();
  if (waiting) return <PageSpinner label="Checking your session…" />;
  if (!signedIn) return <Navigate to={paths.login.href()} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

export function PublicOnlyRoute() {
  const { waiting, signedIn } = useSessionWait();
  const { authFlowActive } = useSession();
  if (waiting) return <PageSpinner label="Loading…" />;
  if (signedIn && !authFlowActive) return <Navigate to={paths.dashboard.href()} replace />;
  return <Outlet />;
}

/** Renders children only for the given roles; everyone else goes to the dashboard. */
export function RequireRole({ roles, children }: { roles: Role[]; children?: ReactNode }) {
  const { profile, profileStatus } = useSession();
  if (profileStatus === 'loading' || profileStatus === 'idle') return <PageSpinner label="Loading your profile…" />;
  if (!profile || !roles.includes(profile.role)) return <Navigate to={paths.dashboard.href()} replace />;
  return children ?? <Outlet />;
}

/** Any other path goes to /dashboard when signed in, else /login. */
export function CatchAllRedirect() {
  const { waiting, signedIn } = useSessionWait();
  if (waiting) return <PageSpinner label="Loading…" />;
  return <Navigate to={signedIn ? paths.dashboard.href() : paths.login.href()} replace />;
}
