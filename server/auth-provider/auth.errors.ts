import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../lib/factory.ts';
import { errorForLog, type Logger } from '../lib/logger.ts';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

/** A GoTrue-style error; rendered as { code, error_code, message, msg } by renderAuthError. */
export class AuthError extends Error {
  constructor(
    public readonly status: ContentfulStatusCode,
    public readonly code: string,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const badJson = () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
export const userBanned = (status: ContentfulStatusCode = 400) => new AuthError(status, 'user_banned', 'User is banned');
export const overRequestRateLimit = (message = 'Request rate limit reached') =>
  new AuthError(429, 'over_request_rate_limit', message);

export const weakPassword = (message: string, reasons: string[]) =>
  new AuthError(422, 'weak_password', message, { weak_password: { message, reasons } });

/** The body every auth error carries: the same code under both names, the message under both names. */
export function authErrorBody(err: AuthError) {
  return { code: err.code, error_code: err.code, message: err.message, msg: err.message, ...err.extra };
}

/** The provider's own error handler, so the API's { error, code } renderer never sees auth errors. */
export function createAuthErrorHandler(logger: Logger) {
  return (err: Error, c: Context<AppEnv>) => {
    c.header(API_VERSION_HEADER, API_VERSION);
    c.header('Cache-Control', 'no-store');
    if (err instanceof AuthError) return c.json(authErrorBody(err), err.status);
    if (err instanceof HTTPException && err.status < 500) {
      const tooLarge = err.status === 413;
      const mapped = new AuthError(
        err.status as ContentfulStatusCode,
        tooLarge ? 'request_too_large' : 'validation_failed',
        tooLarge ? 'The request body is too large' : err.message || 'Bad request',
      );
      return c.json(authErrorBody(mapped), mapped.status);
    }
    logger.error('auth provider error', { method: c.req.method, path: c.req.path, error: errorForLog(err) });
    const failure = new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
    return c.json(authErrorBody(failure), 500);
  };
}
