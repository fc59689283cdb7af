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

/** The single place errors become HTTP responses. Unknown errors are logged and hidden behind a 500. */
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
  c.var.deps?.logger.error('unhandled error', {
    requestId: c.var.requestId,
    method: c.req.method,
    path: c.req.path,
    error: errorForLog(err),
  });
  return c.json({ error: 'Something went wrong on our side. Please try again.', code: 'internal_error' } satisfies ApiErrorBody, 500);
}
