// Online/offline and page-visibility hints from the runtime (window or worker), without DOM types.
import { isOnline, subscribeOnline } from '../lib/online.ts';
import type { OnlineSignal, SyncSignal } from './engine.ts';

interface EventTargetLike {
  addEventListener(type: string, fn: () => void): void;
  removeEventListener(type: string, fn: () => void): void;
}

/** The client's one online signal (src/lib/online.ts) plus page visibility, as the engine's OnlineSignal. */
export function createBrowserOnlineSignal(): OnlineSignal {
  const g = globalThis as unknown as { document?: EventTargetLike & { visibilityState?: string } };
  return {
    isOnline,
    subscribe(listener: (s: SyncSignal) => void) {
      const visible = () => {
        if (g.document?.visibilityState === 'visible') listener('visible');
      };
      const stopOnline = subscribeOnline((online) => listener(online ? 'online' : 'offline'));
      g.document?.addEventListener('visibilitychange', visible);
      return () => {
        stopOnline();
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
