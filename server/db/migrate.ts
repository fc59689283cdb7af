import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * Applies the drizzle-kit migrations in migrations/ with either driver.
 * On PostgreSQL an advisory lock keeps several instances from migrating at once.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  readMigrationFiles(config); // fail early with a clear error if the folder is broken
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
