// Background Sync is the backup for a page that is offline or going away, never a second drainer
// for an open, online page (a registration then fires at once and turned every save into a push).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKGROUND_SYNC_TAG, SyncDatabase } from '#sync/db.ts';
import { createInProcessLock } from '#sync/lock.ts';
import { ensureSync, getSyncRuntime } from '#sync/runtime.ts';
import { createWorld, faultyServerFetch, fakeOnlineSignal, type World } from './harness.ts';

type Globals = { navigator?: unknown; document?: unknown; addEventListener?: unknown; removeEventListener?: unknown };

describe('Background Sync registration (pglite)', () => {
  let world: World;
  let db: SyncDatabase;
  let registered: string[];
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
    ensureSync({
      db,
      caller: { userId: world.alice.userId, orgId: world.org.orgId },
      getToken: async () => world.alice.accessToken,
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
});
