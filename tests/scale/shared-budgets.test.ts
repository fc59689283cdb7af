// Request budgets and auth throttles shared by every instance (server/lib/budgets.ts, ADR 021):
// two real apps on one database (PGlite, PostgreSQL) or one Redis spend one budget exactly; windows
// reset; a store outage is logged once and answered clearly; brute-force sign-in through supabase-js
// split across two servers is stopped at the same attempt as against one.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_LIMITS, LOCKOUT_THRESHOLD } from '#server/auth-provider/auth.limits.ts';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import { rateLimits } from '#server/db/schema/index.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { JOBS, runDueJobs } from '#server/features/jobs/index.ts';
import { createBudgets, type BudgetRule } from '#server/lib/budgets.ts';
import type { Logger } from '#server/lib/logger.ts';
import { BUDGETS_DOWN_RETRY_SECONDS, budgetsDownMessage, RATE_LIMITS, rateLimitMessage } from '#server/lib/rate-limit.ts';
import { PASSWORD, signedUpClient, uniqueEmail } from '#tests/contract/contract-helpers.ts';
import { nodeSupabaseClient, startContractServer, type ContractServer } from '#tests/contract/contract-server.ts';
import { createOrgAdmin } from '#tests/isolation/fixtures.ts';
import { createTestServer, memoryMailer, type TestServer } from '#tests/setup/app.ts';
import { getTestDatabase, truncateAll } from '#tests/setup/db.ts';
import { DB_DRIVERS, testEnv, TEST_REDIS_URL, type DriverName } from '#tests/setup/test-env.ts';
import { startTcpProxy } from '#tests/support/tcp-proxy.ts';

function captureLogger(): Logger & { lines: { level: string; msg: string; fields: string }[] } {
  const lines: { level: string; msg: string; fields: string }[] = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => void lines.push({ level, msg, fields: JSON.stringify(fields ?? {}) });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

type StoreName = DriverName | 'redis';
/** The SQL stores always (PGlite; PostgreSQL with TEST_DATABASE_URL), Redis with TEST_REDIS_URL (over PGlite for the rest). */
const STORES: StoreName[] = [...DB_DRIVERS, ...(TEST_REDIS_URL ? (['redis'] as const) : [])];

const closeAfter: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closeAfter.splice(0).reverse()) await close();
});

/** Two app instances on one database, one clock, and (for 'redis') one Redis under a key prefix of their own (REDIS_KEY_PREFIX). */
async function twoInstances(store: StoreName) {
  const database = await getTestDatabase(store === 'redis' ? 'pglite' : store);
  await truncateAll(database);
  let clock = Date.now();
  const clockControl = { advance: (ms: number) => void (clock += ms) };
  const env = testEnv(store === 'redis' ? { REDIS_URL: TEST_REDIS_URL!, REDIS_KEY_PREFIX: `test:${randomUUID()}` } : {});
  const build = () => buildServer(env, { database, mailer: memoryMailer(), now: () => new Date(clock) });
  const a = await build();
  closeAfter.push(() => a.close());
  const b = await build();
  closeAfter.push(() => b.close());
  return { a, b, ...clockControl, database };
}

/** A session-less lookup from `address` (as a socket peer); any answer but 429 means the budget allowed it. */
const lookup = (server: BuiltServer, address: string) =>
  server.app.request('/api/auth/validate-invite?token=none', {}, { incoming: { socket: { remoteAddress: address } } });

