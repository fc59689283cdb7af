import { Hono } from 'hono';
import { bodyLimit } from '../lib/body-limit.ts';
import { cors } from 'hono/cors';
import type { AppEnv } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';
import { API_VERSION_HEADER, AuthError, createAuthErrorHandler } from './auth.errors.ts';
import { apiVersionHeader, requireApiKey } from './auth.http.ts';
import { metaRoutes } from './meta.routes.ts';
import { mfaRoutes } from './mfa.routes.ts';
import { recoveryRoutes } from './recovery.routes.ts';
import { tokenRoutes } from './token.routes.ts';
import { userRoutes } from './user.routes.ts';
import { ssoRoutes } from './sso/sso.routes.ts';

/** Everything mounted at /auth/v1. Errors are rendered here, in GoTrue's shape, never by the API's handler. */
export function createAuthRoutes(ctx: AuthContext) {
  const routes = new Hono<AppEnv>()
    .use(
      '*',
      cors({
        origin: ctx.env.APP_URL,
        allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
        allowHeaders: ['authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version'],
        exposeHeaders: [API_VERSION_HEADER],
        maxAge: 600,
      }),
    )
    .use('*', apiVersionHeader)
    .use('*', requireApiKey(ctx.env))
    .use(
      '*',
      bodyLimit({
        maxSize: 64 * 1024,
        onError: () => {
          throw new AuthError(413, 'request_too_large', 'The request body is too large');
        },
      }),
    )
    .route('/', metaRoutes(ctx))
    .route('/', tokenRoutes(ctx))
    .route('/', userRoutes(ctx))
    .route('/', recoveryRoutes(ctx))
    .route('/', mfaRoutes(ctx))
    .route('/', ssoRoutes(ctx, ctx.sso))
    .all('*', (c) => {
      throw new AuthError(404, 'not_found', `No such auth endpoint: ${c.req.method} ${c.req.path}`);
    });
  routes.onError(createAuthErrorHandler(ctx.logger));
  return routes;
}
