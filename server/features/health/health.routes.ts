// GET /api/health: liveness (the process answers; no I/O). GET /api/ready: readiness (this instance
// can serve: database answers, every migration applied, evidence storage reachable, not shutting
// down). Both are public and carry no secrets: a load balancer or orchestrator polls them
// (docs/decisions/022-production-server-and-operations.md). Being public, readiness cannot be used
// to load the database or the bucket: one check answers every probe for READY_CACHE_MS (probes
// arriving while it runs wait for it), and each client address has a budget of probes
// (RATE_LIMITS.ready, counted on this instance).
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { pendingMigrations } from '../../db/migrate.ts';
import type { AppDeps, AppEnv } from '../../lib/factory.ts';
import { RATE_LIMITS, rateLimit } from '../../lib/rate-limit.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { dbKind, tokens } = c.var.deps;
  c.header('Cache-Control', 'no-store');
  return c.json({ status: 'ok' as const, db: dbKind, auth: tokens.kind });
});

type Check = 'database' | 'migrations' | 'storage' | 'shutdown';
/** A check that has not answered by then counts as failed: a hung dependency must not hang the probe. */
const CHECK_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The checks failing at the last probe, per app instance: an outage is logged once when it starts
 * and once when it ends, not on every probe of a load balancer.
 */
const failing = new WeakMap<AppDeps, Set<Check>>();

type Failed = Partial<Record<Check, string>>;

/** How long one readiness check answers every probe (on the app clock), counted from its answer. */
export const READY_CACHE_MS = 2_000;

/** Per app instance: the last check, and whether it is still running (then every probe waits for it). */
const lastCheck = new WeakMap<AppDeps, { failed: Promise<Failed>; running: boolean; answeredAt: number }>();

/** The failing checks, from the last check when it is running or younger than READY_CACHE_MS; shutdown at once. */
function readiness(deps: AppDeps): Promise<Failed> {
  if (deps.lifecycle.shuttingDown) return Promise.resolve({ shutdown: 'shutting down' });
  const last = lastCheck.get(deps);
  if (last && (last.running || deps.now().getTime() - last.answeredAt < READY_CACHE_MS)) return last.failed;
  const entry = { failed: notReady(deps), running: true, answeredAt: 0 };
  lastCheck.set(deps, entry);
  void entry.failed.finally(() => {
    entry.running = false;
    entry.answeredAt = deps.now().getTime();
  });
  return entry.failed;
}

/** Each failing check with a short, secret-free reason (the full error goes to the log, once per outage). */
async function notReady(deps: AppDeps): Promise<Failed> {
  const failed: Failed = {};
  const run = async (name: Check, check: () => Promise<string | null>) => {
    let down = failing.get(deps);
    if (!down) failing.set(deps, (down = new Set()));
    try {
      const problem = await within(check(), CHECK_TIMEOUT_MS);
      if (problem) failed[name] = problem;
      else if (down.delete(name)) deps.logger.info('readiness check passes again', { check: name });
    } catch (err) {
      failed[name] = 'unavailable';
      if (!down.has(name)) deps.logger.warn('readiness check failed', { check: name, error: err instanceof Error ? err.message.split('\n')[0] : String(err) });
      down.add(name);
    }
  };
  await run('database', async () => (await deps.db.execute(sql`select 1`), null));
  if (!failed.database) {
    await run('migrations', async () => {
      const pending = await pendingMigrations(deps.db);
      return pending === 0 ? null : `${pending} pending`;
    });
  }
  await run('storage', async () => (await deps.storage.check(), null));
  return failed;
}

export const readyRoutes = new Hono<AppEnv>().get('/', rateLimit(RATE_LIMITS.ready), async (c) => {
  c.header('Cache-Control', 'no-store');
  const failed = await readiness(c.var.deps);
  if (Object.keys(failed).length > 0) return c.json({ status: 'not_ready' as const, failed }, 503);
  return c.json({ status: 'ready' as const }, 200);
});
