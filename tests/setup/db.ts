// One database per test worker and driver, migrated once; tests reset data between them.
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { rowsOf } from '#server/lib/db-rows.ts';
import { TEST_DATABASE_URL, WORKER_ID, type DriverName } from './test-env.ts';

const open = new Map<DriverName, Promise<Database>>();

/**
 * A new, empty PostgreSQL database on the TEST_DATABASE_URL server (dropped first if a crashed run
 * left it); `drop` removes it with any connection still open.
 */
export async function createPostgresDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const serverUrl = TEST_DATABASE_URL;
  const onServer = async (statement: string) => {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(statement);
    } finally {
      await admin.end({ timeout: 5 });
    }
  };
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function createWorkerPostgres(): Promise<string> {
  return (await createPostgresDatabase(`mvrsp_test_${process.pid}_w${WORKER_ID}`)).url;
}

/** The worker's shared, migrated database for a driver (PGlite in memory, or a per-worker PostgreSQL database). */
export function getTestDatabase(driver: DriverName): Promise<Database> {
  let db = open.get(driver);
  if (!db) {
    db = (async () => {
      const database =
        driver === 'pglite' ? await openDatabase({}) : await openDatabase({ databaseUrl: await createWorkerPostgres() });
      await migrateDatabase(database);
      return database;
    })();
    open.set(driver, db);
  }
  return db;
}

/** Empties every table (seed data is written again by buildServer). */
export async function truncateAll(database: Database): Promise<void> {
  const tables = rowsOf<{ tablename: string }>(
    await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  ).map((r) => `"${r.tablename}"`);
  if (tables.length) await database.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
}
