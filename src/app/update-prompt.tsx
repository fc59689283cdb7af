// Prompt-mode service worker updates (offline-sync brief §2): never reload on our own;
// offer a Reload only when canApplyUpdate() says nothing would be lost.
import { useSyncExternalStore } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';

export interface UpdateGate {
  /** True when reloading into the new version strands nothing (no unsent change, no waiting file). */
  allowed: () => boolean;
  /** Calls back whenever `allowed()` may have changed. */
  subscribe: (onChange: () => void) => () => void;
}

const OPEN_GATE: UpdateGate = { allowed: () => true, subscribe: () => () => undefined };
let gate = OPEN_GATE;
const gateSwaps = new Set<() => void>();
/** The sync layer installs its gate once its chunk has loaded (until then nothing can be queued). */
export function setUpdateGate(next: UpdateGate): void {
  gate = next;
  for (const fn of gateSwaps) fn();
}

/** Live answer of the installed gate: re-renders when the queue fills or drains, or the gate changes. */
function useUpdateAllowed(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      gateSwaps.add(onChange);
      let unsubscribe = gate.subscribe(onChange);
      const swap = () => {
        unsubscribe();
        unsubscribe = gate.subscribe(onChange);
      };
      gateSwaps.add(swap);
      return () => {
        gateSwaps.delete(onChange);
        gateSwaps.delete(swap);
        unsubscribe();
      };
    },
    () => gate.allowed(),
  );
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
  const allowed = useUpdateAllowed();
  if (!needRefresh) return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-x-0 bottom-0 z-50 flex justify-center p-4" data-no-print>
      <div className="flex w-full max-w-md items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-lg">
        <RefreshCw aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
        <p className="flex-1 text-slate-800">{allowed ? 'A new version of MVRSP Assess is available.' : 'A new version is ready; it will be offered once your changes are synced.'}</p>
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
        <Button size="sm" disabled={!allowed} onClick={() => gate.allowed() && void updateServiceWorker(true)}>
          Reload
        </Button>
      </div>
    </div>
  );
}
