// While the browser reports offline, timer-driven drains send nothing, so repeated edits of a
// question stay one unsent row (replaced in place) and reach the server as one mutation.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { responses } from '#server/db/schema/index.ts';
import type { OnlineSignal, SyncSignal } from '#sync/engine.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createClient, createWorld, type Client, type World, waitFor } from './harness.ts';

/** navigator.onLine without events: the page simply is offline (e.g. loaded from the cache). */
function silentSignal() {
  const listeners = new Set<(s: SyncSignal) => void>();
  const state = { online: true };
  const signal: OnlineSignal = {
    isOnline: () => state.online,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  const comeOnline = () => {
    state.online = true;
    listeners.forEach((fn) => fn('online'));
  };
  return { signal, state, comeOnline };
}

describe.each([TEST_DRIVER])('offline coalescing (%s)', (driver) => {
  let world: World;
  let c: Client;
  let q1: string;
  const hint = silentSignal();

  beforeEach(async () => {
    world = await createWorld(driver);
    hint.state.online = true;
    c = createClient(world, world.alice, { onlineSignal: hint.signal });
    q1 = world.org.questionIds[0]!;
  });
  afterEach(async () => {
    c.engine.stop();
    await c.db.delete();
    await world.server.close();
  });

  it('keeps an edit unsent while offline so the next edit replaces it, then sends one mutation', async () => {
    c.engine.start();
    await c.engine.drainNow();
    hint.state.online = false;
    await c.record(q1, 'yes');
    c.engine.notifyEnqueued();
    c.clock.advance(500);
    c.scheduler.runDue(); // the enqueue-triggered drain: it must not even try
    await waitFor(async () => (await c.engine.status()).phase === 'offline');
    expect(c.net.delivered.filter((d) => d.url === '/api/sync/push')).toEqual([]);
    expect(await c.db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);

    await c.record(q1, 'no');
    const rows = await c.db.outbox.toArray();
    expect(rows).toEqual([expect.objectContaining({ status: 'pending', attempts: 0, payload: { questionId: q1, value: 'no' } })]);

    hint.comeOnline(); // a forced drain
    await waitFor(async () => (await c.db.outbox.count()) === 0);
    const pushes = c.net.delivered.filter((d) => d.url === '/api/sync/push').map((d) => (d.body as { mutations: unknown[] }).mutations.length);
    expect(pushes).toEqual([1]);
    const server = await world.server.deps.db.select().from(responses);
    expect(server.map((r) => ({ q: r.questionId, answer: r.answer, version: r.version }))).toEqual([{ q: q1, answer: 'no', version: 1 }]);
  });
});

