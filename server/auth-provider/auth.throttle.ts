import type { Context } from 'hono';
import type { AppEnv } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';
import { overRequestRateLimit } from './auth.errors.ts';
import { clientIp } from '../lib/client-ip.ts';
import type { WindowLimiter } from './auth.limits.ts';

/** Counts the request against a per-IP limiter; 429 over_request_rate_limit when over budget. */
export function throttleIp(ctx: AuthContext, c: Context<AppEnv>, limiter: WindowLimiter): void {
  const ip = clientIp(c);
  if (!ip) return;
  const wait = limiter.hit(ip, ctx.now().getTime());
  if (wait > 0) throw overRequestRateLimit(`Too many requests. Please try again in ${wait} seconds.`);
}
