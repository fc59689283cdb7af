// navigator.onLine as a hint: true does not mean the server is reachable, so whether requests
// succeed is the real signal (https://developer.mozilla.org/en-US/docs/Web/API/Navigator/onLine).
import { useSyncExternalStore } from 'react';

function subscribe(fn: () => void) {
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}
