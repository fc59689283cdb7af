// Background Sync ('outbox' tag) in the service worker: open pages drain with their own fresh
// token; with no page open the worker drains under the same Web Lock with the last shared token.
import { getMeta, META, SyncDatabase } from './db.ts';
import { createSyncEngine } from './engine.ts';
import type { DrainLock } from './lock.ts';
import { createFetchTransport, type FetchLike } from './transport.ts';

interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<ReadonlyArray<{ postMessage(message: unknown): void }>>;
}

export interface WorkerDrainOptions {
  now?: () => number;
  fetch?: FetchLike;
  dbName?: string;
  lock?: DrainLock;
}

export async function drainFromServiceWorker(clients: ClientsLike, opts: WorkerDrainOptions = {}): Promise<void> {
  const now = opts.now ?? Date.now;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.length) {
    for (const w of windows) w.postMessage({ type: 'DRAIN' });
    return;
  }
  const db = new SyncDatabase(opts.dbName);
  try {
    const auth = await getMeta<{ token: string; expiresAt: number }>(db, META.workerAuth);
    // The worker cannot refresh a session: without a live token it leaves the queue to the page.
    if (!auth || auth.expiresAt <= now()) return;
    const getToken = async ({ forceRefresh }: { forceRefresh: boolean }) => (forceRefresh ? null : auth.token);
    const engine = createSyncEngine({ db, transport: createFetchTransport({ getToken, now, fetch: opts.fetch }), now, lock: opts.lock });
    const report = await engine.drainNow();
    // Throwing asks the browser to retry the sync event later (network or server trouble only).
    if (report.failure && report.failure.http !== 401) throw new Error(report.failure.message);
  } finally {
    db.close();
  }
}