describe.each(STORES)('shared request budgets (%s)', (store) => {
  it('two instances spend one budget: max allowed across both, the next refused on either', async () => {
    const { a, b } = await twoInstances(store);
    expect(a.deps.budgets.store).toBe(store === 'redis' ? 'redis' : 'sql');
    const { max } = RATE_LIMITS.publicLookup;
    for (let i = 0; i < max; i++) expect((await lookup(i % 2 ? b : a, '203.0.113.20')).status).toBe(404);
    for (const server of [a, b]) {
      const refused = await lookup(server, '203.0.113.20');
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(RATE_LIMITS.publicLookup.windowMs / 1000);
      expect(await refused.json()).toEqual({ code: 'rate_limited', error: rateLimitMessage(wait) });
    }
    // Another address has its own budget on both instances.
    expect((await lookup(b, '198.51.100.20')).status).toBe(404);
  });

  it('concurrent spends from two instances allow exactly max (one atomic count per request)', async () => {
    const { a, b } = await twoInstances(store);
    const rule: BudgetRule = { name: 'concurrency', max: 25, windowMs: 60_000 };
    const key = randomUUID();
    const verdicts = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? b : a).deps.budgets.spend(rule, key)));
    expect(verdicts.filter((v) => v === 0)).toHaveLength(rule.max);
    expect(verdicts.filter((v) => typeof v === 'number' && v > 0)).toHaveLength(60 - rule.max);
  });

  it('a budget returns when its window has passed, on every instance', async () => {
    const { a, b, advance } = await twoInstances(store);
    const key = randomUUID();
    if (store === 'redis') {
      // Redis expires windows on its own clock, so this window is a real second long.
      const rule: BudgetRule = { name: 'short-window', max: 2, windowMs: 1_000 };
      expect([await a.deps.budgets.spend(rule, key), await b.deps.budgets.spend(rule, key)]).toEqual([0, 0]);
      expect(await a.deps.budgets.spend(rule, key)).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await b.deps.budgets.spend(rule, key)).toBe(0);
      return;
    }
    // The database store reads the app clock: moving it moves the window.
    const rule = RATE_LIMITS.reportFile;
    for (let i = 0; i < rule.max; i++) expect(await (i % 2 ? b : a).deps.budgets.spend(rule, key)).toBe(0);
    expect(await a.deps.budgets.spend(rule, key)).toBe(60);
    advance(30_000);
    expect(await b.deps.budgets.spend(rule, key)).toBe(30);
    advance(30_000);
    expect(await b.deps.budgets.spend(rule, key)).toBe(0);
    expect(await a.deps.budgets.spend(rule, key)).toBe(0);
  });
});

