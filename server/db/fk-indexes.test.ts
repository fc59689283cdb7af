// Every foreign key has an index whose leading columns are the key's columns. Without one, deleting
// or re-keying a referenced row (ON DELETE CASCADE / SET NULL, e.g. DELETE /api/admin/organizations/{id})
// scans the whole referencing table once per deleted row, and filters on the column scan it too.
// The list is read from the migrated database (pg_constraint, pg_index), so a new foreign key
// without an index fails here (docs/decisions/026-platform-scale-admin-lists-and-indexes.md).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getTestDatabase } from '#tests/setup/db.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { rowsOf } from '../lib/db-rows.ts';

describe.each([TEST_DRIVER])('foreign key indexes (%s)', (driver) => {
  it('every foreign key column set is the leading column set of a valid, non-partial index', async () => {
    const { db } = await getTestDatabase(driver);
    const missing = rowsOf<{ fk: string }>(
      await db.execute(sql`
        select c.conrelid::regclass::text || '(' || (
                 select string_agg(a.attname, ', ' order by k.ord)
                 from unnest(c.conkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
               ) || ') -> ' || c.confrelid::regclass::text as fk
        from pg_constraint c
        join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'
          and not exists (
            select 1 from pg_index i
            where i.indrelid = c.conrelid and i.indisvalid and i.indpred is null
              -- the index's first cardinality(conkey) columns are exactly the key's columns
              and (select array_agg(x order by x) from unnest((i.indkey::int2[])[0:cardinality(c.conkey) - 1]) x)
                  = (select array_agg(x order by x) from unnest(c.conkey) x)
          )
        order by 1`),
    ).map((r) => r.fk);
    expect(missing).toEqual([]);
  });
});
