import { StrictMode, type ReactNode } from 'react';
import { AppDialogHost } from '../components/ui/app-dialog-host.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { ServerDataProvider } from './server-data-provider.tsx';
import { SessionProvider } from './session-provider.tsx';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <SessionProvider>
        <ServerDataProvider>
          <ToastProvider>
            {children}
            <AppDialogHost />
          </ToastProvider>
        </ServerDataProvider>
      </SessionProvider>
    </StrictMode>
  );
}
