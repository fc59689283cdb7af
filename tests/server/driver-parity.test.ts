// Driver parity: what the server relies on from the database driver, on PGlite and on PostgreSQL
// (when TEST_DATABASE_URL is set). The other database tests run on one driver (tests/setup/db.ts),
// so what differs between postgres.js and PGlite is tested here: transactions and savepoints, row
// locks under concurrent transactions, the answer save path (compare-and-set), json and timestamp
// round trips, and the SQLSTATE codes the error handler reads. On PostgreSQL a second pool is a
// second server instance, so the transactions really run side by side; PGlite has one connection
// and runs them one after another, with the same outcome.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_WITH_EVERY_DUTY } from '#domain/questions/applicability.ts';
import { openDatabase, type Database, type Db } from '#server/db/client.ts';
import { organizations, profiles } from '#server/db/schema/index.ts';
import { applyAnswer } from '#server/features/assessments/answers.service.ts';
import { seedOrg } from '#server/features/sync/sync.test-fixtures.ts';
import { rowsOf } from '#server/lib/db-rows.ts';
import { sqlState } from '#server/lib/error-handler.ts';
import { getTestDatabase, resetDatabase } from '#tests/setup/db.ts';
import { DB_DRIVERS, TEST_DATABASE_URL } from '#tests/setup/test-env.ts';

const failure = (p: Promise<unknown>) => p.then(() => undefined, (err: unknown) => err);

describe.each(DB_DRIVERS)('driver parity (%s)', (driver) => {
  let database: Database;
  let db: Db;
  /** A second instance's pool on PostgreSQL; the same database on PGlite. */
  let other: Db;
  let second: Database | undefined;

  beforeEach(async () => {
    database = await getTestDatabase(driver);
    await resetDatabase(database);
    db = database.db;
    if (database.url && !second) second = await openDatabase({ databaseUrl: database.url });
    other = second?.db ?? db;
  });
  afterAll(async () => second?.close());

  const orgName = async (id: string) => (await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id)))[0]?.name;

  it('commits a transaction, rolls back a failed one, and a failed savepoint only', async () => {
    const [org] = await db.insert(organizations).values({ name: 'Before' }).returning();
    await expect(
      db.transaction(async (tx) => {
        await tx.update(organizations).set({ name: 'Lost' }).where(eq(organizations.id, org!.id));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await orgName(org!.id)).toBe('Before');
    await db.transaction(async (tx) => {
      await tx.update(organizations).set({ name: 'Outer' }).where(eq(organizations.id, org!.id));
      await tx
        .transaction(async (inner) => {
          await inner.update(organizations).set({ name: 'Inner' }).where(eq(organizations.id, org!.id));
          throw new Error('inner only');
        })
        .catch(() => undefined);
    });
    expect(await orgName(org!.id)).toBe('Outer');
  });

  it('serializes read-modify-write transactions on a row lock (SELECT … FOR UPDATE): no lost update', async () => {
    const [org] = await db.insert(organizations).values({ name: 'n' }).returning();
    const append = (on: Db, suffix: string) =>
      on.transaction(async (tx) => {
        const [row] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, org!.id)).for('update');
        await new Promise((resolve) => setTimeout(resolve, 20)); // the other transaction starts meanwhile
        await tx.update(organizations).set({ name: `${row!.name}${suffix}` }).where(eq(organizations.id, org!.id));
      });
    await Promise.all([append(db, 'a'), append(other, 'b')]);
    expect((await orgName(org!.id))?.split('').sort().join('')).toBe('abn');
  });

  it('saves one of two answers racing from the same base version and reports the other as a conflict', async () => {
    const org = await seedOrg(db, 'Parity');
    const base = { assessmentId: org.assessmentId, organizationId: org.orgId, questionId: org.questionIds[0]!, baseVersion: 0 };
    const results = await Promise.all([
      applyAnswer({ db }, { ...base, answer: 'yes', userId: org.userId, mutationId: randomUUID() }),
      applyAnswer({ db: other }, { ...base, answer: 'no', userId: org.otherUserId, mutationId: randomUUID() }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['applied', 'conflict']);
    const applied = results.find((r) => r.status === 'applied')!;
    expect(results.find((r) => r.status === 'conflict')!.answer).toMatchObject({ answer: applied.answer?.answer, version: 1 });
  });

  it('round-trips jsonb and timestamptz the same way', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const profile = { ...PROFILE_WITH_EVERY_DUTY };
    const [org] = await db.insert(organizations).values({ name: 'Ünïcode “name” 🧪', applicability: profile, applicabilityUpdatedAt: at }).returning();
    const [read] = await db.select().from(organizations).where(eq(organizations.id, org!.id));
    expect(read!.applicability).toEqual(profile);
    expect(read!.applicabilityUpdatedAt?.toISOString()).toBe(at.toISOString());
    expect(read!.name).toBe('Ünïcode “name” 🧪');
    const [raw] = rowsOf<{ doc: unknown; n: unknown; t: unknown }>(
      await db.execute(sql`select '{"a":[1,null,"x"],"b":{"c":true}}'::jsonb as "doc", 2::int as "n", count(*) as "t" from organizations`),
    );
    expect(raw!.doc).toEqual({ a: [1, null, 'x'], b: { c: true } });
    expect(raw!.n).toBe(2);
  });

  it('reports the SQLSTATE codes the error handler maps (unique violation, bad input, foreign key)', async () => {
    const [org] = await db.insert(organizations).values({ name: 'Codes' }).returning();
    const id = randomUUID();
    const row = { id, email: `${id}@parity.test`, firstName: 'P', lastName: 'Q', organizationId: org!.id, role: 'team_member' as const };
    await db.insert(profiles).values(row);
    expect(sqlState(await failure(db.insert(profiles).values(row)))).toBe('23505');
    expect(sqlState(await failure(db.execute(sql`select 'not a number'::int`)))).toBe('22P02');
    expect(sqlState(await failure(db.insert(profiles).values({ ...row, id: randomUUID(), organizationId: randomUUID() })))).toBe('23503');
    // The connection is usable after each error.
    expect(await orgName(org!.id)).toBe('Codes');
  });
});

// Only PostgreSQL has more than one session: a transaction-scoped advisory lock (the question bank
// seed, the signing key) keeps a second session out until the first commits.
describe.each(TEST_DATABASE_URL ? (['postgres'] as const) : [])('advisory locks (%s)', (driver) => {
  it('holds pg_advisory_xact_lock against another session until the transaction ends', async () => {
    const database = await getTestDatabase(driver);
    const second = await openDatabase({ databaseUrl: database.url!, poolMax: 1 });
    try {
      const tryLock = async () => rowsOf<{ got: boolean }>(await second.db.execute(sql`select pg_try_advisory_xact_lock(4242) as "got"`))[0]?.got;
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
        expect(await tryLock()).toBe(false);
      });
      expect(await tryLock()).toBe(true);
    } finally {
      await second.close();
    }
  });
});
