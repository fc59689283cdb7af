import { Hono } from 'hono';
import type { AppEnv } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError, invalidCredentials } from './auth.errors.ts';
import { parseWith, readJsonBody } from './auth.http.ts';
import { refreshSession } from './auth.refresh.ts';
import { passwordGrantBody, refreshGrantBody, signupBody } from './auth.schemas.ts';
import { signInWithPassword } from './auth.sign-in.ts';
import { signUp } from './auth.sign-up.ts';
import { safeRedirect } from './auth.email-links.ts';
import { AUTH_LIMITS } from './auth.limits.ts';
import { throttleIp } from './auth.throttle.ts';
import { clientBudgetKey } from '../lib/client-ip.ts';
import { clientInfo } from './auth.audit.ts';

/** POST /signup and POST /token (password and refresh_token grants). */
export const tokenRoutes = (ctx: AuthContext) =>
  new Hono<AppEnv>()
    .post('/signup', async (c) => {
      await throttleIp(ctx, c, AUTH_LIMITS.perIp);
      const body = parseWith(signupBody, await readJsonBody(c));
      return c.json(await signUp(ctx, body, safeRedirect(ctx.env.APP_URL, c.req.query('redirect_to')), clientInfo(c)), 200);
    })
    .post('/token', async (c) => {
      const grant = c.req.query('grant_type');
      if (grant === 'password') {
        await throttleIp(ctx, c, AUTH_LIMITS.perIp);
        const body = parseWith(passwordGrantBody, await readJsonBody(c));
        if (!body.password) throw invalidCredentials();
        return c.json(await signInWithPassword(ctx, body.email, body.password, clientBudgetKey(c), clientInfo(c)), 200);
      }
      if (grant === 'refresh_token') {
        await throttleIp(ctx, c, AUTH_LIMITS.refreshPerIp);
        const body = parseWith(refreshGrantBody, await readJsonBody(c));
        return c.json(await refreshSession(ctx, body.refresh_token, clientInfo(c)), 200);
      }
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    });
