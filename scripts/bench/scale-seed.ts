// Fast set-based seeding of many organizations into a migrated PostgreSQL database whose question
// bank is seeded (buildServer does that), for the platform-scale bench (scripts/bench/scale.ts).
// Every table is filled with one INSERT … SELECT over generate_series, so 2,000 organizations take
// seconds: per organization ~10 users (one org_admin), `assessmentsPerOrg` submitted assessments
// with their frozen questions, an answer to each question, a stored result view, corrective
// actions for the No answers, plus an in-progress assessment for every third organization, audit
// rows, notifications and sync-ledger rows. Names repeat (ties for the keyset order) on purpose.
import postgres from 'postgres';

export interface ScaleSeedOptions {
  /** Organizations to add (their names continue after any already seeded by this module). */
  organizations: number;
  usersPerOrg?: number;
  assessmentsPerOrg?: number;
  /** Bytes of padding in each stored result view (assessments.result), like a real result's domain scores and fail reasons. */
  resultBytes?: number;
  auditRowsPerOrg?: number;
}

export interface ScaleSeedReport {
  organizations: number;
  profiles: number;
  assessments: number;
  responses: number;
  seconds: number;
}

export async function seedScale(databaseUrl: string, opts: ScaleSeedOptions): Promise<ScaleSeedReport> {
  const { organizations: n, usersPerOrg = 10, assessmentsPerOrg = 2, resultBytes = 4000, auditRowsPerOrg = 5 } = opts;
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const started = performance.now();
  try {
    await sql.begin(async (tx) => {
      const [{ version } = { version: null }] = await tx<{ version: number | null }[]>`select max(id) as version from questionnaire_versions`;
      if (version === null) throw new Error('seed the question bank first (buildServer does)');
      const [seeded] = await tx<{ offset: number }[]>`select count(*)::int as "offset" from organizations where name like 'Scale %'`;
      const offset = seeded?.offset ?? 0;
      // One temporary row per new organization: its number and id, reused by every insert below.
      await tx`create temp table scale_orgs on commit drop as
        select g as seq, gen_random_uuid() as id from generate_series(${offset + 1}::int, ${offset + n}::int) g`;
      await tx`insert into organizations (id, name, contact_name, contact_email, paid_until, created_at)
        select id, 'Scale ' || (array['College', 'Institute', 'University', 'Lab'])[1 + seq % 4] || ' ' || lpad((seq / 2)::text, 6, '0'),
               'Contact ' || seq, 'contact' || seq || '@scale' || seq || '.example',
               case when seq % 10 = 0 then null else now() + interval '1 year' end, now() - (seq || ' minutes')::interval
        from scale_orgs`;
      await tx`insert into profiles (id, organization_id, email, first_name, last_name, role, status)
        select gen_random_uuid(), o.id, 'user' || k || '@scale' || o.seq || '.example',
               (array['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun'])[1 + (o.seq + k) % 10],
               (array['Smith', 'Jones', 'Brown', 'Lee', 'Garcia', 'Khan', 'Nguyen', 'Silva'])[1 + (o.seq * 7 + k) % 8],
               case when k = 1 then 'org_admin' else 'team_member' end, 'active'
        from scale_orgs o cross join generate_series(1, ${usersPerOrg}::int) k`;
      await tx`create temp table scale_questions on commit drop as
        select id, code, row_number() over (order by code) as pos from questions where version_id = ${version}`;
      await tx`create temp table scale_runs on commit drop as
        select gen_random_uuid() as id, o.id as org_id, o.seq, k, (k = 0) as open
        from scale_orgs o cross join generate_series(0, ${assessmentsPerOrg}::int) k
        where k > 0 or o.seq % 3 = 0`;
      const padding = 'x'.repeat(resultBytes);
      await tx`insert into assessments (id, organization_id, version_id, status, started_at, submitted_at, total_score, grade, pass_fail, result)
        select r.id, r.org_id, ${version}, case when r.open then 'in_progress' else 'submitted' end,
               now() - ((r.seq * 7 + r.k * 90) || ' days')::interval + (r.seq || ' seconds')::interval,
               case when r.open then null else now() - ((r.seq * 7 + r.k * 90 - 1) || ' days')::interval end,
               case when r.open then null else 60 + (r.seq + r.k) % 80 end,
               case when r.open then null else (array['A', 'B', 'C', 'D', 'F'])[1 + (r.seq + r.k) % 5] end,
               case when r.open then null else (array['Pass', 'Fail'])[1 + (r.seq + r.k) % 2] end,
               case when r.open then null else jsonb_build_object('totalScore', 60 + (r.seq + r.k) % 80, 'padding', ${padding}::text) end
        from scale_runs r`;
      await tx`insert into assessment_questions (assessment_id, question_id, critical)
        select r.id, q.id, q.pos % 9 = 0 from scale_runs r cross join scale_questions q`;
      await tx`insert into responses (assessment_id, organization_id, question_id, answer)
        select r.id, r.org_id, q.id, case when (q.pos + r.seq + r.k) % 5 = 0 then 'no' else 'yes' end
        from scale_runs r cross join scale_questions q where not r.open or q.pos % 2 = 0`;
      await tx`insert into corrective_actions (assessment_id, organization_id, question_id, code, latest_assessment_id)
        select r.id, r.org_id, q.id, q.code, r.id
        from scale_runs r cross join scale_questions q where not r.open and (q.pos + r.seq + r.k) % 5 = 0`;
      await tx`insert into audit_log (action, target_type, target_id, organization_id, created_at)
        select (array['organization.suspended', 'organization.reactivated', 'subscription.verified', 'user.role_changed', 'user.enabled'])[1 + k % 5],
               'organization', o.id::text, o.id, now() - ((o.seq * ${auditRowsPerOrg}::int + k) || ' minutes')::interval
        from scale_orgs o cross join generate_series(1, ${auditRowsPerOrg}::int) k`;
      await tx`insert into notifications (dedupe_key, organization_id, recipient_email, kind, subject, body, status)
        select 'scale:' || o.id || ':' || k, o.id, 'user1@scale' || o.seq || '.example', 'action_assigned', 'Action assigned', 'An action was assigned to you.', 'sent'
        from scale_orgs o cross join generate_series(1, 2) k`;
      await tx`insert into client_mutations (mutation_id, client_id, user_id, organization_id, kind, result)
        select gen_random_uuid(), 'scale-client', o.id, o.id, 'answer', '{"ok":true}'::jsonb
        from scale_orgs o cross join generate_series(1, 10) k`;
    });
    await sql`analyze`;
    const [counts] = await sql<{ o: number; p: number; a: number; r: number }[]>`select
      (select count(*)::int from organizations) as o, (select count(*)::int from profiles) as p,
      (select count(*)::int from assessments) as a, (select count(*)::int from responses) as r`;
    return { organizations: counts!.o, profiles: counts!.p, assessments: counts!.a, responses: counts!.r, seconds: (performance.now() - started) / 1000 };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
