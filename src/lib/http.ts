// The one HTTP core of the client (ADR 015): every request to our API, from a page, the sync
// engine, the evidence uploader or a download, goes through `exchange` here, and every non-2xx
// answer or network failure becomes one `HttpFailure`. DOM-free and supabase-free: the service
// worker's Background Sync drain (src/sync/sw-drain.ts) uses it too, with a token it was handed.
import { MSG } from '#domain/messages.ts';

/** The longest a server's Retry-After is honoured (the sync backoff's own ceiling, ADR 005). */
export const RETRY_AFTER_MAX_MS = 5 * 60_000;

/** Retry-After as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(RETRY_AFTER_MAX_MS, Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, at - nowMs));
}

/** Returns the current access token (a fresh one with `forceRefresh`), or null when nobody is signed in. */
export type TokenGetter = (opts: { forceRefresh: boolean }) => Promise<string | null>;
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Why a server call failed: no answer at all (`network`, status 0) or a non-2xx answer (`http`). */
export interface Failure {
  ok: false;
  kind: 'network' | 'http';
  /** 0 when the request never got an answer. */
  status: number;
  /** What the UI can show: the response's message, else "HTTP {status}", else "Request failed". */
  message: string;
  /** The server's machine-readable `code` (server/lib/app-error.ts), when it sent one. */
  code?: string;
  /** The server's own `error` text, when it sent one (the pages' calls only: src/lib/api-client.ts). */
  serverMessage?: string;
  /** The server's `details` (e.g. the upload offset on a 409), when it sent some. */
  details?: unknown;
  /** The Retry-After header in ms, when the server sent one. */
  retryAfterMs?: number;
}

/**
 * The one result of a server call in the client (ADR 015): every read and write of a page
 * (src/lib/server-data), the sync engine and the evidence uploader.
 */
export type Result<T> = { ok: true; value: T } | Failure;
/** The names the sync transports (src/sync) use for the same two types. */
export type HttpFailure = Failure;
export type HttpResult<T> = Result<T>;

/** The response's message (`error`, else `message`), else "HTTP {status}", else "Request failed". */
export function errorMessageFrom(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const err = (body as { error?: unknown; message?: unknown }).error ?? (body as { message?: unknown }).message;
    if (typeof err === 'string' && err.trim()) return err;
  }
  return status > 0 ? MSG.httpStatus(status) : MSG.requestFailed;
}

/**
 * Why the API stopped accepting the signed-in user: removed from the organization, the
 * organization deleted, or the account disabled (403 with the server's code:
 * server/lib/caller.ts accessEndedError), or the session itself ended (401 after a failed
 * refresh, e.g. the embedded provider revoked it on removal). The session provider is the one
 * listener: it clears the device and returns to the sign-in page, so no page handles this itself.
 * Every caller of the API reports here: the pages (api-client.ts) and the sync engine's transport
 * (src/sync/transport.ts); in the service worker nobody listens.
 */
export type AuthFailure = 'removed' | 'organization_deleted' | 'disabled' | 'ended';
const authFailureListeners = new Set<(failure: AuthFailure) => void>();

export function onAuthFailure(fn: (failure: AuthFailure) => void): () => void {
  authFailureListeners.add(fn);
  return () => authFailureListeners.delete(fn);
}

const ENDED_BY_CODE: Record<string, AuthFailure> = { access_removed: 'removed', organization_deleted: 'organization_deleted', account_disabled: 'disabled' };

/** The ended access a failure stands for, decided by status and the server's `code` (never its message text). */
export function authFailureOf(failure: Pick<HttpFailure, 'status' | 'code'>, sentToken: boolean, refreshUnreachable: boolean): AuthFailure | null {
  if (!sentToken) return null;
  if (failure.status === 401) return refreshUnreachable ? null : 'ended';
  if (failure.status !== 403 || failure.code === undefined) return null;
  return Object.hasOwn(ENDED_BY_CODE, failure.code) ? ENDED_BY_CODE[failure.code]! : null;
}

/** Tells the listeners when `failure` means the user's access ended; returns what it meant. */
export function reportAuthFailure(failure: Pick<HttpFailure, 'status' | 'code'>, sentToken: boolean, refreshUnreachable: boolean): AuthFailure | null {
  const ended = authFailureOf(failure, sentToken, refreshUnreachable);
  if (ended) for (const fn of authFailureListeners) fn(ended);
  return ended;
}

/** A request that never got an answer (offline, DNS, CORS, a dropped connection). */
export function networkFailure(): HttpFailure {
  return { ok: false, kind: 'network', status: 0, message: MSG.requestFailed };
}

/** The failure a non-2xx response stands for, from its already-read body. */
export function failureFrom(res: Response, body: unknown, nowMs: number = Date.now()): HttpFailure {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; details?: unknown };
  const failure: HttpFailure = { ok: false, kind: 'http', status: res.status, message: errorMessageFrom(body, res.status) };
  if (typeof b.code === 'string') failure.code = b.code;
  if (b.details !== undefined) failure.details = b.details;
  const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), nowMs);
  if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
  return failure;
}

/** The body as JSON, as text when it is not JSON, null when empty. Throws when the connection drops mid-body. */
export async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Reads a response into a value or the one failure type; a body cut off mid-read is a network failure. */
export async function resultOf<T>(res: Response, nowMs: number = Date.now()): Promise<HttpResult<T>> {
  let body: unknown;
  try {
    body = await readBody(res);
  } catch {
    return networkFailure();
  }
  return res.ok ? { ok: true, value: body as T } : failureFrom(res, body, nowMs);
}

