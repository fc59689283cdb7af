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
//   const list = await bodyOf(api.admin.users.$get({ query: {} }));          // asserts 200, typed body
//   const refused = await refusalOf(api.admin.users.$get({ query: {} }), 403); // { error, code, … }
// `server.json(method, path, body, token)` stays for what the type cannot express: malformed
// bodies and ids, unknown routes, missing headers (the security and invalid-input tests).
import { hc } from 'hono/client';
import { expect } from 'vitest';
import type { ApiErrorBody } from '#domain/errors.ts';
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

/** What the helpers below need of a typed-client answer (one route's `ClientResponse`, or a union of them). */
interface Answer {
  status: number;
  json(): Promise<unknown>;
}

/** The body a route declares for its success, from its `c.json(...)` (a union when it declares several). */
export type BodyOf<R extends Answer> = Awaited<ReturnType<R['json']>>;

/**
 * The body of a refused request. Refusals come from the one error handler (server/lib/error-handler.ts:
 * `{ error, code, details? }` plus an AppError's extra fields), not from the route, so no route's
 * type carries them: this is their declared shape (domain/errors.ts).
 */
export type Refusal = ApiErrorBody & Record<string, unknown>;

/** Asserts the answer's status (200 unless given) and returns its body, typed from the route. */
export async function bodyOf<R extends Answer>(res: R | Promise<R>, status = 200): Promise<BodyOf<R>> {
  const answer = await res;
  const body = await answer.json();
  expect(answer.status, JSON.stringify(body)).toBe(status);
  return body as BodyOf<R>;
}

/** Asserts the answer's (error) status and returns the error handler's body. */
export async function refusalOf(res: Answer | Promise<Answer>, status: number): Promise<Refusal> {
  const answer = await res;
  const body = await answer.json();
  expect(answer.status, JSON.stringify(body)).toBe(status);
  return body as Refusal;
}
