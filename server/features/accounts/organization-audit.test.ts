// GET /api/organization/audit-log and the session settings of PUT /api/organization/security
// (ADR 042), across two organizations: only an org_admin reads, only their own organization's rows;
// filters by person, kind and date; keyset pages; CSV with formula-safe cells and a row cap.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_MAX_ROWS, type OrganizationAuditPage } from '#domain/contracts/sessions.ts';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { SESSION_MSG } from '#domain/session-messages.ts';
import { auditLog } from '#server/db/schema/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signInUser } from '#tests/setup/auth.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, type Member } from '#tests/isolation/fixtures.ts';

describe.each(DB_DRIVERS)('organization audit log (%s)', (driver) => {
  let server: TestServer;
  let ada: Member; // org_admin of Acme
  let bo: Member; // team member of Acme
  let cy: Member; // org_admin of Beta
  const get = (path: string, token: string) => server.json('GET', path, undefined, token);
  const page = async (query: string, token = ada.accessToken) => {
    const res = await get(`/api/organization/audit-log${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as OrganizationAuditPage;
  };

  beforeAll(async () => {
    server = await createTestServer(driver);
    ada = await createOrgAdmin(server, { organizationName: 'Acme Research', firstName: 'Ada', lastName: 'Admin' });
    bo = await joinOrganization(server, ada.organizationId!, { firstName: 'Bo', lastName: 'Member' });
    cy = await createOrgAdmin(server, { organizationName: 'Beta Labs', firstName: 'Cy', lastName: 'Other' });
    // Sign-ins of both organizations (the profiles exist now, so the rows carry the organization).
    await signInUser(server, bo.email, bo.password);
    await signInUser(server, cy.email, cy.password);
    ada = { ...ada, ...(await signInUser(server, ada.email, ada.password)) };
  });
  afterAll(async () => server?.close());

  it('answers an org_admin with their own organization\'s rows only; members and other organizations get nothing of it', async () => {
    const acme = await page('?limit=100');
    expect(acme.items.length).toBeGreaterThan(0);
    const beta = await page('?limit=100', cy.accessToken);
    expect(beta.items.some((r) => r.person?.id === cy.userId && r.action === 'auth.sign_in')).toBe(true);
    // No row of one organization in the other's log.
    expect(acme.items.some((r) => r.person?.id === cy.userId || r.actor?.id === cy.userId)).toBe(false);
    expect(beta.items.some((r) => r.person?.id === bo.userId || r.actor?.id === bo.userId || r.actor?.id === ada.userId)).toBe(false);
    // A person filter naming another organization's member finds nothing.
    expect((await page(`?person=${bo.userId}`, cy.accessToken)).items).toEqual([]);
    expect(await get('/api/organization/audit-log', bo.accessToken)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((await server.json('GET', '/api/organization/audit-log')).status).toBe(401);
  });

  it('filters by person, kind and date (UTC days, both included), and pages newest first', async () => {
    const bos = await page(`?person=${bo.userId}&kind=sign_in`);
    expect(bos.items.length).toBeGreaterThan(0);
    for (const r of bos.items) {
      expect(r.kind).toBe('sign_in');
      expect(r.person?.id).toBe(bo.userId);
    }
    const today = server.deps.now().toISOString().slice(0, 10);
    expect((await page(`?from=${today}&to=${today}&limit=100`)).items.length).toBe((await page('?limit=100')).items.length);
    expect((await page('?to=2000-01-01')).items).toEqual([]);
    expect((await page('?from=2999-01-01')).items).toEqual([]);
    const others = await page('?kind=other&limit=100');
    expect(others.items.every((r) => r.kind === 'other')).toBe(true);

    const all = await page('?limit=100');
    const first = await page('?limit=2');
    expect(first.items.map((r) => r.id)).toEqual(all.items.slice(0, 2).map((r) => r.id));
    const second = await page(`?limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((r) => r.id)).toEqual(all.items.slice(2, 4).map((r) => r.id));
  });

  it('refuses bad filters with a message the page can show', async () => {
    for (const [query, error] of [
      ['?kind=everything', 'kind must be one of sign_in, second_factor, factor_change, sign_out, session_end, other'],
      ['?person=nobody', 'person must be a member id'],
      ['?from=2026-13-45', 'from must be a date (YYYY-MM-DD)'],
      ['?from=2026-02-02&to=2026-02-01', SESSION_MSG.auditRange],
      ['?cursor=abc', 'This page link is no longer valid. Reload the list from the start.'],
      ['?format=xml', 'format must be json or csv'],
      ['?colour=red', undefined],
    ] as const) {
      const res = await get(`/api/organization/audit-log${query}`, ada.accessToken);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      if (error) expect(res.body.error).toBe(error);
    }
  });

  it('downloads CSV with formula-safe cells, the filters applied, and a row cap', async () => {
    // A hostile User-Agent a member could send at sign-in ends up in a cell: it must stay text.
    await server.deps.db.insert(auditLog).values({
      actorId: bo.userId,
      organizationId: ada.organizationId,
      action: 'auth.sign_in',
      targetType: 'user',
      targetId: bo.userId,
      after: JSON.stringify({ method: 'password', outcome: 'success', ip: '10.0.0.7', user_agent: '=HYPERLINK("http://evil","x")' }),
    });
    const res = await server.app.request(`/api/organization/audit-log?format=csv&person=${bo.userId}`, { headers: { authorization: `Bearer ${ada.accessToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const csv = await res.text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time_utc,kind,action,actor_email,person_email,outcome,method,reason,ip,user_agent,details');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(lines.slice(1).every((l) => l.includes(bo.email))).toBe(true);
    expect(res.headers.get('x-audit-log-truncated')).toBeNull();
    expect(AUDIT_CSV_MAX_ROWS).toBe(10_000);
    // Past the cap: the newest 10,000 rows, and the header says so.
    await server.deps.db.execute(sql`insert into audit_log (actor_id, organization_id, action, target_type, target_id)
      select ${ada.userId}::uuid, ${ada.organizationId}::uuid, 'organization.update', 'organization', ${ada.organizationId} from generate_series(1, ${AUDIT_CSV_MAX_ROWS + 1})`);
    const capped = await server.app.request('/api/organization/audit-log?format=csv', { headers: { authorization: `Bearer ${ada.accessToken}` } });
    expect(capped.headers.get('x-audit-log-truncated')).toBe(String(AUDIT_CSV_MAX_ROWS));
    expect((await capped.text()).trimEnd().split('\r\n')).toHaveLength(AUDIT_CSV_MAX_ROWS + 1);
    const beta = await server.app.request('/api/organization/audit-log?format=csv', { headers: { authorization: `Bearer ${cy.accessToken}` } });
    expect(await beta.text()).not.toContain(bo.email);
  });

  it('stores the session limits with bounds, audits the change, and shows them in the profile', async () => {
    const put = (body: unknown, token = ada.accessToken) => server.json('PUT', '/api/organization/security', body, token);
    for (const [body, error] of [
      [{ sessionIdleMinutes: 4 }, SESSION_MSG.idleBounds],
      [{ sessionIdleMinutes: 10_081 }, SESSION_MSG.idleBounds],
      [{ sessionIdleMinutes: 7.5 }, SESSION_MSG.idleBounds],
      [{ sessionMaxHours: 0 }, SESSION_MSG.maxAgeBounds],
      [{ sessionMaxHours: '24' }, SESSION_MSG.maxAgeBounds],
      [{}, MFA_MSG.mfaPolicyBodyInvalid],
      [{ sessionMaxHours: 24, other: 1 }, MFA_MSG.mfaPolicyBodyInvalid],
    ] as const) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    expect((await put({ sessionMaxHours: 24 }, bo.accessToken)).status).toBe(403);
    const saved = await put({ sessionIdleMinutes: 30, sessionMaxHours: 24 });
    expect(saved).toMatchObject({ status: 200, body: { message: SESSION_MSG.sessionPolicySaved, require_mfa: false, session_idle_minutes: 30, session_max_hours: 24 } });
    const [row] = (await page('?kind=other')).items.filter((r) => r.action === 'organization.security');
    expect(row).toMatchObject({ actor: { id: ada.userId }, before: { sessionIdleMinutes: null, sessionMaxHours: null }, after: { sessionIdleMinutes: 30, sessionMaxHours: 24 } });
    expect((await get('/api/auth/profile', bo.accessToken)).body.organization).toMatchObject({ session_idle_minutes: 30, session_max_hours: 24 });
    // Beta is untouched; null clears a limit.
    expect((await get('/api/auth/profile', cy.accessToken)).body.organization).toMatchObject({ session_idle_minutes: null, session_max_hours: null });
    expect((await put({ sessionIdleMinutes: null })).body).toMatchObject({ session_idle_minutes: null, session_max_hours: 24 });
  });
});