/**
 * `resultOf` for an exchanged request of the sync engine or the evidence uploader (src/sync/): a 403
 * saying the user's access ended (removed, organization deleted, disabled) is reported like any
 * page's API call (`reportAuthFailure`), so the session provider signs the user out. A 401 stays the
 * caller's: the sync engine refreshes the token itself and pauses for a new sign-in.
 */
export async function resultOfExchanged<T>(got: Exchanged, nowMs: number = Date.now()): Promise<HttpResult<T>> {
  const result = await resultOf<T>(got.res, nowMs);
  if (!result.ok && result.status === 403) reportAuthFailure(result, got.sentToken, got.refreshUnreachable);
  return result;
}

/** "attachment; filename*=UTF-8''…" or `filename="…"` → the decoded name; null without one. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall back to the plain form */
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] || null;
}

/** What a refused request address says (see `unsafePath`). */
export const UNSAFE_PATH_MESSAGE = 'This address cannot be requested.';

/**
 * Why `path` may not be requested, or null when it may. A browser resolves dot-segments and some
 * encoded ones (`%2e%2e`) before sending (WHATWG URL, path state), and a proxy or server may turn
 * `%2f`, `%5c` or a backslash into a separator; so an id like `../admin/users` in a path would send the bearer
 * token to another route. Refused anywhere in the raw path: a `.` or `..` segment (also percent-
 * encoded), an encoded slash or backslash, a raw backslash, bad percent-encoding. A request that
 * carries the token must also target a same-origin path under /api/.
 */
export function unsafePath(path: string, carriesToken: boolean): string | null {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(path);
  if (carriesToken && (absolute || !path.startsWith('/api/'))) return 'outside /api/';
  const raw = (absolute ? path.slice(absolute[0].length) : path).split(/[?#]/, 1)[0]!;
  if (raw.includes('\\') || /%(2f|5c)/i.test(raw)) return 'encoded separator';
  for (const segment of raw.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'bad percent-encoding';
    }
    if (decoded === '.' || decoded === '..') return 'dot-segment';
  }
  return null;
}

export interface HttpCore {
  /** Where the token comes from; omit for the public endpoints (no token attached). */
  getToken?: TokenGetter;
  fetch?: FetchLike;
  /** Origin prefix for the API ('' = same origin). */
  baseUrl?: string;
  /** When set, a missing token fails with this message (401) and nothing is sent; otherwise the request goes without one. */
  noTokenMessage?: string;
}

export interface ExchangeOptions {
  /** Ask for a fresh token for the first attempt (the sync engine's own retry after a 401). */
  forceRefresh?: boolean;
  /** After a 401, refresh the token once and send again (default true). */
  retryOn401?: boolean;
}

/** What `exchange` got: the response, whether the first attempt carried a token, and whether the 401 refresh could not reach the auth server. */
export interface Exchanged {
  ok: true;
  res: Response;
  sentToken: boolean;
  refreshUnreachable: boolean;
}

/** Thrown by a token getter whose refresh could not reach the auth server (offline is not signed out). */
export class TokenRefreshUnreachable extends Error {
  constructor() {
    super('The auth server could not be reached to refresh the session');
    this.name = 'TokenRefreshUnreachable';
  }
}

/**
 * Sends one request with the bearer token (fetched at send time, never frozen into a queue),
 * refreshing it once after a 401. A failure to get any answer is a `network` failure; an abort
 * is re-thrown so callers can ignore it. Non-2xx responses come back as responses (see `resultOf`).
 */
export async function exchange(core: HttpCore, path: string, init: RequestInit = {}, opts: ExchangeOptions = {}): Promise<Exchanged | HttpFailure> {
  // Checked before any token is fetched or anything sent (unsafePath).
  if (unsafePath(path, !!core.getToken)) return { ok: false, kind: 'http', status: 400, code: 'invalid_path', message: UNSAFE_PATH_MESSAGE };
  const doFetch: FetchLike = core.fetch ?? ((input, i) => fetch(input, i));
  const url = `${core.baseUrl ?? ''}${path}`;
  const send = async (token: string | null): Promise<Response | HttpFailure> => {
    const headers = new Headers(init.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    if (token) headers.set('authorization', `Bearer ${token}`);
    try {
      return await doFetch(url, { ...init, headers });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      return networkFailure();
    }
  };
  const tokenFor = async (forceRefresh: boolean): Promise<string | null | TokenRefreshUnreachable> => {
    try {
      return core.getToken ? await core.getToken({ forceRefresh }) : null;
    } catch (err) {
      if (err instanceof TokenRefreshUnreachable) return err;
      throw err;
    }
  };

  // A forced first token the auth server could not give counts as no token, as it always has:
  // the sync engine (src/sync/engine.ts) then asks the user to sign in again.
  const first = await tokenFor(opts.forceRefresh ?? false);
  let token = first instanceof TokenRefreshUnreachable ? null : first;
  if (!token && core.noTokenMessage !== undefined) return { ok: false, kind: 'http', status: 401, code: 'unauthorized', message: core.noTokenMessage ?? MSG.httpStatus(401) };
  let res = await send(token);
  if (!(res instanceof Response)) return res;
  const sentToken = !!token;
  let refreshUnreachable = false;
  if (res.status === 401 && core.getToken && (opts.retryOn401 ?? true)) {
    const fresh = await tokenFor(true);
    refreshUnreachable = fresh instanceof TokenRefreshUnreachable;
    if (typeof fresh === 'string') {
      token = fresh;
      res = await send(token);
      if (!(res instanceof Response)) return res;
    }
  }
  return { ok: true, res, sentToken, refreshUnreachable };
}
