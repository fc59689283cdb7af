// Prompt-mode service worker updates (offline-sync brief §2): never reload on our own;
// offer a Reload only when canApplyUpdate() says nothing would be lost.
import { useRegisterSW } from 'virtual:pwa-register/react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';

let gate: () => boolean = () => true;
/** The sync layer installs a gate (outbox drained, no dirty form) that must pass before reloading. */
export function setUpdateGate(fn: () => boolean): void {
  gate = fn;
}

const HOURLY = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) window.setInterval(() => void registration.update().catch(() => {}), HOURLY);
    },
    onRegisterError(error) {
      console.warn('Service worker registration failed', error);
    },
  });
  if (!needRefresh) return null;
  const allowed = gate();
  return (
    <div role="status" aria-live="polite" className="fixed inset-x-0 bottom-0 z-50 flex justify-center p-4" data-no-print>
      <div className="flex w-full max-w-md items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-lg">
        <RefreshCw aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
        <p className="flex-1 text-slate-800">{allowed ? 'A new version of MVRSP Assess is available.' : 'A new version is ready; it will be offered once your changes are synced.'}</p>
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
        <Button size="sm" disabled={!allowed} onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
      </div>
    </div>
  );
}
