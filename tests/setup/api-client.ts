// A typed API client for tests: Hono's `hc<ApiType>` (the type the pages' client is built from,
// server/app.ts and ADR 015) over the real app's `app.request`, no network. Paths, parameters,
// bodies and answers come from the server's routes, so a renamed route, field or parameter fails
// `npx tsc -b` in the tests that use it, not at run time.
//
// How a new API test uses it:
//   const api = apiClient(server, member.accessToken);
//   const res = await api.deadlines.$get();
//   expect(res.status).toBe(200);
//   const deadlines = await res.json();          // typed from the route's c.json(...)
//   await api.assessments[':id'].defer.$post({ param: { id }, json: { … } });
// `server.json(method, path, body, token)` stays for what the type cannot express: malformed
// bodies and ids, unknown routes, missing headers (the security and invalid-input tests).
import { hc } from 'hono/client';
import type { ApiType } from '#server/app.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import type { TestServer } from './app.ts';

/** The typed client of `server`'s /api, as the user with `accessToken` (none: anonymous). */
export function apiClient(server: Pick<TestServer, 'app'>, accessToken?: string) {
  return hc<ApiType>('http://localhost/api', {
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => server.app.request(input, init)) as typeof fetch,
    headers: { apikey: EMBEDDED_ANON_KEY, ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
  });
}

export type ApiClient = ReturnType<typeof apiClient>;
