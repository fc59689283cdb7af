// A rate-limiter-flexible store over the app's drizzle database (PostgreSQL through postgres.js, or
// PGlite), built on the library's extension point for custom stores, RateLimiterStoreAbstract: it
// implements _upsert, _get, _delete and _getRateLimiterRes (node_modules/rate-limiter-flexible/lib/
// RateLimiterStoreAbstract.js documents the contract). The library's RateLimiterPostgres needs the
// `pg` driver; its RateLimiterDrizzle reads Date.now(), keeps a timestamp column and sweeps with its
// own timer. This store reads the injected app clock, so tests that move time move the windows too,
// and expired rows are swept by the scheduler's housekeeping job (sweepExpiredBudgets).
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { RateLimiterRes } from 'rate-limiter-flexible';
import RateLimiterStoreAbstract from 'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

interface StoredWindow {
  points: number;
  /** Epoch ms; null = no expiry. */
  expire: number | null;
}

export interface SqlStoreOptions {
  points: number;
  /** Seconds. */
  duration: number;
  keyPrefix: string;
  db: Db;
  now: () => Date;
}

export class RateLimiterSql extends RateLimiterStoreAbstract {
  private readonly db: Db;
  private readonly now: () => Date;

  constructor(opts: SqlStoreOptions) {
    super({ points: opts.points, duration: opts.duration, keyPrefix: opts.keyPrefix, storeClient: opts.db });
    this.db = opts.db;
    this.now = opts.now;
  }

  /**
   * Adds `points` to the key's window in one statement, atomic per row on PostgreSQL (the conflicting
   * row is locked until the statement ends) and trivially on PGlite: a missing or expired window starts
   * again at `points` with a new end; a live one adds to its count and keeps its end. forceExpire
   * (set/block) overwrites both.
   */
  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<StoredWindow> {
    const nowMs = this.now().getTime();
    const expire = msDuration > 0 ? nowMs + msDuration : null;
    const ended = sql`(${rateLimits.expire} is not null and ${rateLimits.expire} <= ${nowMs})`;
    const set = forceExpire
      ? { points: sql`excluded.points`, expire: sql`excluded.expire` }
      : {
          points: sql`case when ${ended} then excluded.points else ${rateLimits.points} + excluded.points end`,
          expire: sql`case when ${ended} then excluded.expire else ${rateLimits.expire} end`,
        };
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key: rlKey, points, expire })
      .onConflictDoUpdate({ target: rateLimits.key, set })
      .returning({ points: rateLimits.points, expire: rateLimits.expire });
    if (!row) throw new Error('rate_limits upsert returned no row');
    return row;
  }

  async _get(rlKey: string): Promise<StoredWindow | null> {
    const nowMs = this.now().getTime();
    const [row] = await this.db
      .select({ points: rateLimits.points, expire: rateLimits.expire })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, rlKey), or(isNull(rateLimits.expire), gt(rateLimits.expire, nowMs))));
    return row ?? null;
  }

  async _delete(rlKey: string): Promise<boolean> {
    const rows = await this.db.delete(rateLimits).where(eq(rateLimits.key, rlKey)).returning({ key: rateLimits.key });
    return rows.length > 0;
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, row: StoredWindow): RateLimiterRes {
    const msBeforeNext = row.expire === null ? -1 : Math.max(row.expire - this.now().getTime(), 0);
    return new RateLimiterRes(Math.max(this.points - row.points, 0), msBeforeNext, row.points, row.points === changedPoints);
  }
}

/** Deletes windows that ended before `now`; the housekeeping job runs it (server/features/jobs/scheduler.ts). */
export async function sweepExpiredBudgets(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(rateLimits).where(lte(rateLimits.expire, now.getTime())).returning({ key: rateLimits.key });
  return rows.length;
}

/**
 * Claims one of `max` lease slots of `key` (rows `<key>:<slot>` of rate_limits, points 1, expire =
 * the lease's end): one `INSERT … ON CONFLICT (key) DO UPDATE … WHERE the held lease has ended`
 * per slot tried, so a slot goes to exactly one claimant however many instances race for it
 * (PostgreSQL locks the conflicting row for the statement). Returns the claimed slot's key and end
 * (the end is the release token), or null when every slot is held. A lease of a process that died
 * lapses at its end; sweepExpiredBudgets removes it like an ended window.
 */
export async function claimLeaseSlot(db: Db, key: string, max: number, ttlMs: number, now: Date): Promise<{ slotKey: string; expire: number } | null> {
  const nowMs = now.getTime();
  const expire = nowMs + ttlMs;
  for (let slot = 0; slot < max; slot++) {
    const slotKey = `${key}:${slot}`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key: slotKey, points: 1, expire })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { points: sql`excluded.points`, expire: sql`excluded.expire` },
        setWhere: sql`${rateLimits.expire} is not null and ${rateLimits.expire} <= ${nowMs}`,
      })
      .returning({ key: rateLimits.key });
    if (row) return { slotKey, expire };
  }
  return null;
}

/** Gives a slot back, only while it is still this lease's (same end); a lapsed and re-claimed slot stays its new holder's. */
export async function releaseLeaseSlot(db: Db, slotKey: string, expire: number): Promise<void> {
  await db.delete(rateLimits).where(and(eq(rateLimits.key, slotKey), eq(rateLimits.expire, expire)));
}
