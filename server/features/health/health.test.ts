import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildServer } from '#server/compose.ts';
import { openDatabase } from '#server/db/client.ts';
import { createLogger } from '#server/lib/logger.ts';
import { rateLimits } from '#server/db/schema/index.ts';
import { RATE_LIMITS } from '#server/lib/rate-limit.ts';
import { createTestServer, memoryMailer } from '#tests/setup/app.ts';
import { TEST_DRIVER, testEnv } from '#tests/setup/test-env.ts';
import { READY_CACHE_MS } from './index.ts';

describe.each([TEST_DRIVER])('GET /api/health and /api/config (%s)', (driver) => {
  it('reports the database driver and the auth mode', async () => {
    const server = await createTestServer(driver);
    const res = await server.json('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: driver, auth: 'embedded' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the public runtime configuration without secrets', async () => {
    const server = await createTestServer(driver);
    const res = await server.json('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ supabaseUrl: null, evidenceMaxMb: 25 });
    expect(typeof res.body.supabaseAnonKey).toBe('string');
    expect(JSON.stringify(res.body)).not.toMatch(/password|secret|ADMIN/i);
  });

  it('answers unknown API paths with a readable 404', async () => {
    const server = await createTestServer(driver);
    const res = await server.json('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No such API endpoint', code: 'not_found' });
  });
});

describe('GET /api/ready', () => {
  it('is 200 when the database answers, every migration is applied and storage is reachable', async () => {
    const server = await createTestServer('pglite');
    const res = await server.json('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is 503 naming the storage when its check fails, and 503 once shutdown has begun', async () => {
    const server = await createTestServer('pglite');
    const check = server.deps.storage.check;
    server.deps.storage.check = () => Promise.reject(new Error('bucket gone'));
    try {
      const res = await server.json('GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'not_ready', failed: { storage: 'unavailable' } });
    } finally {
      server.deps.storage.check = check;
    }
    server.deps.lifecycle.shuttingDown = true;
    const res = await server.json('GET', '/api/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'not_ready', failed: { shutdown: 'shutting down' } });
    expect((await server.json('GET', '/api/health')).status).toBe(200); // still alive
  });

  it('logs a failing check once when the outage starts and once when it ends, not on every probe', async () => {
    const lines: { level: string; msg: string }[] = [];
    const logger = createLogger('info', (level, line) => lines.push({ level, msg: (JSON.parse(line) as { msg: string }).msg }));
    let clock = Date.now();
    const server = await createTestServer('pglite', {}, { logger, now: () => new Date(clock) });
    const check = server.deps.storage.check;
    server.deps.storage.check = () => Promise.reject(new Error('bucket gone'));
    try {
      for (let i = 0; i < 3; i++) {
        expect((await server.json('GET', '/api/ready')).status).toBe(503);
        clock += READY_CACHE_MS; // each probe checks afresh
      }
    } finally {
      server.deps.storage.check = check;
    }
    expect((await server.json('GET', '/api/ready')).status).toBe(200);
    clock += READY_CACHE_MS;
    expect((await server.json('GET', '/api/ready')).status).toBe(200);
    const readiness = lines.filter((l) => l.msg.startsWith('readiness check'));
    expect(readiness).toEqual([
      { level: 'warn', msg: 'readiness check failed' },
      { level: 'info', msg: 'readiness check passes again' },
    ]);
  });

  it('is 503 naming the migrations while one in migrations/ is not applied', async () => {
    const database = await openDatabase({});
    try {
      const built = await buildServer(testEnv(), { database, mailer: memoryMailer() });
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      const res = await built.app.request('/api/ready');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'not_ready', failed: { migrations: '1 pending' } });
      await built.close();
    } finally {
      await database.close();
    }
  });
});

// Probes cannot be turned into load on the database or the bucket: one check answers every probe
// for READY_CACHE_MS (concurrent probes share the check in flight), and each client address has a
// budget of probes, counted on this instance (a probe asks this instance, and counting it in the
// shared store would itself write to the database or Redis on every probe).
describe('GET /api/ready under many probes', () => {
  const probe = (server: { app: { request: (...a: any[]) => Response | Promise<Response> } }, address = '198.51.100.7') =>
    server.app.request('/api/ready', {}, { incoming: { socket: { remoteAddress: address } } }) as Promise<Response>;

  it('runs one check for concurrent probes and answers from it for a short while, then checks again', async () => {
    let clock = Date.now();
    const server = await createTestServer('pglite', {}, { now: () => new Date(clock) });
    const check = server.deps.storage.check.bind(server.deps.storage);
    let checks = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.deps.storage.check = async () => {
      checks += 1;
      await held;
      return check();
    };
    const first = Array.from({ length: 20 }, (_, i) => probe(server, `198.51.100.${i + 1}`));
    // Still in flight past the cache's age: a new probe joins it instead of starting another.
    clock += READY_CACHE_MS * 2;
    first.push(probe(server));
    release();
    const answers = await Promise.all(first);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    expect(checks).toBe(1);

    for (let i = 0; i < 5; i++) expect((await probe(server)).status).toBe(200);
    expect(checks).toBe(1);
    // A failure is cached the same way, and a fresh check sees the recovery.
    clock += READY_CACHE_MS;
    server.deps.storage.check = async () => {
      checks += 1;
      throw new Error('bucket gone');
    };
    expect((await probe(server)).status).toBe(503);
    expect((await probe(server)).status).toBe(503);
    expect(checks).toBe(2);
    server.deps.storage.check = check;
    clock += READY_CACHE_MS;
    expect((await probe(server)).status).toBe(200);
    // Shutdown is not cached: it turns readiness 503 at once.
    server.deps.lifecycle.shuttingDown = true;
    expect((await probe(server)).status).toBe(503);
  });

  it(`allows ${RATE_LIMITS.ready.max} probes a minute per client address, counted on this instance`, async () => {
    const server = await createTestServer('pglite');
    for (let i = 0; i < RATE_LIMITS.ready.max; i++) expect((await probe(server, '198.51.100.200')).status).toBe(200);
    const over = await probe(server, '198.51.100.200');
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ code: 'rate_limited', error: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/) });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address has its own budget; the probes wrote nothing to the shared store.
    expect((await probe(server, '198.51.100.201')).status).toBe(200);
    expect(await server.deps.db.select().from(rateLimits)).toEqual([]);
  });
});
