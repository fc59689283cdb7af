// Header slot for the offline sync status pill. Lazy, so Dexie's React hooks stay out of the first
// route's bundle; the pill only displays the runtime the app started (src/app/sync-provider.tsx).
import { lazy, Suspense } from 'react';

const SyncStatus = lazy(() => import('../features/sync-status/sync-status.tsx').then((m) => ({ default: m.SyncStatus })));

export function SyncStatusSlot() {
  return (
    <Suspense fallback={null}>
      <SyncStatus />
    </Suspense>
  );
}
