// Request budgets shared by every server instance (ADR 021): fixed windows counted by
// rate-limiter-flexible in Redis when REDIS_URL is set, else in the rate_limits table of the app's
// own database (PostgreSQL, or PGlite on one machine). server/lib/rate-limit.ts (the /api
// middleware) and server/auth-provider/auth.throttle.ts (per-IP throttles) spend from it.
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import type { Logger } from './logger.ts';
import { RateLimiterSql } from './budgets.sql.ts';

export interface BudgetRule {
  /** Stable name: part of every stored key, so renaming it resets the budget. */
  name: string;
  /** Requests allowed per window and key. */
  max: number;
  /** Window length; whole seconds (rate-limiter-flexible counts durations in seconds). */
  windowMs: number;
  /**
   * When the shared store cannot answer: 'local' counts in this process for the outage (each
   * instance then allows the budget, as before ADR 021), 'refuse' turns the request away with
   * 'unavailable'. Default 'local'.
   */
  whenStoreDown?: 'local' | 'refuse';
}

/** Seconds to wait when over budget, 0 when the request may go on, 'unavailable' when a 'refuse' rule cannot be counted. */
export type BudgetVerdict = number | 'unavailable';

export interface Budgets {
  readonly store: 'sql' | 'redis';
  /** Spends one unit of `key`'s budget under `rule`. Never throws for a store failure (see BudgetRule.whenStoreDown). */
  spend(rule: BudgetRule, key: string): Promise<BudgetVerdict>;
  /** Units of `key`'s budget spent in the current window (0 when none), without spending; 'unavailable' when the shared store cannot answer. */
  spent(rule: BudgetRule, key: string): Promise<number | 'unavailable'>;
  /** Forgets what `key` spent under `rule` (a failure budget after a success). Never throws for a store failure. */
  forget(rule: BudgetRule, key: string): Promise<void>;
  close(): Promise<void>;
}

export interface BudgetOptions {
  db: Db;
  logger: Logger;
  /** The app clock; the SQL store reads windows from it (Redis keeps its own clock for key expiry). */
  now: () => Date;
  /** REDIS_URL; unset = the database store. */
  redisUrl?: string;
  /** Prefix of the Redis keys, so deployments (or parallel test runs) sharing one Redis keep apart. */
  redisPrefix?: string;
}

/** How long startup waits for a first Redis connection before serving with the local fallback. */
const REDIS_CONNECT_TIMEOUT_MS = 3_000;

/**
 * Connects without an offline queue: while Redis is away a command fails at once instead of holding
 * the request. Resolves with whether the first connection succeeded; ioredis keeps reconnecting.
 */
async function connectRedis(url: string): Promise<{ client: Redis; error?: unknown }> {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    lazyConnect: true,
  });
  // ioredis emits 'error' on every failed reconnect; spend() reports an outage once, so here it is only swallowed.
  client.on('error', () => {});
  try {
    await client.connect();
    return { client };
  } catch (error) {
    return { client, error };
  }
}

/** The error's kind and message (never the connection URL, which may carry a password). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown error';
  const code = (err as { code?: unknown }).code;
  return `${err.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${err.message.replace(/\w+:\/\/\S+/g, '<url>').slice(0, 200)}`;
}

export async function createBudgets(opts: BudgetOptions): Promise<Budgets> {
  const connected = opts.redisUrl ? await connectRedis(opts.redisUrl) : undefined;
  const redis = connected?.client;
  const store = redis ? 'redis' : 'sql';
  const prefix = opts.redisPrefix ?? 'mvrsp:budget';
  const shared = new Map<string, RateLimiterAbstract>();
  const local = new Map<string, RateLimiterMemory>();
  // One warning per outage (and one note when the store answers again), never one per request.
  let down = false;
  const reportDown = (err: unknown) => {
    if (down) return;
    down = true;
    opts.logger.warn('request budgets: the shared store does not answer; counting per instance (or refusing, per rule) until it does', {
      store,
      error: describe(err),
    });
  };
  if (connected?.error) reportDown(connected.error);

  const windowOf = (rule: BudgetRule) => ({ points: rule.max, duration: Math.ceil(rule.windowMs / 1000) });
  const sharedFor = (rule: BudgetRule) => {
    let limiter = shared.get(rule.name);
    if (!limiter) {
      limiter = redis
        ? new RateLimiterRedis({ ...windowOf(rule), storeClient: redis, keyPrefix: `${prefix}:${rule.name}`, rejectIfRedisNotReady: true })
        : new RateLimiterSql({ ...windowOf(rule), db: opts.db, now: opts.now, keyPrefix: rule.name });
      shared.set(rule.name, limiter);
    }
    return limiter;
  };
  const localFor = (rule: BudgetRule) => {
    let limiter = local.get(rule.name);
    if (!limiter) local.set(rule.name, (limiter = new RateLimiterMemory(windowOf(rule))));
    return limiter;
  };
  const spendOn = async (limiter: RateLimiterAbstract, key: string): Promise<number> => {
    try {
      await limiter.consume(key);
      return 0;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  };

  return {
    store,
    async spend(rule, key) {
      try {
        const wait = await spendOn(sharedFor(rule), key);
        if (down) {
          down = false;
          opts.logger.info('request budgets: the shared store answers again', { store });
        }
        return wait;
      } catch (err) {
        reportDown(err);
        if (rule.whenStoreDown === 'refuse') return 'unavailable';
        return spendOn(localFor(rule), key);
      }
    },
    async spent(rule, key) {
      try {
        return (await sharedFor(rule).get(key))?.consumedPoints ?? 0;
      } catch (err) {
        reportDown(err);
        return 'unavailable';
      }
    },
    async forget(rule, key) {
      await localFor(rule).delete(key);
      try {
        await sharedFor(rule).delete(key);
      } catch (err) {
        reportDown(err);
      }
    },
    async close() {
      if (!redis) return;
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
