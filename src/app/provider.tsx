import { StrictMode, Suspense, use, type ReactNode } from 'react';
import { AppDialogHost } from '../components/ui/app-dialog-host.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { SessionProvider } from './session-provider.tsx';

// The data layer (TanStack Query, ADR 032) is its own chunk, fetched at start beside the first
// route's lazy chunk (every route is lazy: router.tsx), so the entry stays within the first-route
// budget (scripts/check-budgets.mjs). The profile is one of its reads (./profile-provider.tsx).
const dataLayer = Promise.all([import('./server-data-provider.tsx'), import('./profile-provider.tsx')]);

function DataLayer({ children }: { children: ReactNode }) {
  const [{ ServerDataProvider }, { ProfileProvider }] = use(dataLayer);
  return (
    <ServerDataProvider>
      <ProfileProvider>{children}</ProfileProvider>
    </ServerDataProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <SessionProvider>
        <ToastProvider>
          <Suspense fallback={null}>
            <DataLayer>{children}</DataLayer>
          </Suspense>
          <AppDialogHost />
        </ToastProvider>
      </SessionProvider>
    </StrictMode>
  );
}
