import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useSession } from '../hooks/use-session.ts';
import { SyncStatusSlot } from './sync-status-slot.tsx';
import { SuspendedBanner } from '../features/admin/suspended-banner.tsx';

const FinishSetupPage = lazy(() => import('../features/auth/finish-setup-page.tsx').then((m) => ({ default: m.FinishSetupPage })));

/** The signed-in shell: header plus the page, or the profile's own state when it is not usable. */
export function ProtectedShell() {
  const { profileStatus, profileError, profile, refreshProfile, signOut } = useSession();
  let body;
  if (profileStatus === 'missing') body = <FinishSetupPage />;
  else if (profileStatus === 'error' && !profile)
    body = (
      <Alert
        tone="error"
        title="We could not load your account"
        action={
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => void refreshProfile()}>
              Retry
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void signOut()}>
              Logout
            </Button>
          </div>
        }
      >
        {profileError}
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
    <AppLayout statusSlot={<SyncStatusSlot />}>
      <Suspense fallback={<PageSpinner label="Loading…" />}>{body}</Suspense>
    </AppLayout>
  );
}
