// The server's postgres.js runs with the repaired queue (server/db/postgres-driver.ts,
// docs/decisions/028-postgres-driver-queue.md): the same behaviour as the package's queue, without
// the holes that made every connection move scan the whole history of a saturated pool.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import packagePostgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { PACKAGE_QUEUE_PATH, postgres, Queue, usesRepairedQueue } from './postgres-driver.ts';
import { TEST_DATABASE_URL } from '#tests/setup/test-env.ts';

interface AnyQueue {
  readonly length: number;
  remove(x: number): number | null;
  push(x: number): number;
  shift(): number | undefined;
}

/** The package's own queue (its ES module build, which the repair does not touch). */
async function packageQueue(): Promise<() => AnyQueue> {
  const file = path.join(path.dirname(PACKAGE_QUEUE_PATH), '..', '..', 'src', 'queue.js');
  return ((await import(pathToFileURL(file).href)) as { default: () => AnyQueue }).default;
}

describe('the repaired postgres.js queue', () => {
  it('is the queue of the driver the server opens', async () => {
    expect(usesRepairedQueue()).toBe(true);
    // postgres.js connects lazily: no server is needed to see which build the pool comes from.
    const database = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' });
    try {
      const client = (database.db as unknown as { $client: { PostgresError: unknown } }).$client;
      expect(client.PostgresError).toBe(postgres.PostgresError);
      expect(client.PostgresError).not.toBe(packagePostgres.PostgresError);
    } finally {
      await database.close();
    }
  });

  it('pushes, shifts and removes like the package queue', async () => {
    const Package = await packageQueue();
    const op = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), x: fc.integer({ min: 1, max: 20 }) }),
      fc.record({ kind: fc.constant('shift' as const) }),
      fc.record({ kind: fc.constant('remove' as const), x: fc.integer({ min: 1, max: 20 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const ours = Queue<number>();
        const theirs = Package();
        for (const o of ops) {
          // The package queue's shift on an empty queue corrupts it; the driver never does that.
          if (o.kind === 'shift' && theirs.length === 0) continue;
          const a = o.kind === 'push' ? ours.push(o.x) : o.kind === 'shift' ? ours.shift() : ours.remove(o.x);
          const b = o.kind === 'push' ? theirs.push(o.x) : o.kind === 'shift' ? theirs.shift() : theirs.remove(o.x);
          expect(a).toBe(b);
          expect(ours.length).toBe(theirs.length);
        }
      }),
    );
  });

  it('keeps no holes when a saturated pool moves its connections in and out', () => {
    // index.js handler/go/move: a busy connection is shifted to take one more query, then removed
    // when it moves on; the queue empties through remove, never through shift.
    const busy = Queue<string>();
    const connections = Array.from({ length: 10 }, (_, i) => `c${i}`);
    for (const c of connections) busy.push(c);
    for (let round = 0; round < 100_000; round++) {
      const c = busy.shift()!;
      expect(busy.remove(c)).toBeNull(); // move(c, busy): c was shifted out already
      busy.push(c);
      if (round % 1000 === 999) for (const x of connections) busy.remove(x);
      if (round % 1000 === 999) for (const x of connections) busy.push(x);
    }
    expect(busy.length).toBe(10);
    expect(busy.slots).toBeLessThanOrEqual(64);
  });
});

describe.each(TEST_DATABASE_URL ? [TEST_DATABASE_URL] : [])('the repaired driver on PostgreSQL', (url) => {
  it('answers every one of many concurrent queries through a small pipelined pool, in order per caller', async () => {
    const sql = postgres(url, { max: 3, onnotice: () => {} });
    try {
      const got = await Promise.all(Array.from({ length: 2000 }, (_, i) => sql<{ n: number }[]>`select ${i}::int as n`.then((r) => r[0]!.n)));
      expect(got).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
