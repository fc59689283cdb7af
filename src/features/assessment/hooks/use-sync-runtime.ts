// The sync runtime started by the signed-in shell (startSync); null until it is running.
import { useSyncExternalStore } from 'react';
import { getSyncRuntime, subscribeSyncRuntime, type SyncRuntime } from '../../../sync/index.ts';

export function useSyncRuntime(): SyncRuntime | null {
  return useSyncExternalStore(subscribeSyncRuntime, getSyncRuntime, () => null);
}
