import { describe, expect, it } from 'vitest';
import { createTestServer } from '#tests/setup/app.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';

describe.each(DB_DRIVERS)('GET /api/health and /api/config (%s)', (driver) => {
  it('reports the database driver and the auth mode', async () => {
    const server = await createTestServer(driver);
    const res = await server.json('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: driver, auth: 'embedded' });
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
