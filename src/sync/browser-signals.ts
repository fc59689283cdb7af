// Online/offline and page-visibility hints from the runtime (window or worker), without DOM types.
import type { OnlineSignal, SyncSignal } from './engine.ts';

interface EventTargetLike {
  addEventListener(type: string, fn: () => void): void;
  removeEventListener(type: string, fn: () => void): void;
}

export function createBrowserOnlineSignal(): OnlineSignal {
  const g = globalThis as unknown as EventTargetLike & { navigator?: { onLine?: boolean }; document?: EventTargetLike & { visibilityState?: string } };
  return {
    isOnline: () => g.navigator?.onLine !== false,
    subscribe(listener: (s: SyncSignal) => void) {
      const online = () => listener('online');
      const offline = () => listener('offline');
      const visible = () => {
        if (g.document?.visibilityState === 'visible') listener('visible');
      };
      g.addEventListener?.('online', online);
      g.addEventListener?.('offline', offline);
      g.document?.addEventListener('visibilitychange', visible);
      return () => {
        g.removeEventListener?.('online', online);
        g.removeEventListener?.('offline', offline);
        g.document?.removeEventListener('visibilitychange', visible);
      };
    },
  };
}

interface ServiceWorkerContainerLike extends EventTargetLike {
  ready: Promise<{ sync?: { register(tag: string): Promise<void> } }>;
}
const serviceWorkerContainer = () =>
  (globalThis as unknown as { navigator?: { serviceWorker?: ServiceWorkerContainerLike } }).navigator?.serviceWorker;

/** Asks the browser to wake the service worker with a 'sync' event (Chromium only; a no-op elsewhere). */
export function requestBackgroundSync(tag: string): void {
  const sw = serviceWorkerContainer();
  if (!sw) return;
  void sw.ready.then((reg) => reg.sync?.register(tag)).catch(() => undefined);
}

/** Calls fn when the service worker asks open pages to drain. */
export function onServiceWorkerDrainRequest(fn: () => void): () => void {
  const sw = serviceWorkerContainer();
  if (!sw) return () => undefined;
  const handler = ((event: { data?: { type?: string } }) => {
    if (event.data?.type === 'DRAIN') fn();
  }) as unknown as () => void;
  sw.addEventListener('message', handler);
  return () => sw.removeEventListener('message', handler);
}

/**
 * Calls fn when the page is hidden or unloading (tab switched, window minimised or closed): the
 * moment to leave a Background Sync registration behind for work that is still queued.
 */
export function onPageHidden(fn: () => void): () => void {
  const g = globalThis as unknown as Partial<EventTargetLike> & { document?: EventTargetLike & { visibilityState?: string } };
  const doc = g.document;
  if (!doc || !g.addEventListener) return () => undefined;
  const hidden = () => {
    if (doc.visibilityState === 'hidden') fn();
  };
  doc.addEventListener('visibilitychange', hidden);
  g.addEventListener('pagehide', fn);
  return () => {
    doc.removeEventListener('visibilitychange', hidden);
    g.removeEventListener?.('pagehide', fn);
  };
}
