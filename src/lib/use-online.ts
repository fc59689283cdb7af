// The one online signal (src/lib/online.ts) as React state.
import { useSyncExternalStore } from 'react';
import { isOnline, subscribeOnline } from './online.ts';

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
