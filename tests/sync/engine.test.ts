// The sync engine against the real server (PGlite / PostgreSQL), with scripted faults.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { responseHistory, responses } from '#server/db/schema/index.ts';
import { answerKey, META } from '#sync/db.ts';
import { createWebLock } from '#sync/lock.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createClient, createWorld, fakeOnlineSignal, originLockManager, type Client, type World, waitFor } from './harness.ts';

describe.each([TEST_DRIVER])('sync engine (%s)', (driver) => {
  let world: World;
  let alice: Client;
  let q1: string;
  let q2: string;
  let q3: string;

  beforeEach(async () => {
    world = await createWorld(driver);
    alice = createClient(world, world.alice);
    [q1, q2, q3] = world.org.questionIds as [string, string, string];
  });
  afterEach(async () => {
    alice.engine.stop();
    await alice.db.delete();
    await world.server.close();
  });

  const serverAnswers = async () =>
    Object.fromEntries((await world.server.deps.db.select().from(responses)).map((r) => [r.questionId, { answer: r.answer, version: r.version }]));

  it('drains in seq order, acknowledges every row and marks answers synced with server versions', async () => {
    await alice.record(q1, 'yes');
    await alice.record(q2, 'no');
    await alice.record(q3, 'yes');
    const report = await alice.engine.drainNow();
    expect(report).toMatchObject({ acquired: true, sent: 3, failure: null });
    const pushed = alice.net.delivered.find((d) => d.url === '/api/sync/push')!.body as { mutations: Array<{ payload: { questionId: string } }> };
    expect(pushed.mutations.map((m) => m.payload.questionId)).toEqual([q1, q2, q3]);
    expect(await alice.db.outbox.count()).toBe(0);
    expect(await alice.db.answers.get([world.org.assessmentId, q2])).toMatchObject({ value: 'no', serverVersion: 1, syncState: 'synced', updatedByName: 'AcmeAlice Tester' });
    expect(await serverAnswers()).toEqual({ [q1]: { answer: 'yes', version: 1 }, [q2]: { answer: 'no', version: 1 }, [q3]: { answer: 'yes', version: 1 } });
    const status = await alice.engine.status();
    expect(status).toMatchObject({ phase: 'in-sync', pendingCount: 0, lastError: null });
    expect(status.lastSyncedAt).toBe(new Date(alice.clock.now()).toISOString());
  });

  it('stops at the first retryable failure, keeps the rows and backs off with jitter', async () => {
    await alice.record(q1, 'yes');
    await alice.record(q2, 'no');
    alice.net.faults.push({ status: 503 });
    const report = await alice.engine.drainNow();
    expect(report.failure).toMatchObject({ http: 503 });
    const rows = await alice.db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['pending', 1], ['pending', 1]]);
    expect(await serverAnswers()).toEqual({});
    // random() = 0.5 → first retry after max(1 s, 0.5 × 1 s) = 1 s.
    const status = await alice.engine.status();
    expect(status).toMatchObject({ phase: 'error', pendingCount: 2, retryAt: alice.clock.now() + 1_000 });
    expect(rows.every((r) => r.nextAttemptAt === alice.clock.now() + 1_000)).toBe(true);
    expect(await alice.db.answers.get([world.org.assessmentId, q1])).toMatchObject({ syncState: 'pending' });
    // A network failure next: the phase says offline and the delay grows.
    alice.net.faults.push('network-before');
    await alice.engine.drainNow();
    expect(await alice.engine.status()).toMatchObject({ phase: 'offline', retryAt: alice.clock.now() + 1_000 });
    alice.net.faults.push({ status: 503 }, { status: 503 });
    await alice.engine.drainNow();
    expect((await alice.engine.status()).retryAt).toBe(alice.clock.now() + 2_000);
    // Non-forced drains wait for the backoff; then everything goes through.
    alice.net.faults.length = 0;
    alice.clock.advance(5_000);
    expect(await alice.engine.drainNow()).toMatchObject({ sent: 2, failure: null });
    expect(Object.keys(await serverAnswers())).toHaveLength(2);
  });

  it('honours Retry-After on 429', async () => {
    await alice.record(q1, 'yes');
    alice.net.faults.push({ status: 429, retryAfter: '30' });
    await alice.engine.drainNow();
    expect((await alice.engine.status()).retryAt).toBe(alice.clock.now() + 30_000);
  });

  it('replays a push whose response was lost after commit; the server applies it once', async () => {
    await alice.record(q1, 'yes');
    alice.net.faults.push('network-after');
    const lost = await alice.engine.drainNow();
    expect(lost.failure?.code).toBe('network');
    expect(await serverAnswers()).toEqual({ [q1]: { answer: 'yes', version: 1 } });
    expect(await alice.db.answers.get([world.org.assessmentId, q1])).toMatchObject({ syncState: 'pending', serverVersion: 0 });
    alice.clock.advance(60_000);
    expect(await alice.engine.drainNow()).toMatchObject({ sent: 1, failure: null });
    expect(await alice.db.outbox.count()).toBe(0);
    expect(await alice.db.answers.get([world.org.assessmentId, q1])).toMatchObject({ syncState: 'synced', serverVersion: 1 });
    expect(await world.server.deps.db.select().from(responseHistory).where(eq(responseHistory.questionId, q1))).toHaveLength(1);
  });

  it('recovers rows leased by a drain that crashed mid-flight once the 60 s lease ends', async () => {
    await alice.record(q1, 'yes');
    alice.net.hold = new Promise<void>(() => undefined);
    void alice.engine.drainNow(); // this drain "dies": its request never completes
    await waitFor(async () => (await alice.db.outbox.toArray())[0]?.status === 'inflight');
    alice.engine.stop();
    // A new tab (own lock: the dead tab's lock is gone) opens the same database.
    const tab2 = createClient(world, world.alice, { clock: alice.clock, dbName: alice.db.name, lockName: 'tab-2' });
    expect(await tab2.engine.drainNow()).toMatchObject({ acquired: true, sent: 0 });
    expect((await tab2.db.outbox.toArray())[0]).toMatchObject({ status: 'inflight' });
    alice.clock.advance(60_001);
    expect(await tab2.engine.drainNow()).toMatchObject({ sent: 1, failure: null });
    expect(await tab2.db.answers.get([world.org.assessmentId, q1])).toMatchObject({ syncState: 'synced', serverVersion: 1 });
    tab2.db.close();
  });

  it('sends rows a reloaded page left in flight at once when the lock spans every page and worker', async () => {
    const locks = originLockManager();
    const page1 = createClient(world, world.alice, { clock: alice.clock, dbName: alice.db.name, lock: createWebLock('outbox', locks) });
    await page1.record(q1, 'yes');
    let arrive!: () => void;
    page1.net.hold = new Promise<void>((resolve) => (arrive = resolve));
    const dying = page1.engine.drainNow(); // the page reloads while its push is on the wire
    await waitFor(async () => (await page1.db.outbox.toArray())[0]?.status === 'inflight');
    page1.engine.stop();
    arrive(); // the push still reaches the server; the page that sent it never hears back
    await dying;
    expect((await page1.db.outbox.toArray())[0]).toMatchObject({ status: 'inflight' });
    // The reloaded page holds the origin's lock, so nothing else can be sending the row: no 60 s wait.
    const page2 = createClient(world, world.alice, { clock: alice.clock, dbName: alice.db.name, lock: createWebLock('outbox', locks) });
    expect(await page2.engine.drainNow()).toMatchObject({ sent: 1, failure: null });
    expect(await page2.db.outbox.count()).toBe(0);
    expect(await page2.db.answers.get([world.org.assessmentId, q1])).toMatchObject({ syncState: 'synced', serverVersion: 1 });
    expect(await world.server.deps.db.select().from(responseHistory).where(eq(responseHistory.questionId, q1))).toHaveLength(1);
    page1.db.close();
    page2.db.close();
  });

  it('keeps a later edit on top of an unacknowledged one (rebase, no self-conflict)', async () => {
    await alice.record(q1, 'yes');
    alice.net.faults.push('network-after'); // server has yes@1, the device does not know
    await alice.engine.drainNow();
    await alice.record(q1, 'no'); // attempts > 0 on the first row: a second row is appended
    expect(await alice.db.outbox.count()).toBe(2);
    await alice.engine.drainNow();
    expect(await alice.db.outbox.count()).toBe(0);
    expect(await serverAnswers()).toEqual({ [q1]: { answer: 'no', version: 2 } });
    expect(await alice.db.answers.get([world.org.assessmentId, q1])).toMatchObject({ value: 'no', serverVersion: 2, syncState: 'synced' });
  });

  it('pauses on 401 after one refresh, keeps the queue, and resumes after sign-in', async () => {
    await alice.record(q1, 'yes');
    alice.tokens.current = 'expired';
    alice.tokens.refreshed = null;
    const report = await alice.engine.drainNow();
    expect(report.failure?.http).toBe(401);
    expect(alice.tokens.refreshCalls).toBe(1);
    expect(await alice.engine.status()).toMatchObject({ phase: 'auth_required', paused: true, pendingCount: 1 });
    expect(await alice.db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(await alice.engine.drainNow()).toMatchObject({ sent: 0 });
    expect(alice.tokens.refreshCalls).toBe(1);
    alice.tokens.refreshed = world.alice.accessToken;
    expect(await alice.engine.resumeAfterAuth()).toMatchObject({ sent: 1, failure: null });
    expect(await alice.engine.status()).toMatchObject({ phase: 'in-sync', paused: false, pendingCount: 0 });
  });

  it('recovers from a single 401 by refreshing the token once', async () => {
    await alice.record(q1, 'yes');
    alice.tokens.current = 'expired';
    expect(await alice.engine.drainNow()).toMatchObject({ sent: 1, failure: null });
    expect(alice.tokens.refreshCalls).toBe(1);
  });

  it('never sends another user’s rows', async () => {
    await alice.record(q1, 'yes');
    const bobOnSameDevice = createClient(world, world.bob, { dbName: alice.db.name });
    expect(await bobOnSameDevice.engine.drainNow()).toMatchObject({ sent: 0 });
    expect(bobOnSameDevice.net.delivered).toHaveLength(0);
    expect(await bobOnSameDevice.db.outbox.count()).toBe(1);
    bobOnSameDevice.db.close();
  });

  it('keeps a rejected item visible and goes on with the rest', async () => {
    const foreign = crypto.randomUUID();
    await alice.record(foreign, 'yes');
    await alice.record(q2, 'no');
    expect(await alice.engine.drainNow()).toMatchObject({ sent: 2, failure: null });
    const rows = await alice.db.outbox.toArray();
    expect(rows).toEqual([expect.objectContaining({ entityKey: answerKey(world.org.assessmentId, foreign), status: 'rejected', lastError: expect.objectContaining({ code: 'validation_failed' }) })]);
    expect(await alice.db.answers.get([world.org.assessmentId, foreign])).toMatchObject({ syncState: 'rejected', error: { code: 'validation_failed' } });
    expect(await alice.db.answers.get([world.org.assessmentId, q2])).toMatchObject({ syncState: 'synced' });
    expect(await alice.engine.status()).toMatchObject({ phase: 'in-sync', pendingCount: 0 });
  });

  it('drains when the browser comes back online and polls every 30 s while rows wait', async () => {
    const signal = fakeOnlineSignal();
    const c = createClient(world, world.alice, { onlineSignal: signal });
    c.engine.start();
    await c.engine.drainNow(); // lets the start-up drain finish first
    signal.emit('offline');
    await waitFor(async () => (await c.engine.status()).phase === 'offline');
    await c.record(q1, 'yes');
    c.net.faults.push('network-before');
    await c.engine.drainNow();
    expect(await c.db.outbox.count()).toBe(1);
    signal.emit('online'); // forced drain, backoff or not
    await waitFor(async () => (await c.db.outbox.count()) === 0);
    await c.engine.drainNow(); // waits for the online drain to end (it still merges its push's pull), then finds nothing
    expect(await serverAnswers()).toEqual({ [q1]: { answer: 'yes', version: 1 } });
    // A submit held behind an open conflict keeps something pending: the 30 s poll stays armed.
    await c.db.outbox.add({ id: crypto.randomUUID(), clientId: 'c', userId: world.alice.userId, orgId: world.org.orgId, assessmentId: world.org.assessmentId, kind: 'assessment.submit', entityKey: `${world.org.assessmentId}:submit`, payload: {}, baseVersion: null, clientTs: 0, status: 'pending', attempts: 0, nextAttemptAt: 0 });
    await c.db.answers.put({ assessmentId: world.org.assessmentId, questionId: q2, value: 'no', serverVersion: 0, serverValue: null, updatedBy: null, updatedByName: null, updatedAt: null, syncState: 'conflict', origin: 'answered' });
    await c.engine.drainNow();
    expect(c.scheduler.pending().some((t) => t.at === c.clock.now() + 30_000)).toBe(true);
    c.engine.stop();
    expect(c.scheduler.pending()).toEqual([]);
    await c.db.delete();
  });

  it('refreshes the opened assessment when the page becomes visible again', async () => {
    const signal = fakeOnlineSignal();
    const c = createClient(world, world.alice, { onlineSignal: signal });
    const bob = createClient(world, world.bob);
    expect(await c.engine.pull(world.org.assessmentId)).toBeNull(); // the questionnaire was opened
    c.engine.start();
    await bob.record(q1, 'no');
    await bob.engine.drainNow();
    signal.emit('visible');
    await waitFor(async () => (await c.db.answers.get([world.org.assessmentId, q1]))?.value === 'no');
    expect(await c.db.answers.get([world.org.assessmentId, q1])).toMatchObject({ syncState: 'synced', updatedByName: 'AcmeBob Tester' });
    c.engine.stop();
    await c.db.delete();
    await bob.db.delete();
  });

  it('schedules a drain 500 ms after an enqueue once started', async () => {
    alice.engine.start();
    await alice.engine.drainNow();
    await alice.record(q1, 'yes');
    alice.engine.notifyEnqueued();
    await waitFor(async () => alice.scheduler.pending().some((t) => t.at === alice.clock.now() + 500));
    alice.clock.advance(500);
    expect(alice.scheduler.runDue()).toBeGreaterThan(0);
    await waitFor(async () => (await alice.db.outbox.count()) === 0);
    expect(await serverAnswers()).toEqual({ [q1]: { answer: 'yes', version: 1 } });
  });

  it('drains in one round trip: the push answer carries the pull of its assessment, from its cursor', async () => {
    const bob = createClient(world, world.bob);
    await bob.record(q3, 'no');
    await bob.engine.drainNow();
    await alice.record(q1, 'yes');
    await alice.record(q2, 'no');
    expect(await alice.engine.drainNow()).toMatchObject({ sent: 2, failure: null });
    expect(alice.net.delivered.map((d) => d.url)).toEqual(['/api/sync/push']);
    // The teammate's answer came with the push's answer, and so did the cursor.
    expect(await alice.db.answers.get([world.org.assessmentId, q3])).toMatchObject({ value: 'no', syncState: 'synced', updatedByName: 'AcmeBob Tester' });
    const cursor = await alice.db.meta.get(META.pullCursor(world.org.assessmentId));
    expect(cursor?.value).toEqual(expect.any(String));
    await alice.record(q1, 'no');
    await alice.engine.drainNow();
    expect(alice.net.delivered.map((d) => d.url)).toEqual(['/api/sync/push', '/api/sync/push']);
    expect((alice.net.delivered[1]!.body as { pull: unknown }).pull).toEqual([{ assessmentId: world.org.assessmentId, since: cursor!.value }]);
    await bob.db.delete();
  });

  it('pulls on its own when the push answer carries no pull (an older server), and with nothing to push', async () => {
    alice.net.answer = async (url, res) => {
      if (url !== '/api/sync/push') return res;
      const { results } = (await res.json()) as { results: unknown };
      return Response.json({ results }, { status: res.status });
    };
    await alice.record(q1, 'yes');
    await alice.engine.drainNow();
    expect(alice.net.delivered.map((d) => d.url.split('?')[0])).toEqual(['/api/sync/push', '/api/sync/pull']);
    expect(await alice.db.meta.get(META.pullCursor(world.org.assessmentId))).toBeDefined();
    // Nothing to push: a forced drain refreshes the opened assessment with GET /api/sync/pull.
    expect(await alice.engine.pull(world.org.assessmentId)).toBeNull();
    alice.net.delivered.length = 0;
    await alice.engine.drainNow();
    expect(alice.net.delivered.map((d) => d.url.split('?')[0])).toEqual(['/api/sync/pull']);
  });

  it('writes the status row only when it changes: a drain writes pushing then in-sync, an idle drain nothing', async () => {
    const phases: string[] = [];
    alice.db.meta.hook('creating', (key, row) => void (key === META.status && phases.push((row.value as { phase: string }).phase)));
    alice.db.meta.hook('updating', (mods, key, row) => {
      if (key === META.status) phases.push(String((mods as Record<string, unknown>)['value.phase'] ?? (row.value as { phase: string }).phase));
    });
    for (const q of [q1, q2, q3]) await alice.record(q, 'yes');
    await alice.engine.drainNow();
    expect(phases).toEqual(['pushing', 'in-sync']);
    await alice.engine.drainNow();
    await alice.engine.drainNow();
    expect(phases).toEqual(['pushing', 'in-sync']);
    // A failure and its recovery: each a change of phase.
    await alice.record(q1, 'no');
    alice.net.faults.push({ status: 503 });
    await alice.engine.drainNow();
    alice.clock.advance(5_000);
    await alice.engine.drainNow();
    expect(phases).toEqual(['pushing', 'in-sync', 'pushing', 'error', 'pushing', 'in-sync']);
    expect(await alice.engine.status()).toMatchObject({ phase: 'in-sync', pendingCount: 0, lastError: null });
  });
});

