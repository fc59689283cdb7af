import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { appPath } from '../lib/app-root.ts';
import { rowsOf } from '../lib/db-rows.ts';
import type { Database, Db } from './client.ts';

export const MIGRATIONS_DIR = appPath('migrations');

/**
 * How many migrations in migrations/ the database has not applied yet. drizzle's migrator applies
 * every migration whose folderMillis is newer than the created_at of the last row of
 * drizzle.__drizzle_migrations (drizzle-orm/pg-core/dialect.js), so the same comparison answers
 * "all applied" without a transaction or a lock.
 */
/** The migrations shipped with this build: read from disk once (GET /api/ready asks on every probe). */
let shipped: ReturnType<typeof readMigrationFiles> | undefined;

export async function pendingMigrations(db: Db): Promise<number> {
  const files = (shipped ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }));
  const table = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  if (!rowsOf<{ exists: boolean }>(table)[0]?.exists) return files.length;
  const last = rowsOf<{ at: string | null }>(await db.execute(sql`select max(created_at)::text as "at" from drizzle.__drizzle_migrations`))[0]?.at;
  const lastAt = last == null ? -1 : Number(last);
  return files.filter((m) => m.folderMillis > lastAt).length;
}

/**
 * Applies the drizzle-kit migrations in migrations/ with either driver.
 * On PostgreSQL an advisory lock keeps several instances from migrating at once.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  readMigrationFiles(config); // fail early with a clear error if the folder is broken
  // An existing data directory is usually up to date: skip the migrator's transaction (and on
  // PostgreSQL the advisory lock and the extra connection) when nothing is pending.
  if ((await pendingMigrations(database.db)) === 0) return;
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, config);
    return;
  }
  const [{ migrate }, { drizzle }, { default: postgres }] = await Promise.all([
    import('drizzle-orm/postgres-js/migrator'),
    import('drizzle-orm/postgres-js'),
    import('postgres'),
  ]);
  // One dedicated connection, so the session-level advisory lock and the migration share it.
  const client = postgres(database.url ?? '', { max: 1, onnotice: () => {} });
  const db = drizzle({ client, casing: 'snake_case' });
  try {
    await db.execute(sql`select pg_advisory_lock(727274)`);
    await migrate(db, config);
    await db.execute(sql`select pg_advisory_unlock(727274)`);
  } finally {
    await client.end({ timeout: 5 });
  }
}
