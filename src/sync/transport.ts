// How the engine reaches the server. The token is fetched at send time (never frozen into a queue).
import type { PullResponse, PushResponse } from '#domain/contracts/sync.ts';
import { parseRetryAfter } from './backoff.ts';

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

export type TransportFailure =
  | { ok: false; kind: 'network'; message: string }
  | { ok: false; kind: 'http'; status: number; code?: string; message: string; retryAfterMs?: number };

export type TransportResult<T> = { ok: true; value: T } | TransportFailure;

export interface CallOptions {
  /** Ask the token getter for a fresh token (after a 401). */
  forceRefresh?: boolean;
}

export interface SyncTransport {
  push(body: PushBody, opts?: CallOptions): Promise<TransportResult<PushResponse>>;
  pull(assessmentId: string, since: string | null, opts?: CallOptions): Promise<TransportResult<PullResponse>>;
}

/** Returns the current access token, or null when nobody is signed in. */
export type TokenGetter = (opts: { forceRefresh: boolean }) => Promise<string | null>;
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface FetchTransportOptions {
  getToken: TokenGetter;
  /** Origin prefix for the API ('' = same origin). */
  baseUrl?: string;
  fetch?: FetchLike;
  now?: () => number;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function httpFailure(res: Response, body: unknown, nowMs: number): TransportFailure {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { error?: unknown; code?: unknown };
  return {
    ok: false,
    kind: 'http',
    status: res.status,
    code: typeof b.code === 'string' ? b.code : undefined,
    message: typeof b.error === 'string' ? b.error : `HTTP ${res.status}`,
    retryAfterMs: parseRetryAfter(res.headers.get('retry-after'), nowMs),
  };
}

export function createFetchTransport(opts: FetchTransportOptions): SyncTransport {
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => fetch(input, init));
  const now = opts.now ?? Date.now;
  const base = opts.baseUrl ?? '';

  async function call<T>(path: string, init: RequestInit, callOpts: CallOptions = {}): Promise<TransportResult<T>> {
    const token = await opts.getToken({ forceRefresh: callOpts.forceRefresh ?? false });
    if (!token) return { ok: false, kind: 'http', status: 401, code: 'unauthorized', message: 'Sign in to sync' };
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    headers.set('accept', 'application/json');
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, headers });
    } catch (err) {
      return { ok: false, kind: 'network', message: err instanceof Error ? err.message : 'Network error' };
    }
    let body: unknown;
    try {
      body = await readJson(res);
    } catch (err) {
      // The connection dropped while the body was read: as good as no answer.
      return { ok: false, kind: 'network', message: err instanceof Error ? err.message : 'Network error' };
    }
    if (!res.ok) return httpFailure(res, body, now());
    if (typeof body !== 'object' || body === null) return { ok: false, kind: 'http', status: res.status, message: 'Unexpected response from the server' };
    return { ok: true, value: body as T };
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
