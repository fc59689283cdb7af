import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '#domain/messages.ts';
import { auditLog, organizations, profiles } from '#server/db/schema/index.ts';
import { apiClient } from '#tests/setup/api-client.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signInUser } from '#tests/setup/auth.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { createOrgAdmin, inviteAndAccept, joinKeyOf, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';

describe.each(DB_DRIVERS)('organization settings (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  const get = (path: string, as: { accessToken: string }) => server.json('GET', path, undefined, as.accessToken);

  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Franklin Labs', firstName: 'Rosalind', lastName: 'Franklin' });
    member = await joinOrganization(server, admin.organizationId!, { firstName: 'Tim', lastName: 'Team' });
  });
  afterAll(async () => server?.close());

  it('lists members to every member, with wire field names', async () => {
    for (const who of [admin, member]) {
      const res = await apiClient(server, who.accessToken).organization.members.$get();
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([
        { id: admin.userId, first_name: 'Rosalind', last_name: 'Franklin', email: admin.email, role: 'org_admin' },
        { id: member.userId, first_name: 'Tim', last_name: 'Team', email: member.email, role: 'team_member' },
      ]);
    }
    const users = await apiClient(server, member.accessToken).organizations[':orgId'].users.$get({ param: { orgId: admin.organizationId! } });
    expect(await users.json()).toHaveLength(2);
  });

  it('lists pending invitations to org_admins only', async () => {
    await server.json('POST', '/api/auth/invite', { email: 'p@example.org', organizationId: admin.organizationId }, admin.accessToken);
    const res = await get('/api/organization/invitations', admin);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ email: 'p@example.org', id: expect.any(String), created_at: expect.any(String) });
    const asMember = await get('/api/organization/invitations', member);
    expect(asMember.status).toBe(403);
    const cancel = await server.json('DELETE', `/api/organization/invitations/${res.body[0].id}`, undefined, member.accessToken);
    expect(cancel.status).toBe(403);
  });

  it('renames the organization (trimmed, non-empty) and toggles join-by-link, org_admin only', async () => {
    const res = await server.json('PUT', '/api/organization/update', { name: '  Franklin Institute ' }, admin.accessToken);
    expect(res).toMatchObject({ status: 200, body: { message: MSG.orgNameUpdated, organization: { name: 'Franklin Institute' } } });
    const empty = await server.json('PUT', '/api/organization/update', { name: '   ' }, admin.accessToken);
    expect(empty).toMatchObject({ status: 400, body: { error: MSG.orgNameEmpty } });
    expect((await server.json('PUT', '/api/organization/update', {}, admin.accessToken)).status).toBe(400);
    expect((await server.json('PUT', '/api/organization/update', { joinByLinkEnabled: 'yes' }, admin.accessToken)).status).toBe(400);

    const asMember = await server.json('PUT', '/api/organization/update', { name: 'Hijack' }, member.accessToken);
    expect(asMember.status).toBe(403);
    const profile = await get('/api/auth/profile', member);
    expect(profile.body.organization).toMatchObject({ name: 'Franklin Institute', joinByLinkEnabled: true });

    await server.json('PUT', '/api/organization/update', { joinByLinkEnabled: false }, admin.accessToken);
    expect((await get('/api/auth/profile', admin)).body.organization.joinByLinkEnabled).toBe(false);
    const audit = await server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'organization.update'));
    expect(audit.length).toBe(2);
  });

  it('removes a member: the row stays as removed, their tokens stop working at once', async () => {
    const extraSession = await signInUser(server, member.email, member.password);
    const res = await server.json('DELETE', `/api/organization/members/${member.userId}`, undefined, admin.accessToken);
    expect(res).toMatchObject({ status: 200, body: { message: MSG.memberRemoved } });

    const [row] = await server.deps.db.select().from(profiles).where(eq(profiles.id, member.userId));
    expect(row!.status).toBe('removed');
    for (const token of [member.accessToken, extraSession.accessToken]) {
      const profile = await server.json('GET', '/api/auth/profile', undefined, token);
      expect([401, 403]).toContain(profile.status);
    }
    // Signing in again gives a valid token, but the API still refuses the removed profile.
    const fresh = await signInUser(server, member.email, member.password);
    const refused = await server.json('GET', '/api/organization/members', undefined, fresh.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('access_removed');
    expect(refused.body.error).toMatch(/removed/);
    // Joining again by link does not re-create them.
    const rejoin = await server.json(
      'POST',
      '/api/auth/join-organization',
      { supabaseUserId: member.userId, email: member.email, firstName: 'Tim', lastName: 'Team', organizationId: admin.organizationId },
      fresh.accessToken,
    );
    expect(rejoin.status).toBe(403);

    const members = await get('/api/organization/members', admin);
    expect(members.body.map((m: { id: string }) => m.id)).toEqual([admin.userId]);
    expect((await server.json('DELETE', `/api/organization/members/${member.userId}`, undefined, admin.accessToken)).status).toBe(404);
  });

  it('lets an invitation bring a removed member back', async () => {
    await server.json('DELETE', `/api/organization/members/${member.userId}`, undefined, admin.accessToken);
    await server.json('POST', '/api/auth/invite', { email: member.email, organizationId: admin.organizationId }, admin.accessToken);
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(server.mail.at(-1)!.text)![1]!;
    const session = await signInUser(server, member.email, member.password);
    const res = await server.json('POST', '/api/auth/accept-invite', { token, supabaseUserId: member.userId, firstName: 'Tim', lastName: 'Back' }, session.accessToken);
    expect(res.status).toBe(201);
    expect((await get('/api/auth/profile', session)).body).toMatchObject({ status: 'active', last_name: 'Back' });
  });

  it('refuses self-removal, removal by a team member, and removing the last org_admin', async () => {
    const self = await server.json('DELETE', `/api/organization/members/${admin.userId}`, undefined, admin.accessToken);
    expect(self.status).toBe(400);
    expect(self.body.error).toMatch(/yourself/);
    const byMember = await server.json('DELETE', `/api/organization/members/${admin.userId}`, undefined, member.accessToken);
    expect(byMember.status).toBe(403);

    const coAdmin = await inviteAndAccept(server, admin, 'co-admin@example.org', { role: 'org_admin' });
    // Two admins: one may remove the other, after which the last one stays.
    expect((await server.json('DELETE', `/api/organization/members/${admin.userId}`, undefined, coAdmin.accessToken)).status).toBe(200);
    const admins = await server.deps.db.select().from(profiles).where(eq(profiles.role, 'org_admin'));
    expect(admins.filter((p) => p.status === 'active').map((p) => p.id)).toEqual([coAdmin.userId]);
    expect((await server.json('DELETE', `/api/organization/members/${coAdmin.userId}`, undefined, coAdmin.accessToken)).status).toBe(400);
  });

  it('never leaves an organization without an org_admin when two admins remove each other at once', async () => {
    const coAdmin = await inviteAndAccept(server, admin, 'rival@example.org', { role: 'org_admin' });
    const results = await Promise.all([
      server.json('DELETE', `/api/organization/members/${coAdmin.userId}`, undefined, admin.accessToken),
      server.json('DELETE', `/api/organization/members/${admin.userId}`, undefined, coAdmin.accessToken),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect([401, 403, 404, 409]).toContain(r.status);
    const activeAdmins = (await server.deps.db.select().from(profiles).where(eq(profiles.organizationId, admin.organizationId!))).filter(
      (p) => p.role === 'org_admin' && p.status === 'active',
    );
    expect(activeAdmins).toHaveLength(1);
  });

  it('answers 404 for members of other organizations and malformed ids', async () => {
    const other = await createOrgAdmin(server, { organizationName: 'Other Org' });
    const cross = await server.json('DELETE', `/api/organization/members/${other.userId}`, undefined, admin.accessToken);
    expect(cross.status).toBe(404);
    expect((await server.json('DELETE', '/api/organization/members/not-a-uuid', undefined, admin.accessToken)).status).toBe(400);
    expect((await server.json('DELETE', '/api/organization/invitations/not-a-uuid', undefined, admin.accessToken)).status).toBe(400);
    const users = await get(`/api/organizations/${other.organizationId}/users`, admin);
    expect(users.status).toBe(404);
    expect(JSON.stringify(users.body)).not.toContain(other.email);
    expect((await get('/api/organizations/not-a-uuid/users', admin)).status).toBe(400);
  });

  it('lets a system admin (no organization) list any organization’s users', async () => {
    const sys = await signInSystemAdmin(server);
    const profile = await get('/api/auth/profile', sys);
    expect(profile.body).toMatchObject({ role: 'system_admin', organization: null });
    const users = await get(`/api/organizations/${admin.organizationId}/users`, sys);
    expect(users.status).toBe(200);
    expect(users.body).toHaveLength(2);
    expect((await get(`/api/organizations/${crypto.randomUUID()}/users`, sys)).status).toBe(404);
    expect((await get('/api/organization/members', sys)).status).toBe(404);
  });

  it('lets a suspended organization read but not change data', async () => {
    await server.deps.db
      .update(organizations)
      .set({ status: 'suspended', suspendedReason: 'Payment overdue' })
      .where(eq(organizations.id, admin.organizationId!));
    expect((await get('/api/organization/members', admin)).status).toBe(200);
    expect((await get('/api/auth/profile', admin)).body.organization).toMatchObject({ status: 'suspended', suspended_reason: 'Payment overdue' });
    const rename = await server.json('PUT', '/api/organization/update', { name: 'X' }, admin.accessToken);
    expect(rename).toMatchObject({ status: 403, body: { code: 'organization_suspended' } });
    expect(rename.body.error).toContain('Payment overdue');
    const inv = await server.json('POST', '/api/auth/invite', { email: 'x@example.org', organizationId: admin.organizationId }, admin.accessToken);
    expect(inv.body.code).toBe('organization_suspended');
    const remove = await server.json('DELETE', `/api/organization/members/${member.userId}`, undefined, admin.accessToken);
    expect(remove.body.code).toBe('organization_suspended');
    const key = await joinKeyOf(server, admin.organizationId!);
    expect((await server.json('GET', `/api/organization/public/${admin.organizationId}?key=${key}`)).status).toBe(404);
  });
});
