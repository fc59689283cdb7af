import type { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import type { Budgets } from '../lib/budgets.ts';
import type { Env } from '../env.ts';
import type { AppEnv, TokenVerifier } from '../lib/factory.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../lib/mailer.ts';
import { createBackgroundTasks } from './auth.background.ts';
import { createAuthAdmin, type EmbeddedAuthAdmin } from './auth.admin.ts';
import type { AuthContext } from './auth.context.ts';
import { loadSigningKeys } from './auth.keys.ts';
import { loadSecretBox } from './auth.mfa-crypto.ts';
import { createAuthRoutes } from './auth.routes.ts';
import { createEmbeddedVerifier } from './auth.verifier.ts';
import type { SsoHooks } from './sso/sso.types.ts';

export type { EmbeddedAuthAdmin } from './auth.admin.ts';
export { AuthError } from './auth.errors.ts';
export { pruneUnknownAddresses, UNKNOWN_ADDRESS_KEEP_MS } from './auth.unknown-addresses.ts';
export { sweepExpiredMfa } from './auth.mfa.ts';
export { sweepExpiredSso, normalizeDomain } from './sso/sso.store.ts';
export type { SsoHooks, SsoIdentity, SsoProvisionResult } from './sso/sso.types.ts';

export interface EmbeddedAuthOptions {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  budgets: Budgets;
  /** The application's part of single sign-on (provisioning, "SSO only"); server/compose.ts. */
  sso?: SsoHooks;
}

export interface EmbeddedAuth {
  /** Mounted at /auth/v1 by createApp. */
  routes: Hono<AppEnv>;
  verifier: TokenVerifier;
  admin: EmbeddedAuthAdmin;
}

/** The embedded Supabase-compatible auth provider (local mode, when SUPABASE_URL is not set). */
export async function createEmbeddedAuth(opts: EmbeddedAuthOptions): Promise<EmbeddedAuth> {
  const issuer = `${opts.env.APP_URL}/auth/v1`;
  const ctx: AuthContext = {
    ...opts,
    issuer,
    keys: await loadSigningKeys(opts.db, issuer),
    secrets: await loadSecretBox(opts.db, opts.env.AUTH_MFA_KEY),
    background: createBackgroundTasks(opts.logger),
  };
  return { routes: createAuthRoutes(ctx), verifier: createEmbeddedVerifier(ctx), admin: createAuthAdmin(ctx) };
}
