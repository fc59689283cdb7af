// The platform-wide admin lists are keyset pages (server/lib/keyset.ts): a stable order
// with ties broken by id, no row repeated or skipped across pages, a validated cursor, a capped
// limit, indexed prefix search, system admins only, and never the stored result JSON.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_LIMIT, ADMIN_LIST_MAX_LIMIT, INVALID_CURSOR_MESSAGE } from '#domain/contracts/admin.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { rowsOf } from '../../lib/db-rows.ts';
import { createOrgAdmin, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { assessmentListQuery } from './admin-organizations.service.ts';
import { AUDIT_SEARCH_WINDOW } from './audit.service.ts';
import { encodeCursor } from '../../lib/keyset.ts';

const LISTS = [
  { path: '/api/admin/organizations', key: 'organizations' },
  { path: '/api/admin/assessments', key: 'assessments' },
  { path: '/api/admin/users', key: 'users' },
  { path: '/api/admin/audit-log', key: 'items' },
] as const;

describe.each([TEST_DRIVER])('admin lists (%s)', (driver) => {
  let server: TestServer;
  let sys: Member;
  let orgAdmin: Member;
  const run = (statement: string) => server.database.db.execute(sql.raw(statement));
  const ids = async (statement: string) => rowsOf<{ id: string }>(await run(statement)).map((r) => r.id);

  /** Every row of a list, page by page, following next_cursor. */
  async function walk(path: string, key: string, limit: number, q = '') {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 200; pages += 1) {
      const params = new URLSearchParams({ limit: String(limit), ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) });
      const res = await server.json('GET', `${path}?${params}`, undefined, sys.accessToken);
      expect(res.status).toBe(200);
      const rows = res.body[key] as { id: string }[];
      expect(rows.length).toBeLessThanOrEqual(limit);
      seen.push(...rows.map((r) => r.id));
      cursor = res.body.next_cursor;
      if (!cursor) return seen;
      expect(rows).toHaveLength(limit);
    }
    throw new Error('the list never ended');
  }

  beforeAll(async () => {
    server = await createTestServer(driver);
    orgAdmin = await createOrgAdmin(server, { organizationName: 'Acme Research' });
    sys = await signInSystemAdmin(server);
    // Ties on purpose: 23 organizations with one name, 17 users with one name and e-mail,
    // 25 assessments started at one instant, 31 audit rows written in one transaction (one now()).
    await run(`insert into organizations (name, contact_email) select 'Tied University', 'desk' || g || '@tied.example' from generate_series(1, 23) g`);
    await run(`insert into organizations (name) values ('50% Labs'), ('5000 Labs')`);
    await run(`insert into profiles (id, email, first_name, last_name, role, organization_id)
               select gen_random_uuid(), 'same@tied.example', 'Sam', 'Same', 'team_member', (select id from organizations where name = '5000 Labs')
               from generate_series(1, 17)`);
    await run(`insert into assessments (organization_id, version_id, status, started_at, submitted_at, total_score, grade, pass_fail, result)
               select o.id, (select max(id) from questionnaire_versions), 'submitted', '2026-01-02T03:04:05.123456Z'::timestamptz, now(), 100, 'B', 'Pass',
                      jsonb_build_object('padding', repeat('x', 100000))
               from organizations o where o.name = 'Tied University'
               union all
               select o.id, (select max(id) from questionnaire_versions), 'submitted', '2026-01-02T03:04:05.123457Z'::timestamptz, now(), 90, 'C', 'Pass',
                      jsonb_build_object('padding', repeat('y', 100000))
               from organizations o where o.name = '5000 Labs'`);
    await run(`insert into audit_log (action, target_type, target_id) select 'test.tied', 'thing', 'T' || g from generate_series(1, 31) g`);
  }, 120_000);
  afterAll(async () => server.close());

  it('walks every list in a stable order with ties broken by id: each row exactly once', async () => {
    const expected = {
      organizations: await ids('select id from organizations order by name, id'),
      assessments: await ids('select id from assessments order by started_at desc, id desc'),
      users: await ids('select id from profiles order by last_name, first_name, email, id'),
      items: await ids('select id from audit_log order by created_at desc, id desc'),
    };
    expect(expected.organizations.length).toBeGreaterThan(25);
    expect(expected.assessments.length).toBe(24);
    expect(expected.users.length).toBeGreaterThan(17);
    expect(expected.items.length).toBeGreaterThanOrEqual(31);
    for (const { path, key } of LISTS) {
      for (const limit of [4, 7]) {
        const seen = await walk(path, key, limit);
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual(expected[key]);
      }
    }
  });

  it('caps the page size and defaults it', async () => {
    for (const { path } of LISTS) {
      const over = await server.json('GET', `${path}?limit=${ADMIN_LIST_MAX_LIMIT + 1}`, undefined, sys.accessToken);
      expect(over.status).toBe(400);
      expect(over.body.error).toMatch(/at most 100/);
      const none = await server.json('GET', `${path}?limit=0`, undefined, sys.accessToken);
      expect(none.status).toBe(400);
      const first = await server.json('GET', path, undefined, sys.accessToken);
      expect(first.status).toBe(200);
      expect(first.body.limit).toBe(ADMIN_LIST_LIMIT);
    }
  });

  it('refuses a cursor that is not one of its own with 400 and a message', async () => {
    const org = await server.json('GET', '/api/admin/organizations?limit=2', undefined, sys.accessToken);
    const orgCursor = org.body.next_cursor as string;
    expect(orgCursor).toEqual(expect.any(String));
    const bad = [
      'not a cursor!',
      'AAAA',
      Buffer.from('{"a":1}').toString('base64url'),
      encodeCursor('organizations', ['x', 'not-a-uuid']),
      encodeCursor('assessments', ['2026-01-02 03:04', crypto.randomUUID()]),
      encodeCursor('users', ['a', 'b', 'c\u0000', crypto.randomUUID()]),
      'A'.repeat(601),
    ];
    for (const { path } of LISTS) {
      for (const cursor of [...bad, path.endsWith('organizations') ? encodeCursor('users', ['a', 'b', 'c', crypto.randomUUID()]) : orgCursor]) {
        const res = await server.json('GET', `${path}?cursor=${encodeURIComponent(cursor)}`, undefined, sys.accessToken);
        expect(res.status, `${path} ${cursor}`).toBe(400);
        expect(res.body.error).toBe(INVALID_CURSOR_MESSAGE);
      }
    }
  });

  it('is for system admins only, with or without a cursor', async () => {
    for (const { path, key } of LISTS) {
      const first = await server.json('GET', `${path}?limit=1`, undefined, sys.accessToken);
      expect(first.body[key]).toHaveLength(1);
      const url = `${path}?limit=1&cursor=${first.body.next_cursor}`;
      expect((await server.json('GET', url, undefined, orgAdmin.accessToken)).status).toBe(403);
      expect((await server.json('GET', url)).status).toBe(401);
    }
  });

  it('searches by prefix, case-insensitively, with % and _ taken literally', async () => {
    const orgs = await server.json('GET', '/api/admin/organizations?q=tIeD', undefined, sys.accessToken);
    expect(orgs.body.organizations).toHaveLength(23);
    expect(orgs.body.estimated_total).toBe(23);
    const byEmail = await server.json('GET', '/api/admin/organizations?q=DESK7%40', undefined, sys.accessToken);
    expect(byEmail.body.organizations.map((o: { contact_email: string }) => o.contact_email)).toEqual(['desk7@tied.example']);
    const percent = await server.json('GET', `/api/admin/organizations?q=${encodeURIComponent('50%')}`, undefined, sys.accessToken);
    expect(percent.body.organizations.map((o: { name: string }) => o.name)).toEqual(['50% Labs']);
    const notInside = await server.json('GET', '/api/admin/organizations?q=University', undefined, sys.accessToken);
    expect(notInside.body.organizations).toEqual([]);
    // Users by organization name; assessments by organization name or the start of their id.
    const users = await walk('/api/admin/users', 'users', 5, '5000');
    expect(users).toHaveLength(17);
    const runs = await server.json('GET', '/api/admin/assessments?q=5000', undefined, sys.accessToken);
    expect(runs.body.assessments).toHaveLength(1);
    const id = runs.body.assessments[0].id as string;
    const byId = await server.json('GET', `/api/admin/assessments?q=${id.slice(0, 8).toUpperCase()}`, undefined, sys.accessToken);
    expect(byId.body.assessments.map((a: { id: string }) => a.id)).toContain(id);
    const audit = await walk('/api/admin/audit-log', 'items', 10, 'TEST.');
    expect(audit).toHaveLength(31);
    const byTarget = await server.json('GET', '/api/admin/audit-log?q=t3', undefined, sys.accessToken);
    expect(byTarget.body.items.map((e: { target_id: string }) => e.target_id).sort()).toEqual(['T3', 'T30', 'T31']);
  });

  it('never selects the stored result JSON: 24 assessments with 100 kB results list in a few kilobytes', async () => {
    const { statement } = assessmentListQuery(server.database, { limit: ADMIN_LIST_MAX_LIMIT, q: '' });
    expect(statement.toSQL().sql).not.toMatch(/"result"/);
    const res = await server.json('GET', `/api/admin/assessments?limit=${ADMIN_LIST_MAX_LIMIT}`, undefined, sys.accessToken);
    expect(res.body.assessments).toHaveLength(24);
    expect(JSON.stringify(res.body).length).toBeLessThan(24 * 600);
  });

  it('finds one organization by id (the delete dialog reloads it)', async () => {
    const res = await server.json('GET', `/api/admin/organizations?id=${orgAdmin.organizationId}`, undefined, sys.accessToken);
    expect(res.body.organizations).toMatchObject([{ id: orgAdmin.organizationId, name: 'Acme Research', member_count: 1 }]);
    expect((await server.json('GET', '/api/admin/organizations?id=nope', undefined, sys.accessToken)).status).toBe(400);
  });

  it('searches the audit log past its search window: a broad search from the newest rows, a rare one through the indexes', async () => {
    // Rare: 3 matches older than AUDIT_SEARCH_WINDOW newer rows that don't match.
    await run(`insert into audit_log (action, target_type, target_id, created_at) select 'rare.match', 'thing', 'R' || g, now() - interval '1 day' from generate_series(1, 3) g`);
    await run(`insert into audit_log (action, target_type, target_id, created_at) select 'filler.row', 'thing', 'F' || g, now() + g * interval '1 ms' from generate_series(1, ${AUDIT_SEARCH_WINDOW + 100}) g`);
    // Broad: every third of 3 × 40 rows, newer still, and each page walks past window boundaries.
    await run(`insert into audit_log (action, target_type, target_id, created_at)
               select case when g % 3 = 0 then 'broad.match' else 'broad.other' end, 'thing', 'B' || g, now() + interval '1 hour' + g * interval '1 ms' from generate_series(1, 120) g`);
    const truth = (prefix: string) => ids(`select id from audit_log where lower(action) like '${prefix}%' order by created_at desc, id desc`);
    expect(await walk('/api/admin/audit-log', 'items', 7, 'RARE.')).toEqual(await truth('rare.'));
    expect(await walk('/api/admin/audit-log', 'items', 7, 'broad.m')).toEqual(await truth('broad.m'));
    expect(await walk('/api/admin/audit-log', 'items', 10, 'broad.')).toEqual(await truth('broad.'));
    expect((await truth('rare.')).length).toBe(3);
  });

  it('keeps the overview counts equal to the tables through inserts, status changes and cascading deletes', async () => {
    const real = async () => {
      const [r] = rowsOf<Record<string, number | string>>(
        await run(`select (select count(*) from organizations where status = 'active') as oa,
                          (select count(*) from profiles where status = 'active') as ua,
                          (select count(*) from assessments where status = 'submitted') as sub,
                          (select count(distinct a.organization_id) from assessments a join organizations o on o.id = a.organization_id
                            where a.status = 'submitted' and (o.paid_until is null or o.paid_until < now())) as awaiting`),
      );
      return { oa: Number(r!.oa), ua: Number(r!.ua), sub: Number(r!.sub), awaiting: Number(r!.awaiting) };
    };
    const shown = async () => {
      const o = (await server.json('GET', '/api/admin/overview', undefined, sys.accessToken)).body;
      return { oa: o.organizations.active, ua: o.users.active, sub: o.assessments.submitted, awaiting: o.awaiting_payment };
    };
    expect(await shown()).toEqual(await real());
    expect((await shown()).awaiting).toBe(24);
    await run(`update organizations set paid_until = now() + interval '1 year' where name = 'Tied University' and contact_email like 'desk1%'`);
    await run(`update assessments set status = 'in_progress', submitted_at = null where id = (select id from assessments order by id limit 1)`);
    await run(`update assessments set total_score = total_score where true`);
    await run(`delete from organizations where name = '5000 Labs'`);
    expect(await shown()).toEqual(await real());
    expect((await shown()).ua).toBeGreaterThan(0);
  });
});
