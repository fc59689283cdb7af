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

/** How often an instance asks for the migration lock while another one migrates. */
const MIGRATION_LOCK_POLL_MS = 200;

/** First line of a migration whose statements run one by one outside a transaction on PostgreSQL (ADR 026). */
export const OUTSIDE_TRANSACTION = '-- migrate:outside-transaction';

type Migration = ReturnType<typeof readMigrationFiles>[number];

const runsOutsideTransaction = (m: Migration) => m.sql[0]?.trimStart().startsWith(OUTSIDE_TRANSACTION) ?? false;

/** PGlite has one connection and nothing to wait for: its statements run in the migration's transaction, so CONCURRENTLY (refused there) is dropped. */
export const withoutConcurrently = (statement: string) => statement.replace(/\b((?:CREATE(?: UNIQUE)?|DROP) INDEX) CONCURRENTLY\b/gi, '$1');

const CONCURRENT_INDEX = /^\s*CREATE(?: UNIQUE)? INDEX CONCURRENTLY IF NOT EXISTS "([^"]+)"/im;

/**
 * One statement of an outside-transaction migration. A CREATE INDEX CONCURRENTLY that was
 * interrupted leaves an invalid index behind, which IF NOT EXISTS would then keep: drop it first
 * so the build runs again (PostgreSQL manual, CREATE INDEX, "Building Indexes Concurrently").
 */
async function runOutside(db: Db, statement: string): Promise<void> {
  const index = CONCURRENT_INDEX.exec(statement)?.[1];
  if (index) {
    const [found] = rowsOf<{ valid: boolean }>(
      await db.execute(sql`select i.indisvalid as "valid" from pg_index i where i.indexrelid = to_regclass(${`public."${index}"`})`),
    );
    if (found && !found.valid) await db.execute(sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS "${index}"`));
  }
  await db.execute(sql.raw(statement));
}

/**
 * drizzle's bookkeeping (drizzle-orm/pg-core/dialect.js `migrate`): a migration is pending when its
 * folderMillis is newer than the last applied row of drizzle.__drizzle_migrations, and is recorded
 * with its hash and folderMillis. Unlike drizzle's migrator, each migration is its own transaction,
 * and one marked OUTSIDE_TRANSACTION runs statement by statement on PostgreSQL, recorded after its
 * last statement (so an interrupted one runs again from the start; its statements are idempotent).
 */
async function applyMigrations(db: Db, kind: Database['kind'], files: Migration[]): Promise<void> {
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  const last = rowsOf<{ at: string | null }>(await db.execute(sql`select max(created_at)::text as "at" from drizzle.__drizzle_migrations`))[0]?.at;
  const lastAt = last == null ? -1 : Number(last);
  const record = (tx: Db, m: Migration) => tx.execute(sql`insert into drizzle.__drizzle_migrations ("hash", "created_at") values (${m.hash}, ${m.folderMillis})`);
  for (const m of files.filter((f) => f.folderMillis > lastAt)) {
    if (kind === 'postgres' && runsOutsideTransaction(m)) {
      for (const statement of m.sql) if (statement.trim()) await runOutside(db, statement);
      await record(db, m);
      continue;
    }
    await db.transaction(async (tx) => {
      for (const statement of m.sql) if (statement.trim()) await tx.execute(sql.raw(withoutConcurrently(statement)));
      await record(tx as unknown as Db, m);
    });
  }
}

/**
 * Applies the drizzle-kit migrations in migrations/ with either driver.
 * On PostgreSQL an advisory lock keeps several instances from migrating at once.
 */
export async function migrateDatabase(database: Database, only?: (m: Migration) => boolean): Promise<void> {
  // Fails early with a clear error if the folder is broken. `only` keeps a prefix of the list (the
  // runner's test stops at one migration); the server always applies them all.
  const all = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const files = only ? all.filter(only) : all;
  // An existing data directory is usually up to date: skip the transaction (and on PostgreSQL the
  // advisory lock and the extra connection) when nothing is pending.
  if ((await pendingMigrations(database.db)) === 0) return;
  if (database.kind === 'pglite') {
    await applyMigrations(database.db, 'pglite', files);
    return;
  }
  const [{ drizzle }, { default: postgres }] = await Promise.all([import('drizzle-orm/postgres-js'), import('postgres')]);
  // One dedicated connection, so the session-level advisory lock and the migration share it.
  const client = postgres(database.url ?? '', { max: 1, onnotice: () => {} });
  const db = drizzle({ client, casing: 'snake_case' }) as unknown as Db;
  try {
    // Polled, not waited for: CREATE INDEX CONCURRENTLY (an outside-transaction migration) waits for
    // every transaction older than it, and an instance blocked in pg_advisory_lock is such a
    // transaction, waiting in turn for the migrating one: PostgreSQL reports a deadlock. Each
    // pg_try_advisory_lock ends at once, so the index build never waits on a waiter.
    while (!rowsOf<{ locked: boolean }>(await db.execute(sql`select pg_try_advisory_lock(727274) as "locked"`))[0]?.locked) {
      await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_POLL_MS));
    }
    // Another instance may have finished while this one waited for the lock: applyMigrations reads the last applied row again.
    await applyMigrations(db, 'postgres', files);
    await db.execute(sql`select pg_advisory_unlock(727274)`);
  } finally {
    await client.end({ timeout: 5 });
  }
}
