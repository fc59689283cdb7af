import type { Db } from '../db/client.ts';
import type { Budgets } from '../lib/budgets.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { BackgroundTasks } from './auth.background.ts';
import type { SigningKeys } from './auth.keys.ts';
import type { SecretBox } from './auth.mfa-crypto.ts';
import type { SsoHooks } from './sso/sso.types.ts';

/** Everything the provider's services share; built once by createEmbeddedAuth. */
export interface AuthContext {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  keys: SigningKeys;
  /** Seals and opens MFA secrets at rest (auth.mfa-crypto.ts). */
  secrets: SecretBox;
  /** Request budgets shared by every instance (per-IP throttles, auth.throttle.ts). */
  budgets: Budgets;
  /** Work finished after the answer (mail of recover/resend). */
  background: BackgroundTasks;
  /** The application's part of single sign-on (ADR 043); absent: SSO sign-ins provision nothing. */
  sso?: SsoHooks;
  /** `${APP_URL}/auth/v1`, the `iss` of every access token. */
  issuer: string;
}
