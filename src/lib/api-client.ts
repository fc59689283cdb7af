// The pages' client for our API (ADR 015): Hono's typed client `hc<ApiType>` over the one HTTP
// core (./http.ts). The token comes from ./access-token.ts and is refreshed once on a 401; every
// failure is thrown as one ApiError carrying the core's HttpFailure.
import { hc, type ClientResponse } from 'hono/client';
import type { ApiType } from '../../server/app.ts';
import { getAccessToken } from './access-token.ts';
import { exchange, failureFrom, reportAuthFailure, fileNameFromDisposition, readBody, type FetchLike, type HttpCore, type HttpFailure } from './http.ts';

export { errorMessageFrom } from './http.ts';

/** A failed API call: the core's failure value, plus the parsed error body for routes that send extra fields. */
export class ApiError extends Error {
  readonly failure: HttpFailure;
  /** The parsed response body (null without one), e.g. `{ assessmentId }` on an already-started assessment. */
  readonly body: unknown;
  constructor(failure: HttpFailure, body: unknown = null) {
    super(failure.message);
    this.name = 'ApiError';
    const text = (typeof body === 'object' && body !== null ? body : {}) as { error?: unknown };
    this.failure = typeof text.error === 'string' && text.error.trim() ? { ...failure, serverMessage: text.error } : failure;
    this.body = body;
  }
  get status(): number {
    return this.failure.status;
  }
  get code(): string | undefined {
    return this.failure.code;
  }
  get details(): unknown {
    return this.failure.details;
  }
  /** The server's own `error` text, when it sent one. */
  get serverMessage(): string | undefined {
    return this.failure.serverMessage;
  }
  /** True when the request never reached the server (offline, DNS, CORS). */
  get isNetworkError(): boolean {
    return this.failure.kind === 'network';
  }
}

export { authFailureOf, onAuthFailure, type AuthFailure } from './http.ts';

export interface CallOptions {
  /** false for the public endpoints (no token attached). */
  auth?: boolean;
  /** Use this access token instead of the stored session (sign-up flows); not refreshed. */
  token?: string;
  /** Another transport for the request (tests route it to the real app's `app.request`). */
  fetch?: FetchLike;
}

/**
 * The fetch the typed client runs on: the core's exchange with the session's token, a 2xx
 * response returned as is, anything else thrown as ApiError (after telling the session provider
 * when it means the user's access ended).
 */
export async function apiFetch(path: string, init: RequestInit = {}, opts: CallOptions = {}): Promise<Response> {
  const token = opts.token;
  const getToken = token !== undefined ? async () => token : opts.auth === false ? undefined : getAccessToken;
  const core: HttpCore = { getToken, fetch: opts.fetch };
  const got = await exchange(core, path, init, { retryOn401: token === undefined });
  if (!got.ok) throw new ApiError(got);
  if (got.res.ok) return got.res;
  const body = await readBody(got.res).catch(() => null);
  const failure = failureFrom(got.res, body);
  reportAuthFailure(failure, got.sentToken && token === undefined, got.refreshUnreachable);
  throw new ApiError(failure, body);
}

/** A path parameter as one URL segment: encoded once, so `/` or `?` in a value cannot leave its segment. */
const encodeParam = (value: unknown) => (typeof value === 'string' ? encodeURIComponent(value) : value);

/**
 * Hono's client with every `param` value encoded: hc puts path parameters into the URL as given
 * (hono/client `replaceUrlParam`), so a value from a link could add segments. The core still
 * refuses a path that leaves its route (http.ts `unsafePath`).
 */
function encodingParams<T extends object>(node: T): T {
  return new Proxy(node, {
    get: (target, key) => {
      const next: unknown = Reflect.get(target, key);
      return typeof next === 'function' ? encodingParams(next) : next;
    },
    apply: (target, thisArg, args: unknown[]) => {
      const [first, ...rest] = args;
      const param = (first as { param?: Record<string, unknown> } | undefined)?.param;
      const encoded = param ? { ...(first as object), param: Object.fromEntries(Object.entries(param).map(([k, v]) => [k, encodeParam(v)])) } : first;
      return Reflect.apply(target as (...a: unknown[]) => unknown, thisArg, [encoded, ...rest]);
    },
  });
}

/** The typed client for /api (server/app.ts `ApiType`), with these call options. */
export function apiClient(opts: CallOptions = {}) {
  return encodingParams(hc<ApiType>('/api', { fetch: ((input: RequestInfo | URL, init?: RequestInit) => apiFetch(String(input), init, opts)) as typeof fetch }));
}

/** The signed-in user's typed client: `await call(client.assessments[':id'].$get({ param: { id } }))`. */
export const client = apiClient();
/** The typed client for the public endpoints (no token attached). */
export const publicClient = apiClient({ auth: false });

/** The parsed body of a typed call (null for an empty 2xx); failures were already thrown as ApiError. */
export async function call<T>(request: Promise<ClientResponse<T, number, 'json'>>): Promise<T> {
  return (await readBody((await request) as unknown as Response)) as T;
}

/**
 * A JSON call outside the typed /api routes (the embedded auth provider's /auth/v1/verify):
 * the same core and ApiError, with the answer's type declared by the caller.
 */
export async function requestJson<T>(url: string, init: { method: string; json?: unknown; headers?: Record<string, string> }, opts: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return (await readBody(await apiFetch(url, { method: init.method, headers, body }, opts))) as T;
}

/** `{ init: { signal } }`: the per-call options that make a typed call abortable. */
export const abortable = (signal?: AbortSignal) => ({ init: { signal } });

/** Downloads a file with the session's token: its bytes, type and the server's file name (Content-Disposition). */
export async function downloadFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await apiFetch(path, { headers: { accept: '*/*' } });
  return { blob: await res.blob(), fileName: fileNameFromDisposition(res.headers.get('content-disposition')) };
}
