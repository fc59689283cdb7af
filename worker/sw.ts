/// <reference lib="webworker" />
// Service worker (injectManifest): precache the app shell, serve it for every
// navigation, keep a network-first copy of the public reference data.
// It caches the shell only and never runs a second queue: the outbox is the one queue (ADR 005).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { BACKGROUND_SYNC_TAG } from '#sync/db.ts';
import { drainFromServiceWorker } from '#sync/sw-drain.ts';
import { SERVER_PREFIXES } from '#domain/server-prefixes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation gets the precached shell, except the API and the auth provider
// (the auth provider's /verify links must reach the server).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: SERVER_PREFIXES.map((prefix) => new RegExp(`^${prefix}`)),
  }),
);

// Runtime config and the questionnaire reference data: fresh when online, cached for an offline reload.
const REFERENCE_PATHS = new Set(['/api/config', '/api/questions', '/api/domains']);
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && REFERENCE_PATHS.has(url.pathname),
  new NetworkFirst({
    cacheName: 'mvrsp-reference',
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 16, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// Prompt mode: a new worker waits until the page asks it to take over.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// ─── SYNC ENGINE HOOK ────────────────────────────────────────────────────────
// Background Sync tag 'outbox' only wakes us: open pages drain with their own token,
// otherwise the worker drains the Dexie outbox under the same Web Lock (ADR 005).
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, ((event: SyncEvent) => {
  if (event.tag !== BACKGROUND_SYNC_TAG) return;
  event.waitUntil(drainFromServiceWorker(self.clients));
}) as EventListener);
// ─── END SYNC ENGINE HOOK ────────────────────────────────────────────────────
