// GET /metrics: this instance's Prometheus metrics (server/lib/metrics.ts), outside /api so the SPA's
// typed client never sees it. Behind `Authorization: Bearer <METRICS_TOKEN>`; with no token
// configured the route does not exist (404), so an unconfigured server exposes nothing.
import { Hono } from 'hono';
import { notFound, unauthorized } from '../../lib/app-error.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { safeEqual } from '../../lib/safe-equal.ts';

export const metricsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { env, metrics } = c.var.deps;
  if (!env.METRICS_TOKEN) throw notFound();
  const header = c.req.header('authorization') ?? '';
  const sent = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
  if (!safeEqual(sent, env.METRICS_TOKEN)) {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    throw unauthorized('A valid metrics token is required');
  }
  const body = await metrics.registry.metrics();
  return c.body(body, 200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
});