describe.each(DB_DRIVERS)('rate_limits housekeeping (%s)', (driver) => {
  it('the scheduler sweeps ended windows and keeps live ones', async () => {
    const { a, advance } = await twoInstances(driver);
    const short: BudgetRule = { name: 'sweep-short', max: 5, windowMs: 60_000 };
    const long: BudgetRule = { name: 'sweep-long', max: 5, windowMs: 3_600_000 };
    await a.deps.budgets.spend(short, 'k1');
    await a.deps.budgets.spend(short, 'k2');
    await a.deps.budgets.spend(long, 'k1');
    advance(61_000);
    const job = JOBS.filter((j) => j.name === 'budgets.sweep_expired');
    expect(job).toHaveLength(1);
    const [run] = await runDueJobs(a.deps, a.deps.now(), job);
    expect(run).toEqual({ name: 'budgets.sweep_expired', ok: true, result: { budgets: 2, unknownAddresses: 0 } });
    expect((await a.deps.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(['sweep-long:k1']);
  });
});

describe('when the shared store does not answer', () => {
  it('Redis away: one warning without the password; invitations refused with 503, lookups and sign-in throttles counted per instance', async () => {
    const logger = captureLogger();
    // Port 1 refuses connections; the password must never reach a log line.
    const server: TestServer = await createTestServer('pglite', { REDIS_URL: 'redis://:s3cret-redis-pass@127.0.0.1:1' }, { logger });
    closeAfter.push(() => server.close());
    expect(server.deps.budgets.store).toBe('redis');
    const admin = await createOrgAdmin(server, { organizationName: 'Outage Lab' });

    const invite = await server.json('POST', '/api/auth/invite', { email: 'someone@outage.example', organizationId: admin.organizationId }, admin.accessToken);
    expect(invite.status).toBe(503);
    expect(invite.body).toEqual({ code: 'rate_limited', error: budgetsDownMessage });
    expect(invite.headers.get('retry-after')).toBe(String(BUDGETS_DOWN_RETRY_SECONDS));
    expect(server.mail.filter((m) => m.to === 'someone@outage.example')).toHaveLength(0);

    // Session-less lookups fall back to this instance's own count: the same numbers, still a clear 429.
    for (let i = 0; i < RATE_LIMITS.publicLookup.max; i++) expect((await lookup(server, '203.0.113.30')).status).toBe(404);
    expect((await lookup(server, '203.0.113.30')).status).toBe(429);

    // Nobody is locked out of signing in by the outage; the per-IP throttle still holds per instance.
    const grant = (email: string, password = PASSWORD) =>
      server.app.request(
        '/auth/v1/token?grant_type=password',
        { method: 'POST', headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) },
        { incoming: { socket: { remoteAddress: '203.0.113.31' } } },
      );
    const signedIn = await grant(admin.email, admin.password);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ access_token: expect.any(String) });
    for (let i = 1; i < AUTH_LIMITS.perIp.max; i++) expect((await grant(uniqueEmail('outage'))).status).toBe(400);
    const throttled = await grant(uniqueEmail('outage'));
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toMatchObject({ code: 'over_request_rate_limit' });

    const warnings = logger.lines.filter((l) => l.msg.startsWith('request budgets'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warn' });
    expect(warnings[0]!.fields).toContain('redis');
    expect(logger.lines.map((l) => `${l.msg} ${l.fields}`).join('\n')).not.toContain('s3cret-redis-pass');
  }, 60_000);

  const peekStores: [string, string | undefined][] = [['database', undefined], ...(TEST_REDIS_URL ? [['redis', TEST_REDIS_URL] as [string, string]] : [])];
  it.each(peekStores)('spent() reads a key without spending and forget() clears it (%s store)', async (_store, redisUrl) => {
    const database: Database = await openDatabase({});
    closeAfter.push(() => database.close());
    await migrateDatabase(database);
    const budgets = await createBudgets({ db: database.db, logger: captureLogger(), now: () => new Date(), redis: redisUrl ? { url: redisUrl, keyPrefix: `t-${randomUUID()}` } : undefined });
    closeAfter.push(() => budgets.close());
    const rule: BudgetRule = { name: 'peek-forget', max: 2, windowMs: 60_000 };
    expect(await budgets.spent(rule, 'k')).toBe(0);
    expect(await budgets.spend(rule, 'k')).toBe(0);
    expect(await budgets.spent(rule, 'k')).toBe(1);
    expect(await budgets.spent(rule, 'k')).toBe(1); // reading spends nothing
    expect(await budgets.spend(rule, 'k')).toBe(0);
    expect(await budgets.spend(rule, 'k')).toBeGreaterThan(0);
    await budgets.forget(rule, 'k');
    expect(await budgets.spent(rule, 'k')).toBe(0);
    expect(await budgets.spend(rule, 'k')).toBe(0);
    expect(await budgets.spent(rule, 'other')).toBe(0);
  });

  it('database store failing and back: per-instance counting or refusal meanwhile, one warning, one note on recovery', async () => {
    const database: Database = await openDatabase({});
    closeAfter.push(() => database.close());
    await migrateDatabase(database);
    const logger = captureLogger();
    const budgets = await createBudgets({ db: database.db, logger, now: () => new Date() });
    const open: BudgetRule = { name: 'outage-open', max: 2, windowMs: 60_000 };
    const closed: BudgetRule = { name: 'outage-closed', max: 2, windowMs: 60_000, whenStoreDown: 'refuse' };
    expect(await budgets.spend(open, 'k')).toBe(0);

    await database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    expect(await budgets.spend(open, 'k')).toBe(0); // the local count starts afresh
    expect(await budgets.spend(open, 'k')).toBe(0);
    expect(await budgets.spend(open, 'k')).toBeGreaterThan(0);
    expect(await budgets.spend(closed, 'k')).toBe('unavailable');
    expect(logger.lines.filter((l) => l.level === 'warn')).toHaveLength(1);

    await database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    expect(await budgets.spend(open, 'k')).toBe(0); // the shared count again: 2 of 2
    expect(await budgets.spend(open, 'k')).toBeGreaterThan(0);
    expect(await budgets.spend(closed, 'k')).toBe(0);
    expect(logger.lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', expect.stringContaining('does not answer')],
      ['info', 'request budgets: the shared store answers again'],
    ]);
  });
});

