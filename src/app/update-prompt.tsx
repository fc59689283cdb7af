// Prompt-mode service worker updates (ADR 007, "Updates in prompt mode"): never reload on our own;
// offer a Reload only when the installed gate says nothing would be stranded.
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

/** The gate while no sync runtime runs: nothing is being sent, so a reload strands nothing (unsent rows stay in IndexedDB). */
export const OPEN_UPDATE_GATE: UpdateGate = { allowed: () => true, subscribe: () => () => undefined };

let gate: UpdateGate = OPEN_UPDATE_GATE;
let unwireGate = () => {};
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((fn) => fn());
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => void listeners.delete(fn);
};

/** The sync layer installs its gate once its chunk has loaded (until then nothing can be queued). */
export function setUpdateGate(next: UpdateGate): void {
  unwireGate();
  gate = next;
  unwireGate = next.subscribe(notify);
  notify();
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
  // Live: re-renders when the queue fills or drains, so Reload is never offered over unsent work.
  const allowed = useSyncExternalStore(subscribe, () => gate.allowed());
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
