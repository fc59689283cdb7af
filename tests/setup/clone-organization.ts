// Many organizations at once, for tests and benchmarks that need an organization count rather than
// organization variety (server/features/jobs/jobs.scale.test.ts, scripts/bench/scheduler-pass.ts):
// copies of one organization made with set-based INSERT ... SELECT over generate_series, so 20,000
// copies take seconds, not the hours the HTTP API would. Each copy gets fresh ids; any column of a
// copied row holding one of the source's copied ids (organization, members, assessments, evidence
// files, corrective actions, certifications) points to the copy's row instead. Profiles get no
// auth user: a copy can be read and reminded but nobody can sign in to it.
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rowsOf } from '#server/lib/db-rows.ts';

/** Copied, in foreign-key order, with the column that names the source organization. */
const TABLES = [
  { table: 'organizations', org: 'id', extra: `'name', x.name || ' #' || g.n` },
  { table: 'profiles', org: 'organization_id', extra: `'email', g.n || '.' || x.email` },
  { table: 'assessments', org: 'organization_id', extra: null },
  { table: 'assessment_questions', org: null, extra: null },
  { table: 'evidence_files', org: 'organization_id', extra: null },
  { table: 'corrective_actions', org: 'organization_id', extra: null },
  { table: 'certifications', org: 'organization_id', extra: `'verify_code', gen_random_uuid()::text` },
] as const;

/** Copies per transaction: each chunk commits on its own. */
const CHUNK = 1000;

/** Makes `copies` copies of the organization (see the header); returns the copies' organization ids. */
export async function cloneOrganization(db: Db, organizationId: string, copies: number): Promise<string[]> {
  const ids: string[] = [];
  for (let from = 1; from <= copies; from += CHUNK) {
    const to = Math.min(copies, from + CHUNK - 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table clone_ids (n int not null, old uuid not null, new uuid not null, primary key (n, old)) on commit drop`);
      await tx.execute(sql`
        insert into clone_ids
        select g.n, s.old, gen_random_uuid()
        from (
          select id from organizations where id = ${organizationId}
          union all select id from profiles where organization_id = ${organizationId}
          union all select id from assessments where organization_id = ${organizationId}
          union all select id from evidence_files where organization_id = ${organizationId}
          union all select id from corrective_actions where organization_id = ${organizationId}
          union all select id from certifications where organization_id = ${organizationId}
        ) s(old)
        cross join generate_series(${from}::int, ${to}::int) g(n)`);
      for (const { table, org, extra } of TABLES) {
        const where = org
          ? sql`x.${sql.identifier(org)} = ${organizationId}`
          : sql`x.assessment_id in (select id from assessments where organization_id = ${organizationId})`;
        // Every value that is a copied id is replaced by the copy's id (keys of uuid columns only match uuids).
        await tx.execute(sql`
          insert into ${sql.identifier(table)}
          select (jsonb_populate_record(null::${sql.identifier(table)},
            to_jsonb(x)
            || coalesce((select jsonb_object_agg(e.key, c.new) from jsonb_each_text(to_jsonb(x)) e join clone_ids c on c.n = g.n and c.old::text = e.value), '{}'::jsonb)
            ${extra ? sql.raw(`|| jsonb_build_object(${extra})`) : sql``})).*
          from ${sql.identifier(table)} x cross join generate_series(${from}::int, ${to}::int) g(n)
          where ${where}`);
      }
      ids.push(...rowsOf<{ new: string }>(await tx.execute(sql`select new from clone_ids where old = ${organizationId} order by n`)).map((r) => r.new));
    });
  }
  return ids;
}
