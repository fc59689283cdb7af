// Regression: U+0000 reached PostgreSQL (which cannot store it in text or jsonb) and came back as
// a 500. Found by the mutation fuzzer; every such input is now a readable 400.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrgAdmin, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';

describe('NUL characters in input', () => {
  let server: TestServer;
  let admin: Member;
  let systemAdmin: Member;
  beforeAll(async () => {
    server = await createTestServer('pglite');
    admin = await createOrgAdmin(server);
    systemAdmin = await signInSystemAdmin(server);
  });

  it('are refused in query strings', async () => {
    const res = await server.json('GET', '/api/admin/audit-log?q=%00', undefined, systemAdmin.accessToken);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/NUL/);
  });

  it('are refused in JSON bodies', async () => {
    const res = await server.json('POST', '/api/sync/push', { clientId: '\u0000', pendingCount: 0, mutations: [] }, admin.accessToken);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });

  it('are refused in sign-up metadata with Supabase error shape', async () => {
    const res = await server.json('POST', '/auth/v1/signup', { email: 'nul@example.org', password: 'long-enough-1', data: { firstName: 'a\u0000b' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });
});
