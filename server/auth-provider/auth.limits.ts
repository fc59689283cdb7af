import type { BudgetRule } from '../lib/budgets.ts';

/** After this many consecutive failures an account is locked, for a delay that doubles with each further failure. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_BASE_MS = 30_000;
export const LOCKOUT_MAX_MS = 15 * 60_000;

/** Lock delay after `failures` consecutive failures (0 below the threshold); auth.sign-in.ts applies the same rule in SQL. */
export function lockoutDelayMs(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(LOCKOUT_MAX_MS, LOCKOUT_BASE_MS * 2 ** (failures - LOCKOUT_THRESHOLD));
}

/**
 * Per-IP budgets of the provider, shared by every instance (server/lib/budgets.ts, ADR 021). While
 * the shared store is down they count per instance ('local'): the account lockout (in SQL,
 * auth.sign-in.ts) still bounds password guessing, and nobody is locked out by an outage.
 */
export const AUTH_LIMITS = {
  /** Password grant, signup, recover, resend and the sign-up confirmation: 30 per 5 minutes per client IP. */
  perIp: { name: 'auth-ip', max: 30, windowMs: 5 * 60_000, whenStoreDown: 'local' },
  /**
   * Single sign-on (ADR 043): POST /sso, the SAML ACS and the OIDC callback, 150 per 5 minutes per
   * client IP. No password is checked here (the identity provider does that); each start writes a
   * state row and each answer costs a signature check, so the budget is GoTrue's refresh-sized one.
   */
  ssoPerIp: { name: 'auth-sso-ip', max: 150, windowMs: 5 * 60_000, whenStoreDown: 'local' },
  /** Refresh is generous (GoTrue: 150 / 5 min) because a 429 there can sign users out. */
  refreshPerIp: { name: 'auth-refresh-ip', max: 150, windowMs: 5 * 60_000, whenStoreDown: 'local' },
  /**
   * A client's own password checks against one account (key: account id and client /64), forgotten
   * on success. Within it, a client the account signed in from recently may pass the account lock
   * (auth.sign-in.ts, ADR 029). Not counted while the store is down: then the account lock applies to all.
   */
  clientChecksPerAccount: { name: 'auth-account-client-checks', max: LOCKOUT_THRESHOLD, windowMs: 15 * 60_000, whenStoreDown: 'refuse' },
  /**
   * MFA code checks against one factor (key: factor id), forgotten on success: 5 per 5 minutes.
   * Counted per instance while the store is down, so an outage never blocks the second factor;
   * each code check still needs the account's password first (an aal1 session).
   */
  mfaVerifyPerFactor: { name: 'auth-mfa-verify-factor', max: 5, windowMs: 5 * 60_000, whenStoreDown: 'local' },
  /** Challenges of one factor (key: factor id): each is a row, so a caller cannot fill the table (60 per 5 minutes). */
  mfaChallengePerFactor: { name: 'auth-mfa-challenge-factor', max: 60, windowMs: 5 * 60_000, whenStoreDown: 'local' },
  /** The same attempts over a day (same key, also forgotten on success): 20 per 24 hours. */
  mfaVerifyPerFactorDaily: { name: 'auth-mfa-verify-factor-day', max: 20, windowMs: 24 * 60 * 60_000, whenStoreDown: 'local' },
  /** The mail to an account's owner when wrong passwords lock it (key: account id): one an hour. */
  lockNotice: { name: 'auth-lock-notice', max: 1, windowMs: 60 * 60_000, whenStoreDown: 'refuse' },
  /** Clients an account signed in from (same key): remembered for 30 days from the first success in that span. */
  knownClient: { name: 'auth-known-client', max: 1_000_000_000, windowMs: 30 * 24 * 60 * 60_000, whenStoreDown: 'refuse' },
} as const satisfies Record<string, BudgetRule>;
