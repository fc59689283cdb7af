// One database per test file and driver, copied from a template that was migrated and seeded once
// per run (tests/setup/template.ts); tests put it back into the template's state between them.
//
// Which driver: the database tests run once, on PGlite (TEST_DRIVER in test-env.ts): it is the
// driver a default install runs (server/db/client.ts), it is there on every machine, so a test's
// result does not depend on what is installed, and a file's copy of the template loads in one step.
// What differs between the drivers (transactions and row locks under real concurrency, advisory
// locks, the answer save path, json and timestamp round trips, error codes) is tested on both in
// tests/server/driver-parity.test.ts, and the tests of behaviour only PostgreSQL has (two instances
// racing on one database, migrations under the advisory lock) run on PostgreSQL (DB_DRIVERS, or
// TEST_DATABASE_URL directly).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type Database } from '#server/db/client.ts';
import { rowsOf } from '#server/lib/db-rows.ts';
import { resetToTemplate, seedTemplate } from './template.ts';
import { IN_VITEST, TEST_DATABASE_URL, WORKER_ID, type DriverName } from './test-env.ts';

/** What tests/setup/global-db.ts made for this run (vitest `provide`). */
export interface DatabaseTemplates {
  /** File holding PGlite's dumpDataDir() of the seeded template. */
  pgliteDump: string;
  /** Name of the seeded template database on the TEST_DATABASE_URL server, when there is one. */
  postgresTemplate: string | null;
  /** Start of the name of every database copied from it in this run (dropped at the end of the run). */
  postgresPrefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DatabaseTemplates;
  }
}

/** The run's templates, or null outside vitest or in a project without tests/setup/global-db.ts. */
async function templates(): Promise<DatabaseTemplates | null> {
  if (!IN_VITEST) return null;
  const { inject } = await import('vitest');
  return inject('dbTemplates') ?? null;
}

/** A statement on the TEST_DATABASE_URL server's maintenance connection (CREATE/DROP DATABASE). */
export async function onPostgresServer(statement: string): Promise<void> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/**
 * A new PostgreSQL database on the TEST_DATABASE_URL server (dropped first if a crashed run left
 * it): empty, or a copy of `template` (CREATE DATABASE … TEMPLATE); `drop` removes it with any
 * connection still open.
 */
export async function createPostgresDatabase(name: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  await onPostgresServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onPostgresServer(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onPostgresServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** This file's database: a copy of the run's template, or (without one) a new database seeded here. */
async function openFileDatabase(driver: DriverName): Promise<Database> {
  const made = await templates();
  if (driver === 'pglite') {
    if (made) return openDatabase({ pgliteLoad: new Blob([readFileSync(made.pgliteDump)]) });
    const database = await openDatabase({});
    await seedTemplate(database);
    return database;
  }
  if (made?.postgresTemplate) {
    const { url } = await createPostgresDatabase(`${made.postgresPrefix}${process.pid}_w${WORKER_ID}`, made.postgresTemplate);
    return openDatabase({ databaseUrl: url });
  }
  const database = await openDatabase({ databaseUrl: (await createPostgresDatabase(`mvrsp_test_${process.pid}_w${WORKER_ID}`)).url });
  await seedTemplate(database);
  return database;
}

const open = new Map<DriverName, Promise<Database>>();

/**
 * The file's database for a driver (PGlite in memory, or a PostgreSQL database of its own), in the
 * template's state when first returned: migrated and seeded (see resetDatabase for later tests).
 */
export function getTestDatabase(driver: DriverName): Promise<Database> {
  let db = open.get(driver);
  if (!db) {
    db = openFileDatabase(driver);
    open.set(driver, db);
  }
  return db;
}

/** Puts the file's database back into the template's state: migrated and seeded, nothing else. */
export const resetDatabase = resetToTemplate;

/** Empties every table, the seed too (buildServer seeds it again). */
export async function truncateAll(database: Database): Promise<void> {
  const tables = rowsOf<{ tablename: string }>(
    await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  ).map((r) => `"${r.tablename}"`);
  if (tables.length) await database.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
}
