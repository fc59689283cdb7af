// Regressions: inputs that used to answer 5xx (or brick an account) are refused with a readable 400.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authUsers } from '#server/db/schema/index.ts';
import { NAME_CONTROL_MESSAGE } from '#domain/text.ts';
import { createOrgAdmin, inviteTokenFor, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signUpUser } from '#tests/setup/auth.ts';

const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

describe('hostile input', () => {
  let server: TestServer;
  let admin: Member;
  let systemAdmin: Member;
  beforeAll(async () => {
    server = await createTestServer('pglite');
    admin = await createOrgAdmin(server);
    systemAdmin = await signInSystemAdmin(server);
  });

  it('refuses user metadata nested 2,000 deep, and the account still signs in', async () => {
    const user = await signUpUser(server);
    const res = await server.json('PUT', '/auth/v1/user', { data: { x: deep(2000) } }, user.accessToken);
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(400);
    const signIn = await server.json('POST', '/auth/v1/token?grant_type=password', { email: user.email, password: user.password });
    expect(signIn.status).toBe(200);
  });

  it('measures the metadata limits after the merge with what is stored', async () => {
    const user = await signUpUser(server, { data: { a: 'x'.repeat(10_000) } });
    const res = await server.json('PUT', '/auth/v1/user', { data: { b: 'y'.repeat(10_000) } }, user.accessToken);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/data is too large/);
    const deeper = await server.json('PUT', '/auth/v1/user', { data: { c: deep(8) } }, user.accessToken);
    expect(deeper.body.msg).toMatch(/nested too deeply/);
    expect((await server.json('PUT', '/auth/v1/user', { data: { c: deep(7) } }, user.accessToken)).status).toBe(200);
  });

  it('signs in, refreshes and recovers a user whose STORED metadata breaks the limits', async () => {
    const user = await signUpUser(server, { data: { firstName: 'Ada' } });
    await server.deps.db.update(authUsers).set({ userMetadata: { firstName: 'Ada', bad: deep(2000), big: 'x'.repeat(20_000) } }).where(eq(authUsers.id, user.userId));
    const signIn = await server.json('POST', '/auth/v1/token?grant_type=password', { email: user.email, password: user.password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.user_metadata).toEqual({ firstName: 'Ada' });
    const refresh = await server.json('POST', '/auth/v1/token?grant_type=refresh_token', { refresh_token: user.refreshToken });
    expect(refresh.status).toBe(200);
    expect((await server.json('GET', '/auth/v1/user', undefined, signIn.body.access_token)).status).toBe(200);
    expect((await server.json('POST', '/auth/v1/recover', { email: user.email })).status).toBe(200);
  });

  it('refuses a NUL or a lone surrogate in the e-mail of a password grant, sign-up and recovery', async () => {
    for (const email of ['a\u0000@example.org', 'a\ud800@example.org']) {
      const grant = await server.json('POST', '/auth/v1/token?grant_type=password', { email, password: 'x' });
      expect(grant.status, JSON.stringify(grant.body).slice(0, 200)).toBe(400);
      expect(grant.body.code).toBe('validation_failed');
      expect((await server.json('POST', '/auth/v1/signup', { email, password: 'Long-enough-password-1' })).status).toBe(400);
      expect((await server.json('POST', '/auth/v1/recover', { email })).status).toBe(400);
    }
  });

  it('refuses a lone surrogate in metadata', async () => {
    const user = await signUpUser(server);
    const res = await server.json('PUT', '/auth/v1/user', { data: { ['k\ud800']: 'v' } }, user.accessToken);
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(400);
    const res2 = await server.json('PUT', '/auth/v1/user', { data: { k: 'v\udc00' } }, user.accessToken);
    expect(res2.status, JSON.stringify(res2.body).slice(0, 200)).toBe(400);
  });

  it('refuses a lone surrogate in /api JSON', async () => {
    const res = await server.json('POST', '/api/sync/push', { clientId: 'c\ud800', pendingCount: 0, mutations: [] }, admin.accessToken);
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(400);
  });

  it('refuses pull cursors outside 2000..2199 (year 0 answered 500)', async () => {
    const created = await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, admin.accessToken);
    expect(created.status).toBe(201);
    const pull = (since: string) =>
      server.json('GET', `/api/sync/pull?assessmentId=${created.body.assessmentId}&since=${encodeURIComponent(since)}`, undefined, admin.accessToken);
    for (const since of ['0000-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '9999-12-31T23:59:59Z']) {
      const res = await pull(since);
      expect(res.status, `${since}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
      expect(res.body.error).toBe('since must be a date between 2000 and 2199');
    }
    expect((await pull('2020-01-01T00:00:00+14:00')).status).toBe(200);
  });

  it('refuses a paidUntil past 2199 (the same instant rule as since)', async () => {
    const res = await server.json('POST', `/api/admin/organizations/${admin.organizationId}/subscription`, { paidUntil: '9999-12-31' }, systemAdmin.accessToken);
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(400);
    expect(res.body.error).toBe('paidUntil must be a date between 2000 and 2199');
  });

  it('refuses names with line breaks or control characters at sign-up, invitation acceptance and rename', async () => {
    const user = await signUpUser(server);
    const base = { supabaseUserId: user.userId, email: user.email, firstName: 'Ada', lastName: 'Lovelace', organizationName: 'Analytical' };
    for (const bad of [{ firstName: 'Ada\r\nBcc: x@example.org' }, { lastName: 'Love\u0007lace' }, { organizationName: 'Evil\nOrg' }, { contactName: 'Con\u2028tact' }]) {
      const res = await server.json('POST', '/api/auth/signup', { ...base, ...bad }, user.accessToken);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error).toBe(NAME_CONTROL_MESSAGE);
    }
    const rename = await server.json('PUT', '/api/organization/update', { name: 'Acme\r\nResearch' }, admin.accessToken);
    expect(rename.status).toBe(400);
    expect(rename.body.error).toBe(NAME_CONTROL_MESSAGE);
    expect((await server.json('PUT', '/api/organization/update', { name: '  Acme Research  ' }, admin.accessToken)).status).toBe(200);

    const invite = await server.json('POST', '/api/auth/invite', { email: 'names@example.org', organizationId: admin.organizationId }, admin.accessToken);
    expect(invite.status).toBe(201);
    const token = inviteTokenFor(server, 'names@example.org');
    const accept = await server.json('POST', '/api/auth/accept-invite', { token, firstName: 'Mal\nlory', lastName: 'M', password: 'Long-enough-password-1' });
    expect(accept.status).toBe(400);
    expect(accept.body.error).toBe(NAME_CONTROL_MESSAGE);
  });
});
