// Prompt-mode service worker updates (ADR 007, "Updates in prompt mode"): never reload on our own;
// offer a Reload at once, also while changes or files wait to be sent. Reloading into the new
// version strands nothing: the outbox and the file queue stay in IndexedDB and the new version
// opens them through Dexie's upgrade path (src/sync/db.ts), a send cut off by the reload is resent
// (an expired lease, the server's mutation ledger, the upload's offset), and the read snapshots
// carry over (src/lib/server-data/query-cache.ts). tests/e2e/app-update.test.ts proves it online and offline.
// A gate would not protect the work anyway: a waiting worker also takes over once every tab is closed.
import { useRegisterSW } from 'virtual:pwa-register/react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';

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
  return (
    <div role="status" aria-live="polite" className="fixed inset-x-0 bottom-0 z-50 flex justify-center p-4" data-no-print>
      <div className="flex w-full max-w-md items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-lg">
        <RefreshCw aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
        <p className="flex-1 text-slate-800">A new version of MVRSP Assess is available. Changes not sent yet are kept.</p>
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
      </div>
    </div>
  );
}
