// Sync client tests: real Dexie over fake-indexeddb, the REAL server behind the real fetch
// transport (server.app.request), plus a scripted fault injector around that fetch.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { seedOrg, type OrgFixture } from '#server/features/sync/sync.test-fixtures.ts';
import { SyncDatabase } from '#sync/db.ts';
import { createSyncEngine, type OnlineSignal, type Scheduler, type SyncEngine, type SyncSignal } from '#sync/engine.ts';
import { createInProcessLock, type DrainLock } from '#sync/lock.ts';
import type * as outbox from '#sync/outbox.ts';
import { recordAnswer, type RecordAnswerInput } from '#sync/answer-save.ts';
import { createFetchTransport, type FetchLike } from '#sync/transport.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { type TestUser } from '#tests/setup/auth.ts';
import { makeUser } from '#tests/setup/factories.ts';
import type { DriverName } from '#tests/setup/test-env.ts';

export interface World {
  server: TestServer;
  alice: TestUser;
  bob: TestUser;
  org: OrgFixture;
}

export async function createWorld(driver: DriverName): Promise<World> {
  const server = await createTestServer(driver);
  const alice = await makeUser(server);
  const bob = await makeUser(server);
  const org = await seedOrg(server.deps.db, 'Acme', { userId: alice.userId, otherUserId: bob.userId });
  return { server, alice, bob, org };
}

/** What the fault injector does to the next request. */
export type Fault =
  | 'network-before' // never reaches the server
  | 'network-after' // the server commits, the response is lost
  | { status: number; retryAfter?: string }; // answered by a "proxy" without reaching the server

export interface FaultyFetch {
  fetch: FetchLike;
  faults: Fault[];
  /** Every request that reached the real server. */
  delivered: Array<{ url: string; body: unknown }>;
  /** When set, requests wait for this promise before reaching the server (to simulate a crash mid-flight). */
  hold: Promise<void> | null;
  /** When set, rewrites the server's answer before the client sees it (e.g. as an older server would answer). */
  answer: ((url: string, res: Response) => Promise<Response>) | null;
}

export function faultyServerFetch(server: TestServer): FaultyFetch {
  const state: FaultyFetch = {
    faults: [],
    delivered: [],
    hold: null,
    answer: null,
    fetch: async (url, init) => {
      if (state.hold) await state.hold;
      const fault = state.faults.shift();
      if (fault === 'network-before') throw new TypeError('Failed to fetch');
      if (fault && typeof fault === 'object') {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (fault.retryAfter) headers['retry-after'] = fault.retryAfter;
        return new Response(JSON.stringify({ error: 'Service unavailable', code: 'internal_error' }), { status: fault.status, headers });
      }
      state.delivered.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
      const res = await server.app.request(url, init);
      if (fault === 'network-after') throw new TypeError('Failed to fetch');
      return state.answer ? state.answer(url, res) : res;
    },
  };
  return state;
}

export interface Clock {
  now: () => number;
  advance(ms: number): void;
}
export function fakeClock(start = Date.parse('2026-11-01T09:00:00Z')): Clock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/** Timers that only run when the test says so. */
export function manualScheduler(clock: Clock): Scheduler & { pending(): Array<{ at: number }>; runDue(): number } {
  let timers: Array<{ id: number; at: number; fn: () => void }> = [];
  let next = 1;
  return {
    setTimeout: (fn, ms) => {
      const id = next++;
      timers.push({ id, at: clock.now() + ms, fn });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
    pending: () => timers.map((t) => ({ at: t.at })),
    runDue() {
      const due = timers.filter((t) => t.at <= clock.now());
      timers = timers.filter((t) => t.at > clock.now());
      due.forEach((t) => t.fn());
      return due.length;
    },
  };
}

export interface Tokens {
  current: string | null;
  refreshed: string | null;
  refreshCalls: number;
}

export interface Client {
  db: SyncDatabase;
  engine: SyncEngine;
  net: FaultyFetch;
  clock: Clock;
  scheduler: ReturnType<typeof manualScheduler>;
  tokens: Tokens;
  user: TestUser;
  record(questionId: string, value: 'yes' | 'no'): Promise<RecordAnswerInput>;
  deps: outbox.OutboxDeps;
}

/**
 * The Web Locks API's ifAvailable request (https://w3c.github.io/web-locks/#api-lock-manager-request)
 * for Node, which has no navigator.locks: one manager stands for one origin's pages and workers.
 */
export function originLockManager() {
  const held = new Set<string>();
  return {
    async request<T>(name: string, _opts: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T> {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

export function createClient(world: World, user: TestUser, opts: { clock?: Clock; random?: () => number; dbName?: string; lockName?: string; lock?: DrainLock; onlineSignal?: OnlineSignal } = {}): Client {
  const db = new SyncDatabase(opts.dbName ?? `sync-test-${randomUUID()}`);
  const clock = opts.clock ?? fakeClock();
  const scheduler = manualScheduler(clock);
  const net = faultyServerFetch(world.server);
  const tokens: Tokens = { current: user.accessToken, refreshed: user.accessToken, refreshCalls: 0 };
  const getToken = async ({ forceRefresh }: { forceRefresh: boolean }) => {
    if (!forceRefresh) return tokens.current;
    tokens.refreshCalls += 1;
    tokens.current = tokens.refreshed;
    return tokens.refreshed;
  };
  const transport = createFetchTransport({ getToken, fetch: net.fetch, now: clock.now });
  const engine = createSyncEngine({
    db,
    transport,
    now: clock.now,
    random: opts.random ?? (() => 0.5),
    lock: opts.lock ?? createInProcessLock(opts.lockName ?? `lock-${db.name}`),
    scheduler,
    onlineSignal: opts.onlineSignal,
    getUserId: () => user.userId,
  });
  const deps: outbox.OutboxDeps = { now: clock.now };
  return {
    db,
    engine,
    net,
    clock,
    scheduler,
    tokens,
    user,
    deps,
    async record(questionId, value) {
      const input = { assessmentId: world.org.assessmentId, questionId, value, userId: user.userId, orgId: world.org.orgId };
      const r = await recordAnswer(db, input, deps);
      if (!r.ok) throw new Error(`recordAnswer failed: ${r.code}`);
      return input;
    },
  };
}

/** An online signal the test flips by hand. */
export function fakeOnlineSignal(): OnlineSignal & { emit(s: SyncSignal): void } {
  const listeners = new Set<(s: SyncSignal) => void>();
  let online = true;
  return {
    isOnline: () => online,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    emit(s) {
      online = s !== 'offline';
      listeners.forEach((fn) => fn(s));
    },
  };
}

/**
 * Waits until `check` holds, polling every 10 ms, for at most `timeoutMs` of wall time (not a count
 * of polls: on a loaded CI machine a live query can take seconds to fire). Throws when it never holds.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  if (await check()) return;
  throw new Error(`condition not reached in ${timeoutMs} ms`);
}
