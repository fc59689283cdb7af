import { Hono } from 'hono';
import type { AppEnv } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';

/** Public key set, settings and health: what supabase-js and operators read without a session. */
export const metaRoutes = (ctx: AuthContext) =>
  new Hono<AppEnv>()
    .get('/.well-known/jwks.json', (c) => {
      c.header('Cache-Control', 'public, max-age=600');
      return c.json({ keys: ctx.keys.publicJwks }, 200);
    })
    .get('/settings', (c) =>
      c.json(
        {
          external: { email: true, phone: false, anonymous_users: false },
          disable_signup: false,
          mailer_autoconfirm: ctx.env.AUTH_AUTOCONFIRM,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: true,
        },
        200,
      ),
    )
    .get('/health', (c) =>
      c.json({ version: 'embedded', name: 'MVRSP Assess auth', description: 'Embedded Supabase-compatible auth provider' }, 200),
    );
