// Leases (server/lib/budgets.ts, ADR 027): at most `max` holders of a key at once, counted in the
// store every instance shares. Two Budgets objects over one database (or one Redis) stand for two
// server instances; a slot goes to exactly one of them, comes back on release, and a lease of an
// instance that died lapses at its end without a late release freeing its successor's slot.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { getTestDatabase, truncateAll } from '#tests/setup/db.ts';
import { DB_DRIVERS, TEST_REDIS_URL } from '#tests/setup/test-env.ts';
import { createBudgets, type Budgets, type Lease, type LeaseRule } from './budgets.ts';
import type { Logger } from './logger.ts';

const quiet: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const STORES = [...DB_DRIVERS, ...(TEST_REDIS_URL ? (['redis'] as const) : [])];
const rule: LeaseRule = { name: 'test-lease', max: 2, ttlMs: 60_000 };

const opened: Budgets[] = [];
afterEach(async () => {
  for (const b of opened.splice(0)) await b.close();
});

async function twoInstances(store: (typeof STORES)[number]) {
  const database = await getTestDatabase(store === 'redis' ? 'pglite' : store);
  await truncateAll(database);
  let clock = Date.now();
  const redisPrefix = `test:${randomUUID()}`;
  const make = async () => {
    const b = await createBudgets({ db: database.db, logger: quiet, now: () => new Date(clock), redis: store === 'redis' && TEST_REDIS_URL ? { url: TEST_REDIS_URL, keyPrefix: redisPrefix } : undefined });
    opened.push(b);
    return b;
  };
  return { a: await make(), b: await make(), advance: (ms: number) => void (clock += ms) };
}

const held = (lease: Lease | 'busy'): Lease => {
  if (lease === 'busy') throw new Error('expected a lease');
  return lease;
};

describe.each(STORES)('leases (%s)', (store) => {
  it('gives at most max slots of a key across instances, per key; a release frees one', async () => {
    const { a, b } = await twoInstances(store);
    const claims = await Promise.all([a.lease(rule, 'u1'), b.lease(rule, 'u1'), a.lease(rule, 'u1'), b.lease(rule, 'u1')]);
    expect(claims.filter((c) => c === 'busy')).toHaveLength(2);
    expect(await a.lease(rule, 'u2')).not.toBe('busy'); // another key has its own slots
    const first = held(claims.find((c) => c !== 'busy')!);
    await first.release();
    await first.release(); // idempotent: frees one slot, not two
    const again = held(await b.lease(rule, 'u1'));
    expect(await a.lease(rule, 'u1')).toBe('busy');
    await again.release();
  });
});

// The SQL store reads the app clock, so the lapse is tested by moving it (Redis expires keys on its own clock).
describe.each(DB_DRIVERS)('leases (%s)', (store) => {
  it('lets a lease of a vanished holder lapse at its end; its late release leaves the new holder alone', async () => {
    const { a, b, advance } = await twoInstances(store);
    const lost = [held(await a.lease(rule, 'u1')), held(await a.lease(rule, 'u1'))];
    expect(await b.lease(rule, 'u1')).toBe('busy');
    advance(rule.ttlMs + 1);
    const next = [held(await b.lease(rule, 'u1')), held(await b.lease(rule, 'u1'))];
    for (const l of lost) await l.release();
    expect(await a.lease(rule, 'u1')).toBe('busy');
    for (const l of next) await l.release();
    expect(await a.lease(rule, 'u1')).not.toBe('busy');
  });
});
