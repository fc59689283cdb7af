// How the engine reaches the server: POST /api/sync/push and GET /api/sync/pull through the typed
// client (./server-api.ts), so the bodies and answers are the routes' own types (server/features/sync).
// The token is fetched at send time (never frozen into a queue).
import type { InferRequestType } from 'hono/client';
import type { ExchangeOptions, FetchLike, HttpResult, TokenGetter } from '../lib/http.ts';
import { callApi, type Api, type OkBody } from './server-api.ts';

type PushCall = Api['sync']['push']['$post'];
type PullCall = Api['sync']['pull']['$get'];
/** POST /api/sync/push's body: the mutations, and the assessments to pull once they are applied. */
export type PushBody = InferRequestType<PushCall>['json'];
/** What the route answers a push: per-item results, and the pull states asked for. */
export type PushAnswer = OkBody<Awaited<ReturnType<PushCall>>>;
/** What GET /api/sync/pull answers: one assessment's state since the cursor. */
export type PullAnswer = OkBody<Awaited<ReturnType<PullCall>>>;

/** `forceRefresh`: ask the token getter for a fresh token (the engine's own retry after a 401). */
type RefreshOption = Pick<ExchangeOptions, 'forceRefresh'>;

export interface SyncTransport {
  push(body: PushBody, opts?: RefreshOption): Promise<HttpResult<PushAnswer>>;
  pull(assessmentId: string, since: string | null, opts?: RefreshOption): Promise<HttpResult<PullAnswer>>;
}

export type { FetchLike, TokenGetter };

export interface FetchTransportOptions {
  getToken: TokenGetter;
  /** Origin prefix for the API ('' = same origin). */
  baseUrl?: string;
  fetch?: FetchLike;
  now?: () => number;
}

export function createFetchTransport(opts: FetchTransportOptions): SyncTransport {
  const core = { getToken: opts.getToken, fetch: opts.fetch, baseUrl: opts.baseUrl, noTokenMessage: 'Sign in to sync' };
  const now = opts.now ?? Date.now;

  // The engine refreshes the token itself after a 401 (src/sync/engine.ts, src/sync/pull.ts).
  async function call<R>(request: (api: Api) => Promise<R>, callOpts: RefreshOption = {}): Promise<HttpResult<OkBody<R>>> {
    const result = await callApi(core, request, { forceRefresh: callOpts.forceRefresh ?? false, retryOn401: false, now: now() });
    if (result.ok && (typeof result.value !== 'object' || result.value === null)) {
      return { ok: false, kind: 'http', status: 200, message: 'Unexpected response from the server' };
    }
    return result;
  }

  return {
    push: (json, callOpts) => call((api) => api.sync.push.$post({ json }), callOpts),
    pull: (assessmentId, since, callOpts) => call((api) => api.sync.pull.$get({ query: { assessmentId, since: since ?? undefined } }), callOpts),
  };
}
