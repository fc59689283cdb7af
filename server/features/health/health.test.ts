import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildServer } from '#server/compose.ts';
import { openDatabase } from '#server/db/client.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createTestServer, memoryMailer } from '#tests/setup/app.ts';
import { DB_DRIVERS, testEnv } from '#tests/setup/test-env.ts';

describe.each(DB_DRIVERS)('GET /api/health and /api/config (%s)', (driver) => {
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
    const server = await createTestServer('pglite', {}, { logger });
    const check = server.deps.storage.check;
    server.deps.storage.check = () => Promise.reject(new Error('bucket gone'));
    try {
      for (let i = 0; i < 3; i++) expect((await server.json('GET', '/api/ready')).status).toBe(503);
    } finally {
      server.deps.storage.check = check;
    }
    expect((await server.json('GET', '/api/ready')).status).toBe(200);
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
