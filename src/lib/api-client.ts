// The one client for our API: attaches a fresh bearer token before every call,
// refreshes once on 401, and turns every non-ok answer into an ApiError (spec §7).
import { MSG } from '#domain/messages.ts';
import { loadSupabase } from './supabase.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;
  readonly body: unknown;
  /** The server's own `error` text, when it sent one. */
  readonly serverMessage: string | undefined;
  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const b = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; details?: unknown };
    this.code = typeof b.code === 'string' ? b.code : undefined;
    this.details = b.details;
    const err = (b as { error?: unknown }).error;
    this.serverMessage = typeof err === 'string' && err.trim() ? err : undefined;
  }
  /** True when the request never reached the server (offline, DNS, CORS). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Spec §7: the response's message, else "HTTP {status}", else "Request failed". */
export function errorMessageFrom(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const err = (body as { error?: unknown; message?: unknown }).error ?? (body as { message?: unknown }).message;
    if (typeof err === 'string' && err.trim()) return err;
  }
  return status > 0 ? MSG.httpStatus(status) : MSG.requestFailed;
}

export interface RequestOptions {
  method?: string;
  /** JSON-serialisable value or FormData (multipart). */
  body?: unknown;
  /** false for the public endpoints (no token attached). */
  auth?: boolean;
  /** Use this access token instead of the stored session (signup flows). */
  token?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

async function currentToken(): Promise<string | null> {
  const { data } = await (await loadSupabase()).auth.getSession();
  return data.session?.access_token ?? null;
}

/** A fresh token; `unreachable` when the auth server could not be asked (offline is not signed out). */
async function refreshedToken(): Promise<{ token: string | null; unreachable: boolean }> {
  const { data, error } = await (await loadSupabase()).auth.refreshSession();
  if (error) return { token: null, unreachable: error.name === 'AuthRetryableFetchError' };
  return { token: data.session?.access_token ?? null, unreachable: false };
}

/**
 * Why the API stopped accepting the signed-in user: removed from the organization or disabled
 * (403 with the server's message, hosted auth), or the session itself ended (401 after a failed
 * refresh, e.g. the embedded provider revoked it on removal). The session provider is the one
 * listener: it clears the device and returns to the sign-in page, so no page handles this itself.
 */
export type AuthFailure = 'removed' | 'disabled' | 'ended';
const authFailureListeners = new Set<(failure: AuthFailure) => void>();

export function onAuthFailure(fn: (failure: AuthFailure) => void): () => void {
  authFailureListeners.add(fn);
  return () => authFailureListeners.delete(fn);
}

export function authFailureOf(status: number, body: unknown, sentToken: boolean, refreshUnreachable: boolean): AuthFailure | null {
  if (!sentToken) return null;
  if (status === 401) return refreshUnreachable ? null : 'ended';
  if (status !== 403) return null;
  const message = errorMessageFrom(body, status);
  if (message === MSG.accessRemoved) return 'removed';
  if (message === MSG.accountDisabled) return 'disabled';
  return null;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(path, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(MSG.requestFailed, 0);
  }
}

export async function apiRequest<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const useAuth = opts.auth !== false;
  let token = opts.token ?? (useAuth ? await currentToken() : null);
  const sentToken = useAuth && !opts.token && !!token;
  let res = await send(path, opts, token);
  let refreshUnreachable = false;
  if (res.status === 401 && useAuth && !opts.token) {
    const refreshed = await refreshedToken();
    token = refreshed.token;
    refreshUnreachable = refreshed.unreachable;
    if (token) res = await send(path, opts, token);
  }
  const body = await readBody(res);
  if (!res.ok) {
    const failure = authFailureOf(res.status, body, sentToken, refreshUnreachable);
    if (failure) for (const fn of authFailureListeners) fn(failure);
    throw new ApiError(errorMessageFrom(body, res.status), res.status, body);
  }
  return body as T;
}

export const api = {
  get: <T = unknown>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T = unknown>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};

/** A user-facing message: the server's `error` text when it sent one, else the screen's own (spec §8) string. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
