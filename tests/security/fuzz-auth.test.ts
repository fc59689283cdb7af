// Property-based fuzzing of every /auth/v1 endpoint of the embedded provider: hostile bodies,
// content types, query strings (grant_type, type, scope, redirect_to...) and apikey headers,
// anonymous and with a valid session. Never a 5xx; every refusal is a Supabase-shaped
// { code, msg | message }. After every accepted change (a 2xx PUT/POST as the signed-in user), that
// user must still sign in, refresh and load: a PUT /user that stored bad metadata once answered 200
// and then made every later sign-in and refresh of the user fail with 500. PGlite only.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { createTestServer } from '#tests/setup/app.ts';
import { signInUser, signUpUser, type TestUser } from '#tests/setup/auth.ts';
import { fuzzBody, nastyString, send, type FuzzBody, type Sent } from './fuzz-inputs.ts';
import { registeredRoutes } from './fuzz-world.ts';

const NUM_RUNS = 200;
const server = await createTestServer('pglite');
const endpoints = registeredRoutes(server, '/auth/v1/');

/** One user per endpoint, so a fuzzed password change or logout never disturbs another endpoint. */
const sessions = new Map<string, TestUser>();
async function sessionFor(key: string): Promise<TestUser> {
  let user = sessions.get(key);
  if (!user) {
    user = await signUpUser(server);
    sessions.set(key, user);
  }
  return user;
}

const QUERY_VALUES: Record<string, string[]> = {
  grant_type: ['password', 'refresh_token', 'pkce', 'id_token', 'client_credentials', ''],
  type: ['recovery', 'signup', 'magiclink', 'invite', 'email_change', ''],
  scope: ['global', 'local', 'others', 'everyone', ''],
  redirect_to: ['https://evil.example/x', 'http://localhost:3999/ok', 'javascript:alert(1)', '//evil.example', ''],
  token: ['', 'x', 'A'.repeat(43)],
};

const authQuery = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .dictionary(
        fc.constantFrom(...Object.keys(QUERY_VALUES), 'token_hash', 'email', 'x'),
        fc.oneof(nastyString, fc.constantFrom(...Object.values(QUERY_VALUES).flat())),
        { maxKeys: 3 },
      )
      .map((d) => {
        const s = new URLSearchParams(d).toString();
        return s ? `?${s}` : '';
      }),
  },
  // The real grants, so hostile bodies reach the password and refresh handlers (a NUL e-mail was a 500).
  { weight: 1, arbitrary: fc.constantFrom('?grant_type=password', '?grant_type=password', '?grant_type=refresh_token') },
);

const apikeyHeader = fc.constantFrom<Record<string, string>>(
  { apikey: EMBEDDED_ANON_KEY },
  { apikey: EMBEDDED_ANON_KEY },
  {},
  { apikey: 'wrong-key' },
  { authorization: `Bearer ${EMBEDDED_ANON_KEY}` },
);

function expectAuthAnswer(res: Sent, what: string) {
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    const message: unknown = res.json?.msg ?? res.json?.message;
    expect(typeof res.json?.code === 'string' || typeof res.json?.code === 'number', `${what} → ${res.status} without a code: ${res.text.slice(0, 300)}`).toBe(true);
    expect(typeof message === 'string' && message.trim().length > 0, `${what} → ${res.status} without msg/message: ${res.text.slice(0, 300)}`).toBe(true);
  }
}

/** Whether an accepted body may have changed what is stored for the user (metadata, password): worth a follow-up. */
const storesUserState = (body: FuzzBody) => typeof body.body === 'string' && /"(data|password)"/.test(body.body);

/** Sign-in, refresh and GET /user of `user` after an accepted change: never a 5xx. Returns the renewed session. */
async function followUp(user: TestUser, what: string): Promise<TestUser> {
  const headers = { apikey: EMBEDDED_ANON_KEY };
  const json = (o: unknown): FuzzBody => ({ body: JSON.stringify(o), contentType: 'application/json', label: 'follow-up' });
  const signIn = await send(server.app, 'POST', '/auth/v1/token?grant_type=password', json({ email: user.email, password: user.password }), headers);
  expectAuthAnswer(signIn, `sign-in after ${what}`);
  const refresh = await send(server.app, 'POST', '/auth/v1/token?grant_type=refresh_token', json({ refresh_token: user.refreshToken }), headers);
  expectAuthAnswer(refresh, `refresh after ${what}`);
  const session = refresh.status === 200 ? refresh.json : signIn.status === 200 ? signIn.json : null;
  const next = session ? { ...user, accessToken: session.access_token as string, refreshToken: session.refresh_token as string } : user;
  expectAuthAnswer(await send(server.app, 'GET', '/auth/v1/user', { label: 'follow-up' }, { ...headers, authorization: `Bearer ${next.accessToken}` }), `GET /user after ${what}`);
  return next;
}

describe('auth provider fuzzing (pglite)', () => {
  afterAll(async () => server.close());

  it('finds every /auth/v1 endpoint', () => {
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining(['POST /auth/v1/signup', 'POST /auth/v1/token', 'PUT /auth/v1/user', 'POST /auth/v1/logout', 'POST /auth/v1/recover', 'GET /auth/v1/verify', 'POST /auth/v1/verify']),
    );
  });

  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', { timeout: 600_000 }, async (name, endpoint) => {
    let user = await sessionFor(name);
    let loggedOut = 0;
    await fc.assert(
      fc.asyncProperty(authQuery, fuzzBody, apikeyHeader, fc.boolean(), async (query, body, key, garbageToken) => {
        const path = endpoint.path + query;
        const what = `${endpoint.method} ${path} [${body.label}]`;
        const anonymous = garbageToken ? { ...key, authorization: 'Bearer not.a.jwt' } : key;
        expectAuthAnswer(await send(server.app, endpoint.method, path, body, anonymous), `anonymous ${what}`);
        const signedIn = { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${user.accessToken}` };
        const res = await send(server.app, endpoint.method, path, body, signedIn);
        expectAuthAnswer(res, `signed-in ${what}`);
        if (endpoint.path === '/auth/v1/logout' && res.status === 204) {
          // That session is over: continue with a fresh one so every run is authenticated.
          loggedOut += 1;
          user = await signInUser(server, user.email, user.password);
        } else if (endpoint.method !== 'GET' && res.status >= 200 && res.status < 300 && storesUserState(body)) {
          // A password change (the fuzzed body's password) makes the sign-in a 400; the refresh still proves the rest.
          user = await followUp(user, `signed-in ${what}`);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    if (endpoint.path === '/auth/v1/logout') expect(loggedOut).toBeGreaterThan(0);
  });

  it('answers unknown /auth/v1 paths with a Supabase-shaped 404', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), fc.webPath(), fuzzBody, async (method, p, body) => {
        const path = `/auth/v1/zz${p}`;
        const res = await send(server.app, method, path, body, { apikey: EMBEDDED_ANON_KEY });
        expectAuthAnswer(res, `${method} ${path}`);
        expect([404, 413], 'unknown endpoint (or a body over the 64 KB limit)').toContain(res.status);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
