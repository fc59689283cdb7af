// Request budgets shared by every server instance (ADR 021): fixed windows counted by
// rate-limiter-flexible in Redis when REDIS_URL is set, else in the rate_limits table of the app's
// own database (PostgreSQL, or PGlite on one machine). server/lib/rate-limit.ts (the /api
// middleware) and server/auth-provider/auth.throttle.ts (per-IP throttles) spend from it.
// Leases (ADR 027) cap how many requests of one kind run at once per key, in the same stores.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import type { Logger } from './logger.ts';
import { RateLimiterSql, claimLeaseSlot, releaseLeaseSlot } from './budgets.sql.ts';

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
  /**
   * 'shared' (default): one count for every instance, in the shared store. 'instance': counted in
   * this process only, never in the store, for requests about this instance itself (readiness
   * probes), where a shared count would add a store write to every request it is meant to limit.
   */
  scope?: 'shared' | 'instance';
}

/** Seconds to wait when over budget, 0 when the request may go on, 'unavailable' when a 'refuse' rule cannot be counted. */
export type BudgetVerdict = number | 'unavailable';

/** At most `max` requests of one kind running at once per key (ADR 027). */
export interface LeaseRule {
  /** Stable name: part of every stored key. */
  name: string;
  max: number;
  /**
   * How long a lease holds at most: a request holding one must finish (or be cut off) within it,
   * and the lease of an instance that died lapses after it.
   */
  ttlMs: number;
}

/** A held lease; release() is idempotent and never throws. */
export interface Lease {
  release(): Promise<void>;
}

export interface Budgets {
  readonly store: 'sql' | 'redis';
  /** Spends one unit of `key`'s budget under `rule`. Never throws for a store failure (see BudgetRule.whenStoreDown). */
  spend(rule: BudgetRule, key: string): Promise<BudgetVerdict>;
  /**
   * Takes one of `rule.max` concurrent slots of `key`, or answers 'busy' when all are held. While the
   * shared store does not answer, slots are counted in this process (as BudgetRule 'local'). Never throws.
   */
  lease(rule: LeaseRule, key: string): Promise<Lease | 'busy'>;
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
  /**
   * REDIS_URL and REDIS_KEY_PREFIX (server/env.ts); unset = the database store. The prefix starts
   * every key, so deployments (or parallel test runs) sharing one Redis keep apart.
   */
  redis?: { url: string; keyPrefix: string };
}

/** How long startup waits for a first Redis connection before serving with the local fallback. */
const REDIS_CONNECT_TIMEOUT_MS = 3_000;
/**
 * How long one spend waits for Redis on an open connection. A spend is one small Lua script (well
 * under a millisecond on a healthy server); past this, Redis counts as not answering (a hung server
 * or a dropped route keeps the connection open, so without it the request would wait for good).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Connects without an offline queue: while Redis is away (no connection) a command fails at once
 * instead of holding the request; on an open connection that stops answering, it fails after
 * REDIS_COMMAND_TIMEOUT_MS. A command that failed is never sent again after a reconnect (its
 * request was already answered from the fallback). Resolves with whether the first connection
 * succeeded; ioredis keeps reconnecting.
 */
async function connectRedis(url: string): Promise<{ client: Redis; error?: unknown }> {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    autoResendUnfulfilledCommands: false,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
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
  const connected = opts.redis ? { ...(await connectRedis(opts.redis.url)), keyPrefix: opts.redis.keyPrefix } : undefined;
  const redis = connected?.client;
  const store = redis ? 'redis' : 'sql';
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
      limiter = connected
        ? new RateLimiterRedis({ ...windowOf(rule), storeClient: connected.client, keyPrefix: `${connected.keyPrefix}:${rule.name}`, rejectIfRedisNotReady: true })
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

  // Leases: one Redis key per slot (SET NX PX; released by a compare-and-delete script), or one
  // rate_limits row per slot (claimLeaseSlot). While the store is down: a count in this process.
  const localLeases = new Map<string, number>();
  const RELEASE_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
  const claimShared = async (rule: LeaseRule, key: string): Promise<Lease | null> => {
    if (redis) {
      const token = randomUUID();
      for (let slot = 0; slot < rule.max; slot++) {
        const slotKey = `${connected!.keyPrefix}:lease:${rule.name}:${key}:${slot}`;
        if ((await redis.set(slotKey, token, 'PX', rule.ttlMs, 'NX')) === 'OK') {
          return { release: () => redis.eval(RELEASE_SCRIPT, 1, slotKey, token).then(() => undefined) };
        }
      }
      return null;
    }
    const claimed = await claimLeaseSlot(opts.db, `lease:${rule.name}:${key}`, rule.max, rule.ttlMs, opts.now());
    return claimed && { release: () => releaseLeaseSlot(opts.db, claimed.slotKey, claimed.expire) };
  };
  const claimLocal = (rule: LeaseRule, key: string): Lease | null => {
    const k = `${rule.name}:${key}`;
    const held = localLeases.get(k) ?? 0;
    if (held >= rule.max) return null;
    localLeases.set(k, held + 1);
    return {
      release: async () => {
        const left = (localLeases.get(k) ?? 1) - 1;
        if (left > 0) localLeases.set(k, left);
        else localLeases.delete(k);
      },
    };
  };
  /** Releases once; a store failure on release is logged as an outage and the slot lapses at its end. */
  const once = (lease: Lease): Lease => {
    let released: Promise<void> | undefined;
    return { release: () => (released ??= lease.release().catch(reportDown)) };
  };

  return {
    store,
    async lease(rule, key) {
      let claimed: Lease | null;
      try {
        claimed = await claimShared(rule, key);
        if (down) {
          down = false;
          opts.logger.info('request budgets: the shared store answers again', { store });
        }
      } catch (err) {
        reportDown(err);
        claimed = claimLocal(rule, key);
      }
      return claimed ? once(claimed) : 'busy';
    },
    async spend(rule, key) {
      if (rule.scope === 'instance') return spendOn(localFor(rule), key);
      try {
        const wait = await spendOn(sharedFor(rule), key);
        if (down) {
          down = false;
          opts.logger.info('request budgets: the shared store answers again', { store });
        }
        return wait;
      } catch (err) {
        reportDown(err);
        // A connection that stopped answering is dropped: until a new one is ready, spends skip
        // Redis at once (rejectIfRedisNotReady) instead of each waiting out the command timeout.
        if (connected?.client.status === 'ready' && err instanceof Error && err.message === 'Command timed out') connected.client.disconnect(true);
        if (rule.whenStoreDown === 'refuse') return 'unavailable';
        return spendOn(localFor(rule), key);
      }
    },
    async spent(rule, key) {
      if (rule.scope === 'instance') return (await localFor(rule).get(key))?.consumedPoints ?? 0;
      try {
        return (await sharedFor(rule).get(key))?.consumedPoints ?? 0;
      } catch (err) {
        reportDown(err);
        return 'unavailable';
      }
    },
    async forget(rule, key) {
      await localFor(rule).delete(key);
      if (rule.scope === 'instance') return;
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
