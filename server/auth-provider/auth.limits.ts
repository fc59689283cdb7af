import { WindowLimiter } from '../lib/window-limiter.ts';

export { WindowLimiter };

/** After this many consecutive failures an account is locked, for a delay that doubles with each further failure. */
export const LOCKOUT_THRESHOLD = 5;
const LOCKOUT_BASE_MS = 30_000;
const LOCKOUT_MAX_MS = 15 * 60_000;

/** Lock delay after `failures` consecutive failures (0 below the threshold). */
export function lockoutDelayMs(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(LOCKOUT_MAX_MS, LOCKOUT_BASE_MS * 2 ** (failures - LOCKOUT_THRESHOLD));
}

/**
 * Failure counters for e-mails that have no account, so locking behaves the same for every
 * address and cannot be used to discover which accounts exist.
 */
export class UnknownAccountLockout {
  private readonly state = new Map<string, { failures: number; lockedUntil: number }>();

  lockedFor(email: string, nowMs: number): number {
    const s = this.state.get(email);
    return s && s.lockedUntil > nowMs ? Math.ceil((s.lockedUntil - nowMs) / 1000) : 0;
  }

  fail(email: string, nowMs: number) {
    if (this.state.size > 10_000) this.state.clear();
    const failures = (this.state.get(email)?.failures ?? 0) + 1;
    this.state.set(email, { failures, lockedUntil: nowMs + lockoutDelayMs(failures) });
  }
}

export interface AuthLimits {
  /** Password grant, signup and recover: ~30 per 5 minutes per client IP. */
  perIp: WindowLimiter;
  /** Refresh is generous (GoTrue: 150 / 5 min) because a 429 there can sign users out. */
  refreshPerIp: WindowLimiter;
  unknownAccounts: UnknownAccountLockout;
  /** Recovery mails to addresses without an account (same 60 s spacing as real ones). */
  unknownRecoveries: WindowLimiter;
}

export function createAuthLimits(): AuthLimits {
  return {
    perIp: new WindowLimiter(30, 5 * 60_000),
    refreshPerIp: new WindowLimiter(150, 5 * 60_000),
    unknownAccounts: new UnknownAccountLockout(),
    unknownRecoveries: new WindowLimiter(1, 60_000),
  };
}
