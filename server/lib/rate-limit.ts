// Request budgets for the API routes that send mail, answer without a session or cost real CPU.
// Counters live in memory per server process and per app instance (ADR 009): a budget caps abuse
// from one account or address; it is not a quota shared across instances.
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from './app-error.ts';
import { clientIp } from './client-ip.ts';
import type { AppDeps, AppEnv } from './factory.ts';
import { WindowLimiter } from './window-limiter.ts';

export interface RateLimitRule {
  name: string;
  max: number;
  windowMs: number;
  /** Whose budget a request spends: the signed-in caller, or the client address. */
  by: 'user' | 'ip';
}

const MINUTE = 60_000;

export const RATE_LIMITS = {
  /** Invitation e-mails: 50 an hour per sender (a whole department in one sitting). */
  invite: { name: 'invite', max: 50, windowMs: 60 * MINUTE, by: 'user' },
  /** Report files (PDF, DOCX, XLSX) are rendered per request: 30 a minute per user. */
  reportFile: { name: 'report-file', max: 30, windowMs: MINUTE, by: 'user' },
  /** Invitation and organization lookups without a session: 60 a minute per address. */
  publicLookup: { name: 'public-lookup', max: 60, windowMs: MINUTE, by: 'ip' },
  /** Whole-organization exports (every file and report in one zip): 5 an hour per org_admin. */
  export: { name: 'export', max: 5, windowMs: 60 * MINUTE, by: 'user' },
} as const satisfies Record<string, RateLimitRule>;

export const rateLimitMessage = (seconds: number) => `Too many requests. Please try again in ${seconds} seconds.`;

const limiters = new WeakMap<AppDeps, Map<string, WindowLimiter>>();

function limiterFor(deps: AppDeps, rule: RateLimitRule): WindowLimiter {
  let byName = limiters.get(deps);
  if (!byName) limiters.set(deps, (byName = new Map()));
  let limiter = byName.get(rule.name);
  if (!limiter) byName.set(rule.name, (limiter = new WindowLimiter(rule.max, rule.windowMs)));
  return limiter;
}

function keyOf(c: Context<AppEnv>, rule: RateLimitRule): string | undefined {
  if (rule.by === 'ip') return clientIp(c);
  return (c.get('caller') as { id: string } | undefined)?.id;
}

/** Spends one unit of the caller's budget; over it, 429 `rate_limited` with Retry-After. Place after requireProfile. */
export function rateLimit(rule: RateLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = keyOf(c, rule);
    if (key !== undefined) {
      const wait = limiterFor(c.var.deps, rule).hit(key, c.var.deps.now().getTime());
      if (wait > 0) {
        c.header('Retry-After', String(wait));
        throw new AppError(429, 'rate_limited', rateLimitMessage(wait));
      }
    }
    await next();
  };
}
