// Request budgets for the API routes that send mail, answer without a session or cost real CPU.
// Counted in the store every server instance shares (server/lib/budgets.ts, ADR 021): a budget is
// the same quota whichever instance a request reaches.
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from './app-error.ts';
import type { BudgetRule } from './budgets.ts';
import { clientBudgetKey } from './client-ip.ts';
import type { AppEnv } from './factory.ts';

export interface RateLimitRule extends BudgetRule {
  /** Whose budget a request spends: the signed-in caller, or the client address. */
  by: 'user' | 'ip';
}

const MINUTE = 60_000;

export const RATE_LIMITS = {
  /** Invitation e-mails: 50 an hour per sender (a whole department in one sitting). Refused while the store is down: mail from our domain is the costliest abuse. */
  invite: { name: 'invite', max: 50, windowMs: 60 * MINUTE, by: 'user', whenStoreDown: 'refuse' },
  /** Report files (PDF, DOCX, XLSX) are rendered per request: 30 a minute per user. */
  reportFile: { name: 'report-file', max: 30, windowMs: MINUTE, by: 'user' },
  /** Invitation and organization lookups without a session: 60 a minute per address. */
  publicLookup: { name: 'public-lookup', max: 60, windowMs: MINUTE, by: 'ip' },
  /** Whole-organization exports (every file and report in one zip): 5 an hour per org_admin. */
  export: { name: 'export', max: 5, windowMs: 60 * MINUTE, by: 'user' },
  /** Presigned upload URLs (POST /api/evidence/upload-url): each opens an upload row and a bucket write; 120 an hour per user. */
  uploadUrl: { name: 'upload-url', max: 120, windowMs: 60 * MINUTE, by: 'user' },
  /**
   * Readiness probes (GET /api/ready): 120 a minute per address, room for an orchestrator probing
   * every second plus a load balancer. Counted per instance: a probe asks this instance, and the
   * answer is cached anyway (server/features/health/health.routes.ts).
   */
  ready: { name: 'ready', max: 120, windowMs: MINUTE, by: 'ip', scope: 'instance' },
} as const satisfies Record<string, RateLimitRule>;

/**
 * How long to wait, in words: seconds up to 90 s, whole minutes (rounded up) beyond, so an hour's
 * budget reads "60 minutes" and not "3594 seconds". Retry-After stays in seconds (RFC 9110 §10.2.3).
 */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s > 90) return `${Math.ceil(s / 60)} minutes`;
  return s === 1 ? '1 second' : `${s} seconds`;
}

/** The one message for a spent budget (API budgets here, the auth provider's throttles and sign-in lockout). */
export const rateLimitMessage = (seconds: number, what = 'Too many requests.') => `${what} Please try again in ${waitText(seconds)}.`;

/** Retry-After of a refusal while the shared store is down (a 'refuse' rule). */
export const BUDGETS_DOWN_RETRY_SECONDS = 60;
export const budgetsDownMessage = 'This action is paused for a moment. Please try again in a minute.';

function keyOf(c: Context<AppEnv>, rule: RateLimitRule): string | undefined {
  if (rule.by === 'ip') return clientBudgetKey(c);
  return (c.get('caller') as { id: string } | undefined)?.id;
}

/**
 * Spends one unit of the caller's budget; over it, 429 `rate_limited` with Retry-After. While the
 * shared store is down a 'refuse' rule answers 503 `rate_limited` (Retry-After 60). Place after requireProfile.
 */
export function rateLimit(rule: RateLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = keyOf(c, rule);
    if (key !== undefined) {
      const wait = await c.var.deps.budgets.spend(rule, key);
      if (wait === 'unavailable') {
        c.header('Retry-After', String(BUDGETS_DOWN_RETRY_SECONDS));
        throw new AppError(503, 'rate_limited', budgetsDownMessage);
      }
      if (wait > 0) {
        c.header('Retry-After', String(wait));
        throw new AppError(429, 'rate_limited', rateLimitMessage(wait));
      }
    }
    await next();
  };
}
