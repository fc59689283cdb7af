// The one online signal of the client: navigator.onLine and its online/offline events, read the
// same way by the pages (src/lib/use-online.ts), TanStack Query's onlineManager
// (src/lib/server-data/query-client.ts) and the sync engine (src/sync/browser-signals.ts).
// A hint only: true does not mean the server is reachable, so whether requests succeed is the
// real signal (https://developer.mozilla.org/en-US/docs/Web/API/Navigator/onLine). DOM-free, so
// the service worker can use it too.

interface OnlineGlobal {
  navigator?: { onLine?: boolean };
  addEventListener?(type: string, fn: () => void): void;
  removeEventListener?(type: string, fn: () => void): void;
}
const g = () => globalThis as unknown as OnlineGlobal;

/** False only when the runtime says it is offline (no navigator: online). */
export function isOnline(): boolean {
  return g().navigator?.onLine !== false;
}

/** Calls `fn` with the new state on every online/offline event; returns the unsubscribe. */
export function subscribeOnline(fn: (online: boolean) => void): () => void {
  const target = g();
  const up = () => fn(true);
  const down = () => fn(false);
  target.addEventListener?.('online', up);
  target.addEventListener?.('offline', down);
  return () => {
    target.removeEventListener?.('online', up);
    target.removeEventListener?.('offline', down);
  };
}
