import { Hono } from 'hono';
import { isCanonicalToken } from '../lib/base64url.ts';
import { clientBudgetKey } from '../lib/client-ip.ts';
import { clientInfo } from './auth.audit.ts';
import type { AppEnv } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError, validationFailed } from './auth.errors.ts';
import { peekEmailLink, safeRedirect } from './auth.email-links.ts';
import { parseWith, readJsonBody } from './auth.http.ts';
import { consumeRecovery, requestRecovery } from './auth.recovery.ts';
import { CONFIRM_NEEDS_PASSWORD, recoverBody, resendBody, verifyBody } from './auth.schemas.ts';
import type { SessionJson } from './auth.sessions.ts';
import { consumeConfirmation, resendConfirmation } from './auth.sign-up.ts';
import { AUTH_LIMITS } from './auth.limits.ts';
import { throttleIp } from './auth.throttle.ts';

const LINK_ERROR = {
  error: 'access_denied',
  error_code: 'otp_expired',
  error_description: 'Email link is invalid or has expired',
};

/** The SPA page that asks for the sign-up password before a confirmation link is used. */
export const CONFIRM_EMAIL_PATH = '/confirm-email';

/** Link tokens are randomToken()s: anything else (another length, a lenient spelling) is refused before any lookup. */
const validToken = (token: string) => isCanonicalToken(token);

/**
 * POST /recover and /resend, and the links they mail. Recovery: GET /verify (browser redirect with
 * the session in the fragment) or POST /verify (token_hash, supabase-js verifyOtp). Sign-up
 * confirmation: GET /verify only forwards the token to the SPA's CONFIRM_EMAIL_PATH (fragment);
 * POST /verify {type: 'signup', token_hash, password} uses it (ADR 002 §9).
 */
export const recoveryRoutes = (ctx: AuthContext) =>
  new Hono<AppEnv>()
    .post('/recover', async (c) => {
      await throttleIp(ctx, c, AUTH_LIMITS.perIp);
      const { email } = parseWith(recoverBody, await readJsonBody(c));
      await requestRecovery(ctx, email, safeRedirect(ctx.env.APP_URL, c.req.query('redirect_to')));
      return c.json({}, 200);
    })
    .post('/resend', async (c) => {
      await throttleIp(ctx, c, AUTH_LIMITS.perIp);
      const { email } = parseWith(resendBody, await readJsonBody(c));
      await resendConfirmation(ctx, email, safeRedirect(ctx.env.APP_URL, c.req.query('redirect_to')));
      return c.json({}, 200);
    })
    .get('/verify', async (c) => {
      const redirectTo = safeRedirect(ctx.env.APP_URL, c.req.query('redirect_to'));
      const type = c.req.query('type');
      const token = c.req.query('token') ?? '';
      // The request URL carried the one-time token: never send it on as a referrer.
      c.header('Referrer-Policy', 'no-referrer');
      if (type === 'signup') {
        // Not used here: the SPA page asks for the sign-up password and POSTs /verify (consumeConfirmation).
        // The token goes on in the fragment, so it never reaches a server log or a Referer.
        const page = safeRedirect(ctx.env.APP_URL, new URL(CONFIRM_EMAIL_PATH, ctx.env.APP_URL).toString());
        const pending = validToken(token) ? await peekEmailLink(ctx, token, 'signup') : null;
        const fragment = pending ? { token_hash: token, type, redirect_to: redirectTo } : LINK_ERROR;
        return c.redirect(`${page}#${new URLSearchParams(fragment).toString()}`, 303);
      }
      const session = type === 'recovery' && validToken(token) ? await consumeRecovery(ctx, token, clientBudgetKey(c), clientInfo(c)) : null;
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
      return c.redirect(`${redirectTo}#${new URLSearchParams(fragment).toString()}`, 303);
    })
    .post('/verify', async (c) => {
      const body = parseWith(verifyBody, await readJsonBody(c));
      if (body.type !== 'recovery' && body.type !== 'signup' && body.type !== 'email') {
        throw validationFailed('Unsupported verification type');
      }
      const token = body.token_hash ?? body.token;
      if (!token) throw validationFailed('Verify requires a token_hash');
      let session: SessionJson | null;
      if (body.type === 'recovery') session = validToken(token) ? await consumeRecovery(ctx, token, clientBudgetKey(c), clientInfo(c)) : null;
      else {
        if (!body.password) throw validationFailed(CONFIRM_NEEDS_PASSWORD);
        // A password check, like the password grant: the same per-IP budget (and the account lockout inside).
        await throttleIp(ctx, c, AUTH_LIMITS.perIp);
        session = validToken(token) ? await consumeConfirmation(ctx, token, body.password, clientBudgetKey(c), clientInfo(c)) : null;
      }
      if (!session) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
      return c.json(session, 200);
    });