// Redis going away while the server runs, and coming back: a TCP proxy (tests/support/tcp-proxy.ts)
// between the app and the real Redis cuts every connection ('down') or stops moving bytes
// ('stalled', a hung Redis). Budgeted requests get their rule's answer (503 for invitations, a
// per-instance count for the rest) and none waits on Redis; once it answers again, the counts are
// in Redis again, under the deployment's own key prefix.
describe.each(TEST_REDIS_URL ? [TEST_REDIS_URL] : [])('Redis outage and recovery (%s)', (redisUrl) => {
  it('answers clearly while Redis is down or hung, and counts in Redis again once it is back', async () => {
    const target = new URL(redisUrl);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    closeAfter.push(() => proxy.close());
    const direct = new Redis(redisUrl);
    closeAfter.push(() => direct.quit());
    const prefix = `test-outage:${randomUUID()}`;
    const logger = captureLogger();
    const proxied = new URL(redisUrl);
    proxied.port = String(proxy.port);
    const server: TestServer = await createTestServer('pglite', { REDIS_URL: proxied.toString(), REDIS_KEY_PREFIX: prefix }, { logger });
    closeAfter.push(() => server.close());
    expect(server.deps.budgets.store).toBe('redis');
    const admin = await createOrgAdmin(server, { organizationName: 'Outage Recovery Lab' });
    let n = 0;
    const invite = () => server.json('POST', '/api/auth/invite', { email: `invitee-${++n}@outage.example`, organizationId: admin.organizationId }, admin.accessToken);
    const inviteKey = `${prefix}:invite:${admin.userId}`;
    /** After a restore, the client reconnects on its own schedule: invitations are refused until it has. */
    const inviteOnceBack = async () => {
      for (;;) {
        const res = await invite();
        if (res.status !== 503) return res;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    expect((await invite()).status).toBe(201);
    // The key prefix is the deployment's (REDIS_KEY_PREFIX), not the built-in one.
    expect(await direct.get(inviteKey)).toBe('1');
    expect(await direct.keys(`mvrsp:budget:invite:${admin.userId}`)).toEqual([]);

    for (const outage of ['down', 'stalled'] as const) {
      proxy.set(outage);
      const refused = await invite();
      expect(refused.status, outage).toBe(503);
      expect(refused.body).toEqual({ code: 'rate_limited', error: budgetsDownMessage });
      expect(refused.headers.get('retry-after')).toBe(String(BUDGETS_DOWN_RETRY_SECONDS));
      // A 'local' rule counts on this instance meanwhile: answered, and still bounded.
      const address = outage === 'down' ? '203.0.113.40' : '203.0.113.41';
      for (let i = 0; i < RATE_LIMITS.publicLookup.max; i++) expect((await lookup(server, address)).status).toBe(404);
      expect((await lookup(server, address)).status).toBe(429);

      const before = Number(await direct.get(inviteKey));
      proxy.set('up');
      expect((await inviteOnceBack()).status, `${outage}, then back`).toBe(201);
      // Counted in Redis again. A hung Redis still runs what reached it before it hung once it
      // resumes, so the refused invitation's spend may count too (stricter, never looser).
      const after = Number(await direct.get(inviteKey));
      expect(after).toBeGreaterThanOrEqual(before + 1);
      expect(after).toBeLessThanOrEqual(outage === 'down' ? before + 1 : before + 2);
    }
    expect(logger.lines.filter((l) => l.msg.startsWith('request budgets')).map((l) => l.level)).toEqual(['warn', 'info', 'warn', 'info']);
  }, 60_000);
});

/** A second real HTTP server on the contract server's database and clock. */
async function secondServer(first: ContractServer, driver: DriverName) {
  const built = await buildServer(testEnv(), { database: await getTestDatabase(driver), mailer: memoryMailer(), now: first.clock.now });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: built.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  closeAfter.push(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await built.close();
  });
  return nodeSupabaseClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

describe.each(DB_DRIVERS)('brute-force sign-in across two instances, through supabase-js (%s)', (driver) => {
  it('locks the account after the same number of failures as on one instance', async () => {
    const one = await startContractServer(driver);
    closeAfter.push(() => one.close());
    const other = await secondServer(one, driver);
    const { email } = await signedUpClient(one);
    const clients = [one.client(), other];
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      const { error } = await clients[i % 2]!.auth.signInWithPassword({ email, password: `Wrong-password-${i}` });
      expect(error).toMatchObject({ code: 'invalid_credentials', status: 400 });
    }
    for (const client of clients) {
      const locked = await client.auth.signInWithPassword({ email, password: PASSWORD });
      expect(locked.error).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
      expect(locked.error?.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ (seconds?|minutes)\.$/);
      expect(locked.data.session).toBeNull();
    }
  });

  it('spends one per-IP sign-in budget: max attempts across both, the next refused on either', async () => {
    const one = await startContractServer(driver);
    closeAfter.push(() => one.close());
    const other = await secondServer(one, driver);
    const clients = [one.client(), other];
    for (let i = 0; i < AUTH_LIMITS.perIp.max; i++) {
      const { error } = await clients[i % 2]!.auth.signInWithPassword({ email: uniqueEmail(`ip${i}`), password: PASSWORD });
      expect(error).toMatchObject({ code: 'invalid_credentials' });
    }
    for (const client of clients) {
      const { error } = await client.auth.signInWithPassword({ email: uniqueEmail('ip-over'), password: PASSWORD });
      expect(error).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
      expect(error?.message).toMatch(/^Too many requests\. Please try again in \d+ (seconds?|minutes)\.$/);
    }
    one.clock.advance(AUTH_LIMITS.perIp.windowMs + 1_000);
    expect((await other.auth.signInWithPassword({ email: uniqueEmail('ip-later'), password: PASSWORD })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });
});
