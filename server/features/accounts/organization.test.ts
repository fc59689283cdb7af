import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '#domain/messages.ts';
import { auditLog, organizations, profiles } from '#server/db/schema/index.ts';
import { apiClient, bodyOf, refusalOf } from '#tests/setup/api-client.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signInUser } from '#tests/setup/auth.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { createOrgAdmin, inviteAndAccept, joinKeyOf, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';

describe.each(DB_DRIVERS)('organization settings (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  /** `as`'s typed client. */
  const api = (as: { accessToken: string }) => apiClient(server, as.accessToken);
  const profileOf = async (as: { accessToken: string }) => (await api(as).auth.profile.$get()).json();
  const removeMember = (as: { accessToken: string }, id: string) => api(as).organization.members[':id'].$delete({ param: { id } });
  const updateOrganization = (as: { accessToken: string }, json: { name?: string; joinByLinkEnabled?: boolean }) => api(as).organization.update.$put({ json });
  const invite = (email: string) => api(admin).auth.invite.$post({ json: { email, organizationId: admin.organizationId! } });
  const usersOf = (as: { accessToken: string }, orgId: string) => api(as).organizations[':orgId'].users.$get({ param: { orgId } });

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
    await invite('p@example.org');
    const res = await bodyOf(api(admin).organization.invitations.$get());
    expect(res).toHaveLength(1);
    expect(res[0]).toMatchObject({ email: 'p@example.org', id: expect.any(String), created_at: expect.any(String) });
    const asMember = await api(member).organization.invitations.$get();
    expect(asMember.status).toBe(403);
    const cancel = await api(member).organization.invitations[':id'].$delete({ param: { id: res[0]!.id } });
    expect(cancel.status).toBe(403);
  });

  it('renames the organization (trimmed, non-empty) and toggles join-by-link, org_admin only', async () => {
    const res = await bodyOf(updateOrganization(admin, { name: '  Franklin Institute ' }));
    expect(res).toMatchObject({ message: MSG.orgNameUpdated, organization: { name: 'Franklin Institute' } });
    const empty = await refusalOf(updateOrganization(admin, { name: '   ' }), 400);
    expect(empty).toMatchObject({ error: MSG.orgNameEmpty });
    expect((await updateOrganization(admin, {})).status).toBe(400);
    // a flag that is not a boolean: sent untyped
    expect((await server.json('PUT', '/api/organization/update', { joinByLinkEnabled: 'yes' }, admin.accessToken)).status).toBe(400);

    const asMember = await updateOrganization(member, { name: 'Hijack' });
    expect(asMember.status).toBe(403);
    const profile = await profileOf(member);
    expect(profile.organization).toMatchObject({ name: 'Franklin Institute', joinByLinkEnabled: true });

    await updateOrganization(admin, { joinByLinkEnabled: false });
    expect((await profileOf(admin)).organization!.joinByLinkEnabled).toBe(false);
    const audit = await server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'organization.update'));
    expect(audit.length).toBe(2);
  });

  it('removes a member: the row stays as removed, their tokens stop working at once', async () => {
    const extraSession = await signInUser(server, member.email, member.password);
    const res = await bodyOf(removeMember(admin, member.userId));
    expect(res).toMatchObject({ message: MSG.memberRemoved });

    const [row] = await server.deps.db.select().from(profiles).where(eq(profiles.id, member.userId));
    expect(row!.status).toBe('removed');
    for (const token of [member.accessToken, extraSession.accessToken]) {
      const profile = await api({ accessToken: token }).auth.profile.$get();
      expect([401, 403]).toContain(profile.status);
    }
    // Signing in again gives a valid token, but the API still refuses the removed profile.
    const fresh = await signInUser(server, member.email, member.password);
    const refused = await refusalOf(api(fresh).organization.members.$get(), 403);
    expect(refused.code).toBe('access_removed');
    expect(refused.error).toMatch(/removed/);
    // Joining again by link does not re-create them.
    const rejoin = await api(fresh).auth['join-organization'].$post({
      json: { supabaseUserId: member.userId, email: member.email, firstName: 'Tim', lastName: 'Team', organizationId: admin.organizationId! },
    });
    expect(rejoin.status).toBe(403);

    const members = await bodyOf(api(admin).organization.members.$get());
    expect(members.map((m) => m.id)).toEqual([admin.userId]);
    expect((await removeMember(admin, member.userId)).status).toBe(404);
  });

  it('lets an invitation bring a removed member back', async () => {
    await removeMember(admin, member.userId);
    await invite(member.email);
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(server.mail.at(-1)!.text)![1]!;
    const session = await signInUser(server, member.email, member.password);
    const res = await api(session).auth['accept-invite'].$post({ json: { token, supabaseUserId: member.userId, firstName: 'Tim', lastName: 'Back' } });
    expect(res.status).toBe(201);
    expect(await profileOf(session)).toMatchObject({ status: 'active', last_name: 'Back' });
  });

  it('refuses self-removal, removal by a team member, and removing the last org_admin', async () => {
    const self = await refusalOf(removeMember(admin, admin.userId), 400);
    expect(self.error).toMatch(/yourself/);
    const byMember = await removeMember(member, admin.userId);
    expect(byMember.status).toBe(403);

    const coAdmin = await inviteAndAccept(server, admin, 'co-admin@example.org', { role: 'org_admin' });
    // Two admins: one may remove the other, after which the last one stays.
    expect((await removeMember(coAdmin, admin.userId)).status).toBe(200);
    const admins = await server.deps.db.select().from(profiles).where(eq(profiles.role, 'org_admin'));
    expect(admins.filter((p) => p.status === 'active').map((p) => p.id)).toEqual([coAdmin.userId]);
    expect((await removeMember(coAdmin, coAdmin.userId)).status).toBe(400);
  });

  it('never leaves an organization without an org_admin when two admins remove each other at once', async () => {
    const coAdmin = await inviteAndAccept(server, admin, 'rival@example.org', { role: 'org_admin' });
    const results = await Promise.all([
      removeMember(admin, coAdmin.userId),
      removeMember(coAdmin, admin.userId),
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
    const cross = await removeMember(admin, other.userId);
    expect(cross.status).toBe(404);
    expect((await server.json('DELETE', '/api/organization/members/not-a-uuid', undefined, admin.accessToken)).status).toBe(400);
    expect((await server.json('DELETE', '/api/organization/invitations/not-a-uuid', undefined, admin.accessToken)).status).toBe(400);
    const users = await refusalOf(usersOf(admin, other.organizationId!), 404);
    expect(JSON.stringify(users)).not.toContain(other.email);
    expect((await server.json('GET', '/api/organizations/not-a-uuid/users', undefined, admin.accessToken)).status).toBe(400);
  });

  it('lets a system admin (no organization) list any organization’s users', async () => {
    const sys = await signInSystemAdmin(server);
    expect(await profileOf(sys)).toMatchObject({ role: 'system_admin', organization: null });
    const users = await bodyOf(usersOf(sys, admin.organizationId!));
    expect(users).toHaveLength(2);
    expect((await usersOf(sys, crypto.randomUUID())).status).toBe(404);
    expect((await api(sys).organization.members.$get()).status).toBe(404);
  });

  it('lets a suspended organization read but not change data', async () => {
    await server.deps.db
      .update(organizations)
      .set({ status: 'suspended', suspendedReason: 'Payment overdue' })
      .where(eq(organizations.id, admin.organizationId!));
    expect((await api(admin).organization.members.$get()).status).toBe(200);
    expect((await profileOf(admin)).organization).toMatchObject({ status: 'suspended', suspended_reason: 'Payment overdue' });
    const rename = await refusalOf(updateOrganization(admin, { name: 'X' }), 403);
    expect(rename).toMatchObject({ code: 'organization_suspended' });
    expect(rename.error).toContain('Payment overdue');
    const inv = await refusalOf(invite('x@example.org'), 403);
    expect(inv.code).toBe('organization_suspended');
    const remove = await refusalOf(removeMember(admin, member.userId), 403);
    expect(remove.code).toBe('organization_suspended');
    const key = await joinKeyOf(server, admin.organizationId!);
    // GET /api/organization/public/{orgId} reads `key` without a validator: not in the route's type, so untyped
    expect((await server.json('GET', `/api/organization/public/${admin.organizationId}?key=${key}`)).status).toBe(404);
  });
});
