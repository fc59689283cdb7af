// Counts the statements a piece of code sends: a second drizzle instance over the same client
// (the same PGlite instance or postgres.js pool), whose logger counts every query. For tests
// that bound how many statements a job sends (server/features/jobs/jobs.scale.test.ts).
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import type { Database, Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';

export interface CountingDb {
  db: Db;
  /** Statements sent through `db` since it was made or last reset. */
  count(): number;
  reset(): void;
}

export function countingDb(database: Database): CountingDb {
  let n = 0;
  const logger = { logQuery: () => void n++ };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db = (
    database.kind === 'pglite'
      ? drizzlePglite({ client: client as PGlite, schema, casing: 'snake_case', logger })
      : drizzlePostgres({ client: client as Sql, schema, casing: 'snake_case', logger })
  ) as unknown as Db;
  return { db, count: () => n, reset: () => void (n = 0) };
}
