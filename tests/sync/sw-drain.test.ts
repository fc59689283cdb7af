// Background Sync in the service worker: pages drain when open; otherwise the worker drains with the shared token.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { responses } from '#server/db/schema/index.ts';
import { META, SyncDatabase } from '#sync/db.ts';
import { createInProcessLock } from '#sync/lock.ts';
import { recordAnswer } from '#sync/answer-save.ts';
import { tokenExpiry } from '#sync/runtime.ts';
import { drainFromServiceWorker } from '#sync/sw-drain.ts';
import { createWorld, faultyServerFetch, type World } from './harness.ts';

describe('service worker drain (pglite)', () => {
  let world: World;
  let dbName: string;
  let db: SyncDatabase;

  beforeEach(async () => {
    world = await createWorld('pglite');
    dbName = `sw-${randomUUID()}`;
    db = new SyncDatabase(dbName);
    await db.meta.put({ key: META.session, value: { userId: world.alice.userId, orgId: world.org.orgId } });
    await recordAnswer(db, { assessmentId: world.org.assessmentId, questionId: world.org.questionIds[0]!, value: 'yes', userId: world.alice.userId, orgId: world.org.orgId });
  });
  afterEach(async () => {
    await db.delete();
    await world.server.close();
  });

  const noWindows = { matchAll: async () => [] };
  const serverRows = () => world.server.deps.db.select().from(responses);

  it('asks open pages to drain instead of draining itself', async () => {
    const messages: unknown[] = [];
    await drainFromServiceWorker({ matchAll: async () => [{ postMessage: (m: unknown) => messages.push(m) }] }, { dbName });
    expect(messages).toEqual([{ type: 'DRAIN' }]);
    expect(await db.outbox.count()).toBe(1);
  });

  it('drains with the token the page shared when no page is open', async () => {
    const token = world.alice.accessToken;
    expect(tokenExpiry(token)).toBeGreaterThan(Date.now());
    await db.meta.put({ key: META.workerAuth, value: { token, expiresAt: tokenExpiry(token) } });
    const net = faultyServerFetch(world.server);
    await drainFromServiceWorker(noWindows, { dbName, fetch: net.fetch, lock: createInProcessLock(`sw-${dbName}`) });
    expect(await db.outbox.count()).toBe(0);
    expect(await serverRows()).toHaveLength(1);
  });

  it('leaves the queue alone (no pause) when the shared token has expired, and throws on network trouble so the browser retries', async () => {
    await db.meta.put({ key: META.workerAuth, value: { token: world.alice.accessToken, expiresAt: Date.now() - 1 } });
    const net = faultyServerFetch(world.server);
    await drainFromServiceWorker(noWindows, { dbName, fetch: net.fetch, lock: createInProcessLock(`sw-${dbName}`) });
    expect(net.delivered).toEqual([]);
    expect((await db.meta.get(META.status))?.value).toBeUndefined();

    await db.meta.put({ key: META.workerAuth, value: { token: world.alice.accessToken, expiresAt: Date.now() + 60_000 } });
    net.faults.push('network-before');
    await expect(drainFromServiceWorker(noWindows, { dbName, fetch: net.fetch, lock: createInProcessLock(`sw-${dbName}`) })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(1);
  });
});
