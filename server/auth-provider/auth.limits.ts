import { WindowLimiter } from '../lib/window-limiter.ts';

export { WindowLimiter };

/** After this many consecutive failures an account is locked, for a delay that doubles with each further failure. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_BASE_MS = 30_000;
export const LOCKOUT_MAX_MS = 15 * 60_000;

/** Lock delay after `failures` consecutive failures (0 below the threshold); auth.sign-in.ts applies the same rule in SQL. */
export function lockoutDelayMs(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(LOCKOUT_MAX_MS, LOCKOUT_BASE_MS * 2 ** (failures - LOCKOUT_THRESHOLD));
}

export interface AuthLimits {
  /** Password grant, signup and recover: ~30 per 5 minutes per client IP. */
  perIp: WindowLimiter;
  /** Refresh is generous (GoTrue: 150 / 5 min) because a 429 there can sign users out. */
  refreshPerIp: WindowLimiter;
}

export function createAuthLimits(): AuthLimits {
  return {
    perIp: new WindowLimiter(30, 5 * 60_000),
    refreshPerIp: new WindowLimiter(150, 5 * 60_000),
  };
}
