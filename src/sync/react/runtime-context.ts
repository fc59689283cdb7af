// The sync runtime as React context (ADR 017). The app starts it for the signed-in user and provides
// it (src/app/sync-provider.tsx); screens read it here, and component tests provide a fake one.
// Light on purpose (React only, types from the core): the app imports it eagerly, while the core
// (Dexie, the engine) loads with the sync chunk.
import { createContext, useContext } from 'react';
import type { SyncDatabase } from '../db.ts';
import type { SyncRuntime } from '../runtime.ts';

/** null until the app has started the runtime (signed out, or the sync chunk still loading). */
export const SyncRuntimeContext = createContext<SyncRuntime | null>(null);

export function useSyncRuntime(): SyncRuntime | null {
  return useContext(SyncRuntimeContext);
}

/** The database of the running sync runtime (undefined before it starts). */
export function useSyncDb(): SyncDatabase | undefined {
  return useSyncRuntime()?.db;
}
