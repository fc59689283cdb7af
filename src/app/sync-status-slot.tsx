// Header slot for the offline sync status (offline-sync brief §3.8). Lazy, so Dexie and the sync
// engine stay out of the first route's bundle; the chunk also starts the sync runtime.
import { lazy, Suspense } from 'react';
import { setUpdateGate } from './update-prompt.tsx';

const HeaderSync = lazy(() =>
  import('../features/sync-status/header-sync.tsx').then((m) => {
    setUpdateGate(m.updateGate);
    return { default: m.HeaderSync };
  }),
);

export function SyncStatusSlot() {
  return (
    <Suspense fallback={null}>
      <HeaderSync />
    </Suspense>
  );
}
