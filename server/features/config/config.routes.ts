import { Hono } from 'hono';
import type { AppEnv } from '../../lib/factory.ts';

/** Public runtime configuration for the SPA (no secrets): where auth lives and commerce links. */
export const configRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { env } = c.var.deps;
  return c.json({
    supabaseUrl: env.SUPABASE_URL ?? null,
    supabaseAnonKey: publicAnonKey(env),
    checkoutUrl: env.CHECKOUT_URL,
    contactEmail: env.CONTACT_EMAIL,
    evidenceMaxMb: env.EVIDENCE_MAX_MB,
  });
});

/** The anon key is public by design (it is shipped to every browser). */
export function publicAnonKey(env: { SUPABASE_ANON_KEY?: string | undefined }): string {
  return env.SUPABASE_ANON_KEY ?? EMBEDDED_ANON_KEY;
}

export const EMBEDDED_ANON_KEY = 'mvrsp-embedded-anon-key';
