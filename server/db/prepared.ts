// One drizzle prepared query per database object. drizzle builds a query's SQL text on every call
// and runs it on postgres.js with `prepare: false` (parsed and planned by PostgreSQL every time);
// a prepared query keeps its text and runs as a named prepared statement (postgres.js keeps one
// per connection). Used by the queries every API request runs (the session lookup and the
// caller's profile); measured with scripts/bench/load.ts (ADR 024).
import type { Db } from './client.ts';

/**
 * `build(db)` once per database object. A transaction is its own object, so a query prepared for
 * it runs inside that transaction.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const cache = new WeakMap<Db, Q>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}
