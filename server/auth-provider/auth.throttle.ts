import type { Context } from 'hono';
import type { AppEnv } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';
import { overRequestRateLimit } from './auth.errors.ts';
import { clientBudgetKey } from '../lib/client-ip.ts';
import type { BudgetRule } from '../lib/budgets.ts';
import { rateLimitMessage } from '../lib/rate-limit.ts';

/**
 * Counts the request against a per-IP budget shared by every instance (ctx.budgets, ADR 021);
 * 429 over_request_rate_limit when over it. The auth rules count per instance while the shared
 * store is down (AUTH_LIMITS), so a store outage never locks everyone out of signing in.
 */
export async function throttleIp(ctx: AuthContext, c: Context<AppEnv>, rule: BudgetRule): Promise<void> {
  const ip = clientBudgetKey(c);
  if (!ip) return;
  const wait = await ctx.budgets.spend(rule, ip);
  if (wait === 'unavailable') throw overRequestRateLimit('Too many requests. Please try again in a minute.');
  if (wait > 0) throw overRequestRateLimit(rateLimitMessage(wait));
}
