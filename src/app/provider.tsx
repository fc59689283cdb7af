import { StrictMode, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast.tsx';
import { SessionProvider } from './session-provider.tsx';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <SessionProvider>
        <ToastProvider>{children}</ToastProvider>
      </SessionProvider>
    </StrictMode>
  );
}
