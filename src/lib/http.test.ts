// The one HTTP core (ADR 015) against the real Hono app (app.request on PGlite): error parsing,
// the token refresh after a 401, and the typed client's ApiError.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { type TestUser } from '#tests/setup/auth.ts';
import { makeUser } from '#tests/setup/factories.ts';
import { ApiError, apiClient, call, downloadFile, requestJson } from './api-client.ts';
import { exchange, failureFrom, fileNameFromDisposition, resultOf, TokenRefreshUnreachable, UNSAFE_PATH_MESSAGE, type FetchLike, type TokenGetter } from './http.ts';

let server: TestServer;
let user: TestUser;
let toServer: FetchLike;

beforeAll(async () => {
  server = await createTestServer('pglite');
  toServer = async (url, init) => server.app.request(url, init);
  user = await makeUser(server);
  // The profile and organization, made through the typed client itself (a typed POST).
  await call(apiClient({ token: user.accessToken, fetch: toServer }).auth.signup.$post({ json: { firstName: 'Ada', lastName: 'Lovelace', organizationName: 'Acme' } }));
});
afterAll(async () => {
  await server.close();
});

/** A token getter that hands out `stale` first and the real token on a refresh, recording the calls. */
function staleThenFresh(fresh: () => Promise<string | null>) {
  const calls: boolean[] = [];
  const getToken: TokenGetter = async ({ forceRefresh }) => {
    calls.push(forceRefresh);
    return forceRefresh ? fresh() : 'stale-token';
  };
  return { calls, getToken };
}

describe('http core: one failure type', () => {
  it("reports the server's message and code for a non-2xx answer", async () => {
    const got = await exchange({ fetch: toServer }, '/api/no-such-route');
    if (!got.ok) throw new Error('expected an answer');
    expect(await resultOf(got.res)).toEqual({ ok: false, kind: 'http', status: 404, message: 'No such API endpoint', code: 'not_found' });
  });

  it('says "HTTP {status}" for an answer without a message, with Retry-After in ms', () => {
    const res = new Response('<html>bad gateway</html>', { status: 502, headers: { 'retry-after': '3' } });
    expect(failureFrom(res, '<html>bad gateway</html>', 0)).toEqual({ ok: false, kind: 'http', status: 502, message: 'HTTP 502', retryAfterMs: 3_000 });
    expect(failureFrom(new Response(null, { status: 500 }), { error: '   ' })).toMatchObject({ message: 'HTTP 500' });
  });

  it('says "Request failed" (status 0) when there was no answer at all', async () => {
    const got = await exchange({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) }, '/api/health');
    expect(got).toEqual({ ok: false, kind: 'network', status: 0, message: MSG.requestFailed });
  });

  it('keeps the server details (the evidence offset travels in them)', () => {
    const res = new Response(null, { status: 409 });
    expect(failureFrom(res, { error: 'Offset mismatch', code: 'conflict', details: { offset: 42 } })).toMatchObject({ status: 409, code: 'conflict', details: { offset: 42 } });
  });
});

describe('http core: the token', () => {
  it('refreshes once after a 401 and sends again with the fresh token', async () => {
    const token = staleThenFresh(async () => user.accessToken);
    const got = await exchange({ getToken: token.getToken, fetch: toServer }, '/api/auth/profile');
    if (!got.ok) throw new Error('expected an answer');
    expect(got.res.status).toBe(200);
    expect(token.calls).toEqual([false, true]);
  });

  it('does not refresh when the caller refreshes itself (the sync engine)', async () => {
    const token = staleThenFresh(async () => user.accessToken);
    const got = await exchange({ getToken: token.getToken, fetch: toServer }, '/api/auth/profile', {}, { retryOn401: false });
    if (!got.ok) throw new Error('expected an answer');
    expect(got.res.status).toBe(401);
    expect(token.calls).toEqual([false]);
  });

  it('keeps the 401 when the refresh cannot reach the auth server: offline is not signed out', async () => {
    const token = staleThenFresh(async () => {
      throw new TokenRefreshUnreachable();
    });
    const got = await exchange({ getToken: token.getToken, fetch: toServer }, '/api/auth/profile');
    if (!got.ok) throw new Error('expected an answer');
    expect(got).toMatchObject({ sentToken: true, refreshUnreachable: true });
    expect(got.res.status).toBe(401);
  });

  it('sends nothing without a token when the caller requires one', async () => {
    let sent = false;
    const got = await exchange({ getToken: async () => null, fetch: async () => ((sent = true), new Response('{}')), noTokenMessage: 'Sign in to sync' }, '/api/sync/push');
    expect(got).toEqual({ ok: false, kind: 'http', status: 401, code: 'unauthorized', message: 'Sign in to sync' });
    expect(sent).toBe(false);
  });
});

