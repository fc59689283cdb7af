// How the engine reaches the server, through the one HTTP core (src/lib/http.ts, ADR 015).
// The token is fetched at send time (never frozen into a queue).
import type { PullResponse, PushResponse } from '#domain/contracts/sync.ts';
import { exchange, resultOfExchanged, type ExchangeOptions, type FetchLike, type HttpResult, type TokenGetter } from '../lib/http.ts';

export interface PushBody {
  clientId: string;
  pendingCount: number;
  mutations: Array<{
    id: string;
    kind: string;
    assessmentId: string;
    payload: unknown;
    baseVersion: number | null;
    clientTs: number;
  }>;
}

/** `forceRefresh`: ask the token getter for a fresh token (the engine's own retry after a 401). */
type RefreshOption = Pick<ExchangeOptions, 'forceRefresh'>;

export interface SyncTransport {
  push(body: PushBody, opts?: RefreshOption): Promise<HttpResult<PushResponse>>;
  pull(assessmentId: string, since: string | null, opts?: RefreshOption): Promise<HttpResult<PullResponse>>;
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
  async function call<T>(path: string, init: RequestInit, callOpts: RefreshOption = {}): Promise<HttpResult<T>> {
    const got = await exchange(core, path, init, { forceRefresh: callOpts.forceRefresh ?? false, retryOn401: false });
    if (!got.ok) return got;
    // A 403 saying the user's access ended signs them out like any other API call (resultOfExchanged).
    const result = await resultOfExchanged<T>(got, now());
    if (result.ok && (typeof result.value !== 'object' || result.value === null)) {
      return { ok: false, kind: 'http', status: got.res.status, message: 'Unexpected response from the server' };
    }
    return result;
  }

  return {
    push: (body, callOpts) =>
      call<PushResponse>('/api/sync/push', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }, callOpts),
    pull: (assessmentId, since, callOpts) => {
      const q = new URLSearchParams({ assessmentId });
      if (since) q.set('since', since);
      return call<PullResponse>(`/api/sync/pull?${q.toString()}`, { method: 'GET' }, callOpts);
    },
  };
}
