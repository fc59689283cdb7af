import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { postgres } from './postgres-driver.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Both drivers extend PgDatabase, so services take this common base type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  /** Set for postgres.js; used to open a dedicated connection for migrations. */
  url?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects postgres.js; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; omit for an in-memory database. */
  pgliteDir?: string;
  /** PGlite only: start from this dump of a data directory (PGlite's dumpDataDir; tests' template). */
  pgliteLoad?: Blob;
  /** postgres.js only: connections in the pool (default POOL_MAX). */
  poolMax?: number;
  /** postgres.js only: called with every statement sent (postgres.js `debug`); for benchmarks. */
  onQuery?: (query: string, params: unknown[]) => void;
}

/**
 * postgres.js pool size per server process. A save holds a connection for about one round trip,
 * so a few connections keep two cores busy; scripts/bench/load.ts measures the choice.
 */
export const POOL_MAX = 10;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const onQuery = opts.onQuery;
    const sql = postgres(opts.databaseUrl, {
      max: opts.poolMax ?? POOL_MAX,
      onnotice: () => {},
      ...(onQuery ? { debug: (_conn: number, query: string, params: unknown[]) => onQuery(query, params) } : {}),
    });
    const db = drizzlePostgres({ client: sql, schema, casing: 'snake_case' }) as unknown as Db;
    return { db, kind: 'postgres', url: opts.databaseUrl, close: () => sql.end({ timeout: 5 }) };
  }
  if (opts.pgliteDir) mkdirSync(path.resolve(opts.pgliteDir), { recursive: true });
  const client = opts.pgliteDir
    ? new PGlite(path.resolve(opts.pgliteDir), opts.pgliteLoad ? { loadDataDir: opts.pgliteLoad } : {})
    : new PGlite(opts.pgliteLoad ? { loadDataDir: opts.pgliteLoad } : {});
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}
