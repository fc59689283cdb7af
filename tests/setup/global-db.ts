// vitest globalSetup (vitest.config.ts): migrates and seeds the database template once per run, so
// that a test file copies it instead of migrating and seeding (tests/setup/db.ts):
// - PGlite: the seeded data directory, dumped to a file each file loads (PGlite's dumpDataDir/loadDataDir);
// - PostgreSQL (TEST_DATABASE_URL): a seeded database each file copies with CREATE DATABASE … TEMPLATE.
// At the end of the run the dump, the template database and every copy of it are removed.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { createPostgresDatabase, onPostgresServer, type DatabaseTemplates } from './db.ts';
import { seedTemplate } from './template.ts';
import { TEST_DATABASE_URL } from './test-env.ts';

/** Several projects may ask for it in one run: the first builds it, all share it. */
let built: Promise<DatabaseTemplates> | undefined;
let users = 0;

async function build(): Promise<DatabaseTemplates> {
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const pglite = await openDatabase({});
  await seedTemplate(pglite);
  const dump = await (pglite.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await pglite.close();
  const pgliteDump = path.resolve('node_modules/.tmp', `db-template-${run}.tar`);
  mkdirSync(path.dirname(pgliteDump), { recursive: true });
  writeFileSync(pgliteDump, Buffer.from(await dump.arrayBuffer()));

  let postgresTemplate: string | null = null;
  if (TEST_DATABASE_URL) {
    postgresTemplate = `mvrsp_tpl_${run}`;
    const { url } = await createPostgresDatabase(postgresTemplate);
    const database = await openDatabase({ databaseUrl: url });
    try {
      await seedTemplate(database);
    } finally {
      await database.close(); // CREATE DATABASE … TEMPLATE needs the template without connections
    }
  }
  return { pgliteDump, postgresTemplate, postgresPrefix: `mvrsp_t_${run}_` };
}

async function removeAll(made: DatabaseTemplates): Promise<void> {
  rmSync(made.pgliteDump, { force: true });
  if (!made.postgresTemplate || !TEST_DATABASE_URL) return;
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  let copies: { datname: string }[];
  try {
    copies = await admin<{ datname: string }[]>`select datname from pg_database where starts_with(datname, ${made.postgresPrefix})`;
  } finally {
    await admin.end({ timeout: 5 });
  }
  for (const { datname } of copies) await onPostgresServer(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  await onPostgresServer(`DROP DATABASE IF EXISTS ${made.postgresTemplate} WITH (FORCE)`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  users += 1;
  const made = await (built ??= build());
  project.provide('dbTemplates', made);
  return async () => {
    users -= 1;
    if (users === 0) await removeAll(made);
  };
}
