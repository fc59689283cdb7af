// The migration runner (server/db/migrate.ts, docs/decisions/026-platform-scale-admin-lists-and-indexes.md):
// a migration marked `-- migrate:outside-transaction` runs on PostgreSQL statement by statement, so
// CREATE INDEX CONCURRENTLY works, and an interrupted run resumes, rebuilding an invalid index.
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '#tests/setup/db.ts';
import { TEST_DATABASE_URL } from '#tests/setup/test-env.ts';
import { rowsOf } from '../lib/db-rows.ts';
import { openDatabase, type Database } from './client.ts';
import { MIGRATIONS_DIR, OUTSIDE_TRANSACTION, migrateDatabase, pendingMigrations, withoutConcurrently } from './migrate.ts';

const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });

async function indexState(database: Database) {
  return rowsOf<{ name: string; valid: boolean }>(
    await database.db.execute(sql`select c.relname as "name", i.indisvalid as "valid" from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' order by 1`),
  );
}

describe('migrations', () => {
  it('builds indexes CONCURRENTLY only outside a transaction: PGlite gets plain CREATE INDEX', () => {
    expect(withoutConcurrently('CREATE INDEX CONCURRENTLY IF NOT EXISTS "a" ON "t" ("c");')).toBe('CREATE INDEX IF NOT EXISTS "a" ON "t" ("c");');
    expect(withoutConcurrently('create unique index concurrently "b" on t (c)')).toBe('create unique index "b" on t (c)');
    expect(withoutConcurrently('DROP INDEX CONCURRENTLY IF EXISTS "c";')).toBe('DROP INDEX IF EXISTS "c";');
    // The migration that adds the foreign-key indexes is one of them, and builds every index concurrently.
    const marked = files.filter((m) => m.sql[0]!.trimStart().startsWith(OUTSIDE_TRANSACTION));
    expect(marked.length).toBeGreaterThan(0);
    for (const m of marked) for (const s of m.sql.filter((x) => /\bINDEX\b/.test(x) && !/\bDO \$do\$/.test(x))) expect(s).toMatch(/INDEX CONCURRENTLY IF (NOT )?EXISTS/);
  });

  it.runIf(TEST_DATABASE_URL)('PostgreSQL: migrates a fresh database, and an interrupted outside-transaction migration resumes', async () => {
    const created = await createPostgresDatabase(`mvrsp_migrate_${process.pid}`);
    const database = await openDatabase({ databaseUrl: created.url });
    try {
      // Up to the first outside-transaction migration, which is then the last one applied.
      const marked = files.find((m) => m.sql[0]!.trimStart().startsWith(OUTSIDE_TRANSACTION))!;
      const throughMarked = (m: (typeof files)[number]) => m.folderMillis <= marked.folderMillis;
      await migrateDatabase(database, throughMarked);
      const before = await indexState(database);
      expect(before.filter((i) => !i.valid)).toEqual([]);

      // As if the process died during that migration: its row is missing and one concurrent build left an invalid index.
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      await database.db.execute(sql`update pg_index set indisvalid = false where indexrelid = 'responses_org_idx'::regclass`);
      await migrateDatabase(database, throughMarked);
      expect(await indexState(database)).toEqual(before);

      // Then the rest, as a fresh start would.
      await migrateDatabase(database);
      expect(await pendingMigrations(database.db)).toBe(0);
      const applied = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as "n" from drizzle.__drizzle_migrations`))[0]!.n;
      expect(applied).toBe(files.length);
    } finally {
      await database.close();
      await created.drop();
    }
  }, 180_000);
});