describe('typed client over the core', () => {
  it("returns the server's typed answer", async () => {
    const profile = await call(apiClient({ token: user.accessToken, fetch: toServer }).auth.profile.$get());
    expect(profile.organization?.name).toBe('Acme');
  });

  it('throws one ApiError carrying the failure value', async () => {
    const error = await call(apiClient({ token: user.accessToken, fetch: toServer }).assessments[':id'].$get({ param: { id: crypto.randomUUID() } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const failure = (error as ApiError).failure;
    expect(failure).toMatchObject({ ok: false, kind: 'http', status: (error as ApiError).status });
    expect([403, 404]).toContain(failure.status);
    expect((error as ApiError).message).toBe(failure.message);
    expect((error as ApiError).serverMessage).toBe(failure.message);
  });

  it('a network failure is an ApiError with isNetworkError', async () => {
    const offline: FetchLike = async () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await call(apiClient({ auth: false, fetch: offline }).health.$get()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect((error as ApiError).message).toBe(MSG.requestFailed);
  });
});

describe('the path a request may take', () => {
  /** A fetch to the real app that records every path it was asked for. */
  const recording = () => {
    const paths: string[] = [];
    const fetch: FetchLike = async (url, init) => (paths.push(url), server.app.request(url, init));
    return { paths, fetch };
  };
  const refused = { ok: false, kind: 'http', status: 400, code: 'invalid_path', message: UNSAFE_PATH_MESSAGE };

  it('refuses a token-carrying request whose raw path leaves its route, before any token or fetch', async () => {
    const net = recording();
    let tokens = 0;
    const core = { getToken: async () => (tokens++, user.accessToken), fetch: net.fetch };
    for (const path of [
      '/api/assessments/../admin/users',
      '/api/assessments/%2e%2E/admin/users',
      '/api/assessments/./x',
      '/api/assessments/..%2Fadmin%2Fusers',
      '/api/assessments/..%5cadmin',
      '/api/assessments/..\\admin',
      '/api/assessments/%E0%A4%A',
      '/admin/users',
      'https://elsewhere.example/api/assessments',
    ]) {
      expect(await exchange(core, path), path).toEqual(refused);
    }
    expect(net.paths).toEqual([]);
    expect(tokens).toBe(0);
    // A query string is not part of the path; a public call may go to the auth provider's absolute URL.
    expect(await exchange({ fetch: async () => new Response('{}') }, 'https://auth.example/auth/v1/verify?x=..')).toMatchObject({ ok: true });
  });

  it('downloadFile and requestJson are refused the same way, and no request is made', async () => {
    const net = recording();
    await expect(downloadFile('/api/assessments/../admin/users/report.pdf')).rejects.toMatchObject({ failure: refused });
    await expect(requestJson('/api/../auth/v1/verify', { method: 'POST', json: {} }, { token: user.accessToken, fetch: net.fetch })).rejects.toMatchObject({ failure: refused });
    expect(net.paths).toEqual([]);
  });

  it('the typed client encodes a param once: a link id stays inside its segment, and a plain id still works', async () => {
    const net = recording();
    const api = apiClient({ token: user.accessToken, fetch: net.fetch });
    const error = await call(api.assessments[':id'].$get({ param: { id: '..%2Fadmin%2Fusers' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(net.paths).toEqual(['/api/assessments/..%252Fadmin%252Fusers']);
    // `..` alone cannot be encoded away: the core refuses it without a request.
    await expect(call(api.assessments[':id'].$get({ param: { id: '..' } }))).rejects.toMatchObject({ failure: refused });
    expect(net.paths).toHaveLength(1);
    const orgId = (await call(api.auth.profile.$get())).organization!.id;
    const members = await call(api.organizations[':orgId'].users.$get({ param: { orgId } }));
    expect(members.map((m) => m.email)).toEqual([user.email]);
    expect(net.paths.at(-1)).toBe(`/api/organizations/${orgId}/users`);
  });
});

describe('Content-Disposition (one parser for reports and evidence)', () => {
  it('prefers the UTF-8 form, falls back to the quoted one, else null', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`)).toBe('Résumé.pdf');
    expect(fileNameFromDisposition('attachment; filename="plain.xlsx"')).toBe('plain.xlsx');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.docx"`)).toBe('fallback.docx');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
