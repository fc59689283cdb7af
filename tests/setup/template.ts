// The database state every database test starts from: migrated and seeded once per run (vitest
// globalSetup, tests/setup/global-db.ts), copied per test file (tests/setup/db.ts), and put back
// between tests by one SQL call (resetToTemplate) instead of truncating, re-seeding the question bank
// and re-hashing the admin's password for every test.
import { sql } from 'drizzle-orm';
import { buildServer } from '#server/compose.ts';
import type { Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { rowsOf } from '#server/lib/db-rows.ts';
import { testEnv } from './test-env.ts';

/** Where the template keeps a copy of its seeded rows and the reset function. */
const SNAPSHOT = 'test_seed';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Migrates `database` and seeds it exactly as buildServer does on an empty database with testEnv()
 * (domains, the question bank, the system admin, the auth signing keys), then installs
 * test_seed.reset(): it empties every public table and writes the seeded rows and sequence values
 * back, so a reset database is the one buildServer would leave on an empty one.
 */
export async function seedTemplate(database: Database): Promise<void> {
  await migrateDatabase(database);
  const built = await buildServer(testEnv(), { database, mailer: { kind: 'outbox', send: async () => {} } });
  await built.close();
  await installReset(database);
}

async function installReset(database: Database): Promise<void> {
  const { db } = database;
  const tables = rowsOf<{ name: string }>(await db.execute(sql`select tablename as "name" from pg_tables where schemaname = 'public' order by tablename`)).map((r) => r.name);
  const sequences = rowsOf<{ name: string; last: string | null }>(
    await db.execute(sql`select sequencename as "name", last_value::text as "last" from pg_sequences where schemaname = 'public' order by sequencename`),
  );
  await db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${SNAPSHOT} CASCADE`));
  await db.execute(sql.raw(`CREATE SCHEMA ${SNAPSHOT}`));
  const seeded: string[] = [];
  for (const table of tables) {
    const [row] = rowsOf<{ any: boolean }>(await db.execute(sql.raw(`select exists (select 1 from public.${quote(table)}) as "any"`)));
    if (!row?.any) continue;
    await db.execute(sql.raw(`CREATE TABLE ${SNAPSHOT}.${quote(table)} AS SELECT * FROM public.${quote(table)}`));
    seeded.push(table);
  }
  // Foreign keys are not checked while the seeded rows go back (session_replication_role = replica,
  // for this transaction only): the rows are a consistent copy, so no insert order is needed.
  const body = [
    tables.length ? `TRUNCATE ${tables.map((t) => `public.${quote(t)}`).join(', ')} RESTART IDENTITY CASCADE;` : '',
    `PERFORM set_config('session_replication_role', 'replica', true);`,
    ...seeded.map((t) => `INSERT INTO public.${quote(t)} OVERRIDING SYSTEM VALUE SELECT * FROM ${SNAPSHOT}.${quote(t)};`),
    `PERFORM set_config('session_replication_role', 'origin', true);`,
    ...sequences.map((s) =>
      s.last === null ? `PERFORM setval('public.${quote(s.name)}', 1, false);` : `PERFORM setval('public.${quote(s.name)}', ${Number(s.last)}, true);`,
    ),
  ].join('\n    ');
  await db.execute(sql.raw(`CREATE FUNCTION ${SNAPSHOT}.reset() RETURNS void LANGUAGE plpgsql AS $reset$\n  BEGIN\n    ${body}\n  END\n$reset$`));
}

/** Puts a database cloned from the template back into the template's state (one statement). */
export async function resetToTemplate(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`select ${SNAPSHOT}.reset()`));
}
