import { Hono } from 'hono';
import type { AppEnv } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError, validationFailed } from './auth.errors.ts';
import { safeRedirect } from './auth.email-links.ts';
import { parseWith, readJsonBody } from './auth.http.ts';
import { consumeRecovery, requestRecovery } from './auth.recovery.ts';
import { recoverBody, resendBody, verifyBody } from './auth.schemas.ts';
import type { SessionJson } from './auth.sessions.ts';
import { consumeConfirmation, resendConfirmation } from './auth.sign-up.ts';
import { throttleIp } from './auth.throttle.ts';

const LINK_ERROR = {
  error: 'access_denied',
  error_code: 'otp_expired',
  error_description: 'Email link is invalid or has expired',
};

/** The mailed links: recovery (password reset) and signup (address confirmation). */
function consumeLink(ctx: AuthContext, type: string | undefined, token: string): Promise<SessionJson | null> {
  if (token.length === 0 || token.length > 512) return Promise.resolve(null);
  if (type === 'recovery') return consumeRecovery(ctx, token);
  if (type === 'signup') return consumeConfirmation(ctx, token);
  return Promise.resolve(null);
}

/**
 * POST /recover and /resend, and the links they mail: GET /verify (browser redirect with the
 * session in the fragment) or POST /verify (token_hash, supabase-js verifyOtp).
 */
export const recoveryRoutes = (ctx: AuthContext) =>
  new Hono<AppEnv>()
    .post('/recover', async (c) => {
      throttleIp(ctx, c, ctx.limits.perIp);
      const { email } = parseWith(recoverBody, await readJsonBody(c));
      await requestRecovery(ctx, email, safeRedirect(ctx.env.APP_URL, c.req.query('redirect_to')));
      return c.json({}, 200);
    })
    .post('/resend', async (c) => {
      throttleIp(ctx, c, ctx.limits.perIp);
      const { email } = parseWith(resendBody, await readJsonBody(c));
      await resendConfirmation(ctx, email, safeRedirect(ctx.env.APP_URL, c.req.query('redirect_to')));
      return c.json({}, 200);
    })
    .get('/verify', async (c) => {
      const redirectTo = safeRedirect(ctx.env.APP_URL, c.req.query('redirect_to'));
      const type = c.req.query('type');
      const session = await consumeLink(ctx, type, c.req.query('token') ?? '');
      const fragment = session
        ? {
            access_token: session.access_token,
            expires_at: String(session.expires_at),
            expires_in: String(session.expires_in),
            refresh_token: session.refresh_token,
            token_type: 'bearer',
            type: type ?? '',
          }
        : LINK_ERROR;
      // The request URL carried the one-time token: never send it on as a referrer.
      c.header('Referrer-Policy', 'no-referrer');
      return c.redirect(`${redirectTo}#${new URLSearchParams(fragment).toString()}`, 303);
    })
    .post('/verify', async (c) => {
      const body = parseWith(verifyBody, await readJsonBody(c));
      if (body.type !== 'recovery' && body.type !== 'signup' && body.type !== 'email') {
        throw validationFailed('Unsupported verification type');
      }
      const token = body.token_hash ?? body.token;
      if (!token) throw validationFailed('Verify requires a token_hash');
      const session = await consumeLink(ctx, body.type === 'email' ? 'signup' : body.type, token);
      if (!session) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
      return c.json(session, 200);
    });
