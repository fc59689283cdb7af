// Background Sync is the backup for a page that is offline or going away, never a second drainer
// for an open, online page (a registration then fires at once and turned every save into a push).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKGROUND_SYNC_TAG, META, SyncDatabase } from '#sync/db.ts';
import { createInProcessLock } from '#sync/lock.ts';
import { ensureSync, getSyncRuntime } from '#sync/runtime.ts';
import { createWorld, faultyServerFetch, fakeOnlineSignal, type World } from './harness.ts';

type Globals = { navigator?: unknown; document?: unknown; addEventListener?: unknown; removeEventListener?: unknown };

describe('Background Sync registration (pglite)', () => {
  let world: World;
  let db: SyncDatabase;
  let registered: string[];
  let token: string;
  let browser: { onLine: boolean };
  let windowEvents: EventTarget;
  let documentEvents: EventTarget & { visibilityState: string };
  const saved: Globals = {};

  beforeEach(async () => {
    world = await createWorld('pglite');
    db = new SyncDatabase(`bgsync-${randomUUID()}`);
    registered = [];
    browser = { onLine: true };
    windowEvents = new EventTarget();
    documentEvents = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const g = globalThis as Globals;
    Object.assign(saved, { navigator: g.navigator, document: g.document, addEventListener: g.addEventListener, removeEventListener: g.removeEventListener });
    const serviceWorker = Object.assign(new EventTarget(), {
      ready: Promise.resolve({ sync: { register: async (tag: string) => void registered.push(tag) } }),
    });
    Object.defineProperty(globalThis, 'navigator', { value: { serviceWorker, get onLine() { return browser.onLine; } }, configurable: true, writable: true });
    Object.assign(globalThis, {
      document: documentEvents,
      addEventListener: windowEvents.addEventListener.bind(windowEvents),
      removeEventListener: windowEvents.removeEventListener.bind(windowEvents),
    });
    token = world.alice.accessToken;
    ensureSync({
      db,
      caller: { userId: world.alice.userId, orgId: world.org.orgId },
      getToken: async () => token,
      fetch: faultyServerFetch(world.server).fetch,
      serviceWorker: true,
      lock: createInProcessLock(`bg-${db.name}`),
      onlineSignal: fakeOnlineSignal(),
    });
  });
  afterEach(async () => {
    getSyncRuntime()?.stop();
    await db.delete();
    await world.server.close();
    Object.defineProperty(globalThis, 'navigator', { value: saved.navigator, configurable: true, writable: true });
    Object.assign(globalThis, { document: saved.document, addEventListener: saved.addEventListener, removeEventListener: saved.removeEventListener });
  });

  const answer = (i: number) => getSyncRuntime()!.recordAnswer({ assessmentId: world.org.assessmentId, questionId: world.org.questionIds[i]!, value: 'yes' });
  const settle = () => new Promise((r) => setTimeout(r, 20));

  it('registers nothing for saves on an open, online page', async () => {
    expect(await answer(0)).toMatchObject({ ok: true });
    expect(await answer(1)).toMatchObject({ ok: true });
    await settle();
    expect(registered).toEqual([]);
  });

  it('registers when a save happens offline', async () => {
    browser.onLine = false;
    expect(await answer(0)).toMatchObject({ ok: true });
    await settle();
    expect(registered).toEqual([BACKGROUND_SYNC_TAG]);
  });

  it('registers when the page is hidden or closed with changes still queued', async () => {
    expect(await answer(0)).toMatchObject({ ok: true });
    documentEvents.visibilityState = 'hidden';
    documentEvents.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(registered).toEqual([BACKGROUND_SYNC_TAG]);
    windowEvents.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(registered).toEqual([BACKGROUND_SYNC_TAG, BACKGROUND_SYNC_TAG]);
  });

  it('shares the token with the worker only when it changes, not on every request', async () => {
    const shared: string[] = [];
    const record = (row: { value: unknown }) => shared.push((row.value as { token: string }).token);
    db.meta.hook('creating', (key, row) => void (key === META.workerAuth && record(row)));
    db.meta.hook('updating', (mods, key, row) => {
      if (key === META.workerAuth) shared.push(String((mods as Record<string, unknown>)['value.token'] ?? (row.value as { token: string }).token));
    });
    const runtime = getSyncRuntime()!;
    for (let i = 0; i < 3; i++) {
      expect(await answer(i)).toMatchObject({ ok: true });
      expect(await runtime.engine.drainNow()).toMatchObject({ failure: null, sent: expect.any(Number) });
    }
    await db.meta.get(META.workerAuth); // after the writes already queued
    expect(shared).toEqual([world.alice.accessToken]);
    expect(await db.meta.get(META.workerAuth)).toMatchObject({ value: { token: world.alice.accessToken } });
    // Another token (as after a refresh; any valid one of the organization will do here) is shared once.
    token = world.bob.accessToken;
    shared.length = 0;
    await answer(3);
    await runtime.engine.drainNow();
    await runtime.engine.drainNow();
    await db.meta.get(META.workerAuth);
    expect(shared).toEqual([world.bob.accessToken]);
  });
});
