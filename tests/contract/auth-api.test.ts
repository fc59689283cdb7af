// The embedded provider at the HTTP level (app.request): key check, error shape, bad input, JWKS, CORS, logout scopes.
import { beforeEach, describe, expect, it } from 'vitest';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signInUser, signUpUser } from '#tests/setup/auth.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';

const expectAuthError = (res: { status: number; body: any; headers: Headers }, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ code, error_code: code });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.msg).toBe(res.body.message);
  expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
};

describe.each([TEST_DRIVER])('embedded auth API (%s)', (driver) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(driver);
  });

  const raw = (path: string, init: RequestInit = {}) => server.app.request(`/auth/v1${path}`, init);
  const asJson = async (res: Response) => ({ status: res.status, body: (await res.json()) as any, headers: res.headers });

  it('requires the anon key in the apikey header', async () => {
    expectAuthError(await asJson(await raw('/settings')), 401, 'no_api_key');
    expectAuthError(await asJson(await raw('/settings', { headers: { apikey: 'wrong' } })), 401, 'invalid_api_key');
    const ok = await raw('/settings', { headers: { apikey: EMBEDDED_ANON_KEY } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: false });
    expect((await raw('/health', { headers: { apikey: EMBEDDED_ANON_KEY } })).status).toBe(200);
  });

  it('publishes the ES256 public key (no private parts) with a 10 minute cache', async () => {
    const res = await raw('/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(keys[0]).not.toHaveProperty('d');
    const user = await signUpUser(server);
    const header = JSON.parse(Buffer.from(user.accessToken.split('.')[0]!, 'base64url').toString()) as { kid: string };
    expect(header.kid).toBe(keys[0]!.kid);
  });

  it.each([
    ['POST', '/signup', 'not json', 400, 'bad_json'],
    ['POST', '/signup', '[1,2]', 400, 'bad_json'],
    ['POST', '/signup', '{}', 400, 'validation_failed'],
    ['POST', '/signup', '{"email":"nope","password":"Long-enough-1"}', 400, 'validation_failed'],
    ['POST', '/signup', '{"email":"a@b.co","password":12345678}', 400, 'validation_failed'],
    ['POST', '/signup', '{"email":"a@b.co"}', 400, 'validation_failed'],
    ['POST', '/signup', `{"email":"a@b.co","password":"${'x'.repeat(73)}"}`, 400, 'validation_failed'],
    ['POST', '/signup', '{"email":"a@b.co","password":"Long-enough-1","data":"x"}', 400, 'validation_failed'],
    ['POST', '/token', '{}', 400, 'invalid_credentials'],
    ['POST', '/token?grant_type=pkce', '{"auth_code":"x"}', 400, 'invalid_credentials'],
    ['POST', '/token?grant_type=password', '{"password":"x"}', 400, 'validation_failed'],
    ['POST', '/token?grant_type=password', '{"email":{"$ne":1},"password":"x"}', 400, 'validation_failed'],
    ['POST', '/token?grant_type=password', '{"email":"a@b.co"}', 400, 'invalid_credentials'],
    ['POST', '/token?grant_type=refresh_token', '{}', 400, 'validation_failed'],
    ['POST', '/token?grant_type=refresh_token', '{"refresh_token":42}', 400, 'validation_failed'],
    ['POST', '/recover', '{}', 400, 'validation_failed'],
    ['POST', '/recover', 'null', 400, 'bad_json'],
    ['POST', '/verify', '{"type":"magiclink","token_hash":"x"}', 400, 'validation_failed'],
    ['POST', '/verify', '{"type":"signup","token_hash":"x","password":"x"}', 403, 'otp_expired'],
    ['POST', '/verify', '{"type":"signup","token_hash":"x"}', 400, 'validation_failed'],
    ['POST', '/resend', '{"type":"sms","email":"a@b.co"}', 400, 'validation_failed'],
    ['POST', '/verify', '{"type":"recovery"}', 400, 'validation_failed'],
    ['GET', '/user', undefined, 401, 'no_authorization'],
    ['PUT', '/user', '{}', 401, 'no_authorization'],
    ['POST', '/logout', '', 401, 'no_authorization'],
    ['GET', '/nope', undefined, 404, 'not_found'],
  ])('%s %s %s → %i %s', async (method, path, body, status, code) => {
    const res = await raw(path, {
      method,
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json;charset=UTF-8' },
      body: body as string | undefined,
    });
    expectAuthError(await asJson(res), status, code);
  });

  it('answers 413 for oversized bodies and 403 bad_jwt for forged tokens', async () => {
    const big = await raw('/signup', {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(100_000) }),
    });
    expectAuthError(await asJson(big), 413, 'request_too_large');
    const user = await signUpUser(server);
    const [h, p] = user.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url')}.${user.accessToken.split('.')[2]}`;
    expectAuthError(await server.json('GET', '/auth/v1/user', undefined, forged), 403, 'bad_jwt');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    expectAuthError(await server.json('GET', '/auth/v1/user', undefined, none), 403, 'bad_jwt');
    await expect(server.deps.tokens.verify(forged)).rejects.toMatchObject({ status: 401 });
  });

  it('PUT /user tolerates unknown fields, merges data and refuses e-mail changes', async () => {
    const user = await signUpUser(server, { data: { firstName: 'Ada', role: 'x' } });
    const res = await server.json('PUT', '/auth/v1/user', { data: { lastName: 'L', role: null }, code_challenge: null, nonce: undefined }, user.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.user_metadata).toEqual({ firstName: 'Ada', lastName: 'L' });
    expectAuthError(await server.json('PUT', '/auth/v1/user', { email: 'other@x.co' }, user.accessToken), 400, 'validation_failed');
  });

  it('logout: empty JSON body accepted; local, others and global scopes; bad scope is 400', async () => {
    const a = await signUpUser(server);
    const b = await signInUser(server, a.email, a.password);
    const c = await signInUser(server, a.email, a.password);
    const logout = (token: string, scope?: string) =>
      raw(`/logout${scope ? `?scope=${scope}` : ''}`, {
        method: 'POST',
        headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json;charset=UTF-8' },
      });
    expectAuthError(await asJson(await logout(a.accessToken, 'everyone')), 400, 'validation_failed');

    expect((await logout(a.accessToken, 'others')).status).toBe(204);
    await expect(server.deps.tokens.verify(a.accessToken)).resolves.toMatchObject({ id: a.userId, email: a.email });
    await expect(server.deps.tokens.verify(b.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(server.deps.tokens.verify(c.accessToken)).rejects.toMatchObject({ status: 401 });

    const d = await signInUser(server, a.email, a.password);
    expect((await logout(a.accessToken, 'local')).status).toBe(204);
    await expect(server.deps.tokens.verify(a.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(server.deps.tokens.verify(d.accessToken)).resolves.toMatchObject({ id: a.userId });

    const e = await signInUser(server, a.email, a.password);
    expect((await logout(d.accessToken)).status).toBe(204);
    await expect(server.deps.tokens.verify(e.accessToken)).rejects.toMatchObject({ status: 401 });
    expectAuthError(await asJson(await logout(d.accessToken)), 403, 'session_not_found');
  });

  it('the API token verifier returns the identity and rejects ended sessions', async () => {
    const user = await signUpUser(server, { data: { firstName: 'Ada' } });
    await expect(server.deps.tokens.verify(user.accessToken)).resolves.toEqual({
      id: user.userId,
      email: user.email,
      sessionId: expect.any(String),
      userMetadata: { firstName: 'Ada' },
      emailConfirmed: true,
      aal: 'aal1',
      // read with the session (ADR 024); this user has no profile yet
      profile: null,
    });
    expect(server.deps.tokens.kind).toBe('embedded');
    await server.json('POST', '/auth/v1/logout', undefined, user.accessToken);
    await expect(server.deps.tokens.verify(user.accessToken)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    await expect(server.deps.tokens.verify('garbage')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('answers CORS preflights for the app origin only', async () => {
    const preflight = (origin: string) =>
      raw('/token?grant_type=password', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
        },
      });
    const ok = await preflight(server.deps.env.APP_URL);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(server.deps.env.APP_URL);
    expect(ok.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
    const res = await raw('/settings', { headers: { apikey: EMBEDDED_ANON_KEY, origin: server.deps.env.APP_URL } });
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });
});
