import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { invalidTextProblem } from '#domain/text.ts';
import type { AppEnv } from '../lib/factory.ts';
import { publicAnonKey } from '../features/config/index.ts';
import type { Env } from '../env.ts';
import { API_VERSION, API_VERSION_HEADER, AuthError, badJson, validationFailed } from './auth.errors.ts';
import { safeEqual } from '../lib/safe-equal.ts';

/** Reads a JSON object body; empty bodies are `{}` (supabase-js posts none to /logout). */
export async function readJsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badJson();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badJson();
  return parsed as Record<string, unknown>;
}

/**
 * Parses with zod; the first issue becomes a 400 validation_failed. Like the API's validate(), text
 * PostgreSQL cannot store (NUL, lone surrogates, in any field or key) is refused here, once.
 */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(result.error.issues[0]?.message ?? 'Invalid request');
  const problem = invalidTextProblem(result.data);
  if (problem) throw validationFailed(problem);
  return result.data;
}

/** Every response carries the API version header GoTrue sends, and is never cached unless a route says so. */
export const apiVersionHeader: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header(API_VERSION_HEADER, API_VERSION);
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
};

/** Paths a browser opens without headers (e-mail links, identity providers' answers) or that are public by nature. */
const OPEN_PATHS = [/\/verify$/, /\/\.well-known\/jwks\.json$/, /\/sso\/saml\/metadata$/, /\/sso\/oidc\/callback$/];
/** The SAML HTTP-POST binding: the identity provider's page posts the browser here, without headers. */
const OPEN_POSTS = [/\/sso\/saml\/acs$/];

/** Gateway parity with hosted Supabase: the `apikey` header must carry the anon key. */
export function requireApiKey(env: Env): MiddlewareHandler<AppEnv> {
  const expected = publicAnonKey(env);
  return async (c, next) => {
    if (c.req.method === 'GET' && OPEN_PATHS.some((p) => p.test(c.req.path))) return next();
    if (c.req.method === 'POST' && OPEN_POSTS.some((p) => p.test(c.req.path))) return next();
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    if (!key) throw new AuthError(401, 'no_api_key', 'No API key found in request');
    if (!safeEqual(key, expected)) throw new AuthError(401, 'invalid_api_key', 'Invalid API key');
    return next();
  };
}

