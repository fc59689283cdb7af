import { Hono } from 'hono';
import type { AppEnv } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError, validationFailed } from './auth.errors.ts';
import { parseWith, readJsonBody } from './auth.http.ts';
import { consumeRecovery, requestRecovery, safeRedirect } from './auth.recovery.ts';
import { recoverBody, verifyBody } from './auth.schemas.ts';
import { throttleIp } from './auth.throttle.ts';

const LINK_ERROR = {
  error: 'access_denied',
  error_code: 'otp_expired',
  error_description: 'Email link is invalid or has expired',
};

/** POST /recover, and the link it mails: GET /verify (browser redirect) or POST /verify (token_hash). */
export const recoveryRoutes = (ctx: AuthContext) =>
  new Hono<AppEnv>()
    .post('/recover', async (c) => {
      throttleIp(ctx, c, ctx.limits.perIp);
      const { email } = parseWith(recoverBody, await readJsonBody(c));
      await requestRecovery(ctx, email, safeRedirect(ctx.env.APP_URL, c.req.query('redirect_to')));
      return c.json({}, 200);
    })
    .get('/verify', async (c) => {
      const redirectTo = safeRedirect(ctx.env.APP_URL, c.req.query('redirect_to'));
      const token = c.req.query('token') ?? '';
      const session = c.req.query('type') === 'recovery' && token.length <= 512 ? await consumeRecovery(ctx, token) : null;
      const fragment = session
        ? {
            access_token: session.access_token,
            expires_at: String(session.expires_at),
            expires_in: String(session.expires_in),
            refresh_token: session.refresh_token,
            token_type: 'bearer',
            type: 'recovery',
          }
        : LINK_ERROR;
      c.header('Referrer-Policy', 'no-referrer');
      return c.redirect(`${redirectTo}#${new URLSearchParams(fragment).toString()}`, 303);
    })
    .post('/verify', async (c) => {
      const body = parseWith(verifyBody, await readJsonBody(c));
      if (body.type !== 'recovery') throw validationFailed('Unsupported verification type');
      const token = body.token_hash ?? body.token;
      if (!token) throw validationFailed('Verify requires a token_hash');
      const session = await consumeRecovery(ctx, token);
      if (!session) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
      return c.json(session, 200);
    });
