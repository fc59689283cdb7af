import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ErrorCode } from '#domain/errors.ts';
import { AppError } from './app-error.ts';
import { errorForLog } from './logger.ts';
import type { AppEnv } from './factory.ts';

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** The SQLSTATE of a database error, looking through drizzle's wrapper (`cause`). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The single place errors become HTTP responses. Unknown errors are logged and hidden behind a 500.
 * A database "data exception" (SQLSTATE class 22: a number out of range, malformed text or date)
 * can only come from a value in the request that validation let through: it answers 400 and is
 * logged as a warning, so the contract can be tightened without a user ever seeing a 500.
 */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    const body: ApiErrorBody & Record<string, unknown> = { ...err.extra, error: err.message, code: err.code };
    if (err.details !== undefined) body.details = err.details;
    return c.json(body, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'validation_failed');
    const message = status === 413 ? 'The request body is too large' : err.message || 'Request failed';
    return c.json({ error: message, code } satisfies ApiErrorBody, status);
  }
  if (sqlState(err)?.startsWith('22')) {
    c.var.deps?.logger.warn('a request value the database refused', { method: c.req.method, path: c.req.path, error: errorForLog(err) });
    return c.json({ error: 'A value in the request is out of range or malformed.', code: 'validation_failed' } satisfies ApiErrorBody, 400);
  }
  c.var.deps?.logger.error('unhandled error', {
    requestId: c.var.requestId,
    method: c.req.method,
    path: c.req.path,
    error: errorForLog(err),
  });
  return c.json({ error: 'Something went wrong on our side. Please try again.', code: 'internal_error' } satisfies ApiErrorBody, 500);
}
