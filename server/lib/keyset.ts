// Keyset pages for the platform-wide admin lists (docs/decisions/026) and the organization's audit log (ADR 042): a page is the `limit` rows
// after the last row of the previous one in a total order (the sort columns, then the id), found
// through an index on exactly those columns; OFFSET would read and discard every earlier row.
// The cursor is opaque to clients: base64url JSON of the list's name and the last row's sort key.
// It is checked field by field before any of it reaches SQL, so a bad one is a 400, never a 500.
import { sql, type SQL } from 'drizzle-orm';
import { INVALID_CURSOR_MESSAGE } from '#domain/contracts/admin.ts';
import { badRequest } from './app-error.ts';

/** A cursor field's check: uuid, timestamp (as `timestampKey` writes it) or text. */
export type KeyField = 'uuid' | 'timestamp' | 'text';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const fits: Record<KeyField, (v: unknown) => boolean> = {
  uuid: (v) => typeof v === 'string' && UUID.test(v),
  timestamp: (v) => typeof v === 'string' && TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v)),
  // eslint-disable-next-line no-control-regex -- PostgreSQL text cannot hold NUL
  text: (v) => typeof v === 'string' && v.length <= 1000 && !/\u0000/.test(v),
};

export function encodeCursor(list: string, key: string[]): string {
  return Buffer.from(JSON.stringify([list, ...key]), 'utf8').toString('base64url');
}

/** The sort key a cursor carries, or null without one; 400 when it is not a cursor of this list. */
export function decodeCursor(list: string, cursor: string | undefined, shape: KeyField[]): string[] | null {
  if (cursor === undefined || cursor === '') return null;
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR_MESSAGE);
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length + 1 || parsed[0] !== list) throw badRequest(INVALID_CURSOR_MESSAGE);
  const key = parsed.slice(1);
  if (!shape.every((f, i) => fits[f](key[i]))) throw badRequest(INVALID_CURSOR_MESSAGE);
  return key as string[];
}

/**
 * A timestamp column as cursor text with all six fractional digits: a JavaScript Date keeps
 * milliseconds only, so rows a few microseconds apart would be skipped or repeated.
 */
export const timestampKey = (column: SQL | unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * `lower(expr)` starts with `q` (case-insensitive). The constant pattern lets PostgreSQL use the
 * `lower(column) text_pattern_ops` indexes of migration 0006 (PostgreSQL manual, "Operator
 * Classes and Operator Families"); `%`, `_` and `\` in the search are matched literally.
 */
export function startsWith(lowered: SQL, q: string): SQL {
  const pattern = `${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return sql`${lowered} like lower(${pattern})`;
}

/**
 * `column IN (branch UNION ALL branch …)`: a search over several columns and tables. Each branch
 * finds its rows through its own index; an OR of subqueries could only filter the rows of the
 * sort index one by one, which reads the whole table when matches are rare. The branches name
 * their tables with aliases (drizzle leaves columns of a one-table select unqualified).
 */
export const inAnyOf = (column: unknown, branches: SQL[]) => sql`${column} in (${sql.join(branches, sql` union all `)})`;

/** Splits the one extra row fetched to learn whether another page follows. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => string[], list: string): { rows: T[]; next: string | null } {
  if (rows.length <= limit) return { rows, next: null };
  const page = rows.slice(0, limit);
  return { rows: page, next: encodeCursor(list, keyOf(page[page.length - 1]!)) };
}

/**
 * The planner's row estimate of a table (pg_class.reltuples, kept by ANALYZE and autovacuum) as a
 * column of the page's own statement: one round trip per page whatever the list's size (a second
 * statement only for pages that have a next one made the first page cost more on a larger platform).
 */
export const plannerEstimate = (table: string) => sql<string | number | null>`(select reltuples::bigint from pg_class where oid = to_regclass(${`public.${table}`}))`;

/**
 * The whole list's size without counting it: exact when the first page is the whole list,
 * otherwise the planner's estimate read by `plannerEstimate`, or null for a search or a table
 * never analyzed.
 */
export function estimatedTotal(estimate: string | number | null | undefined, page: { first: boolean; next: string | null; shown: number; filtered: boolean }): number | null {
  if (page.first && page.next === null) return page.shown;
  if (page.filtered) return null;
  const n = Number(estimate ?? -1);
  return n > 0 ? n : null;
}
