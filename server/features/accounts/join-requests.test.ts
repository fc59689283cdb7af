// Join by link (ADR 003): the link's key, pending join requests decided by org_admins, allowed
// e-mail domains for verified addresses, and removed members kept out until invited again.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '#domain/messages.ts';
import { auditLog, authUsers, joinRequests, profiles } from '#server/db/schema/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signUpUser, type TestUser } from '#tests/setup/auth.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin, inviteAndAccept, inviteTokenFor, joinKeyOf, joinOrganization, removeMember, type Member } from '#tests/isolation/fixtures.ts';

describe.each([TEST_DRIVER])('join by link (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let orgId: string;
  const get = (path: string, as: { accessToken: string }) => server.json('GET', path, undefined, as.accessToken);
  const post = (path: string, body: unknown, as: { accessToken: string }) => server.json('POST', path, body, as.accessToken);
  const joinBody = (u: TestUser, extra: Record<string, unknown> = {}) => ({
    supabaseUserId: u.userId,
    email: u.email,
    firstName: 'Joan',
    lastName: 'Joiner',
    organizationId: orgId,
    ...extra,
  });
  const join = async (u: TestUser, extra: Record<string, unknown> = {}) =>
    post('/api/auth/join-organization', joinBody(u, { joinKey: await joinKeyOf(server, orgId), ...extra }), u);
  const unconfirm = (u: TestUser) => server.deps.db.update(authUsers).set({ emailConfirmedAt: null }).where(eq(authUsers.id, u.userId));

  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Curie Lab', email: 'marie@curie.example' });
    orgId = admin.organizationId!;
  });
  afterAll(async () => server?.close());

  it('refuses the organization id alone, an old key after rotation and a switched-off link', async () => {
    const user = await signUpUser(server);
    const idOnly = await post('/api/auth/join-organization', joinBody(user), user);
    expect(idOnly).toMatchObject({ status: 404, body: { error: MSG.joinLinkInvalid } });
    expect((await post('/api/auth/join-organization', joinBody(user, { joinKey: 'x'.repeat(32) }), user)).status).toBe(404);
    expect((await server.json('GET', `/api/organization/public/${orgId}`)).status).toBe(404);

    const oldKey = await joinKeyOf(server, orgId);
    const pub = await server.json('GET', `/api/organization/public/${orgId}?key=${encodeURIComponent(oldKey)}`);
    expect(pub).toMatchObject({ status: 200, body: { name: 'Curie Lab' } });
    expect(Object.keys(pub.body)).toEqual(['name']);

    const link = await get('/api/organization/join-link', admin);
    expect(link.body).toEqual({ joinByLinkEnabled: true, joinKey: oldKey, allowedEmailDomains: [] });
    const rotated = await post('/api/organization/join-link/rotate', undefined, admin);
    expect(rotated).toMatchObject({ status: 200, body: { message: MSG.joinLinkRotated } });
    expect(rotated.body.joinLink.joinKey).not.toBe(oldKey);
    expect((await post('/api/auth/join-organization', joinBody(user, { joinKey: oldKey }), user)).body).toMatchObject({ error: MSG.joinLinkInvalid });
    expect((await server.json('GET', `/api/organization/public/${orgId}?key=${encodeURIComponent(oldKey)}`)).status).toBe(404);
    const [audit] = await server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'organization.join_link_rotate'));
    expect(audit).toMatchObject({ actorId: admin.userId, organizationId: orgId });
    expect(`${audit!.before}${audit!.after}`).not.toContain(rotated.body.joinLink.joinKey);

    expect((await server.json('PUT', '/api/organization/update', { joinByLinkEnabled: false }, admin.accessToken)).status).toBe(200);
    expect((await join(user)).status).toBe(404);
    expect(await server.deps.db.select().from(joinRequests)).toHaveLength(0);
  });

  it('turns a join by link into a pending request that an org_admin approves', async () => {
    const user = await signUpUser(server, { email: 'joan@elsewhere.example' });
    const res = await join(user);
    expect(res).toMatchObject({ status: 202, body: { message: MSG.joinRequestSent('Curie Lab'), joinRequest: { status: 'pending', organizationName: 'Curie Lab' } } });
    expect(res.body.profile).toBeUndefined();
    expect((await join(user)).status).toBe(202); // retried: the same single request
    expect(await server.deps.db.select().from(joinRequests)).toHaveLength(1);

    // No membership yet: the SPA is told why, and no organization data is served.
    const profile = await get('/api/auth/profile', user);
    expect(profile).toMatchObject({ status: 403, body: { code: 'profile_missing', error: MSG.joinRequestPending('Curie Lab') } });
    expect((await get('/api/assessments', user)).status).toBe(403);
    expect((await get('/api/organization/members', user)).status).toBe(403);

    // The org_admins are told by e-mail; the admin sees name, verified e-mail and date.
    const notice = server.mail.find((m) => m.to === admin.email && m.subject.includes('asks to join'));
    expect(notice?.subject).toBe('Joan Joiner asks to join Curie Lab on MVRSP Assess');
    const list = await get('/api/organization/join-requests', admin);
    expect(list.body).toEqual([{ id: expect.any(String), first_name: 'Joan', last_name: 'Joiner', email: 'joan@elsewhere.example', status: 'pending', created_at: expect.any(String), resembles_removed_member: false }]);

    const member = await joinOrganization(server, orgId, { firstName: 'Tim', lastName: 'Team' });
    expect((await get('/api/organization/join-requests', member)).status).toBe(403);
    expect((await post(`/api/organization/join-requests/${list.body[0].id}/approve`, undefined, member)).status).toBe(403);

    const approved = await post(`/api/organization/join-requests/${list.body[0].id}/approve`, undefined, admin);
    expect(approved).toMatchObject({ status: 200, body: { message: MSG.joinRequestApproved('Joan Joiner'), request: { status: 'approved' } } });
    expect((await get('/api/auth/profile', user)).body).toMatchObject({ role: 'team_member', organization: { id: orgId } });
    expect(server.mail.filter((m) => m.to === 'joan@elsewhere.example').at(-1)?.subject).toBe('Your request to join Curie Lab on MVRSP Assess was approved');
    expect((await post(`/api/organization/join-requests/${list.body[0].id}/approve`, undefined, admin)).status).toBe(404);
    const audit = await server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'join_request.approve'));
    expect(audit.map((a) => a.targetId)).toContain(user.userId);
  });

  it('records a decline, and the requester cannot ask again', async () => {
    const user = await signUpUser(server);
    expect((await join(user)).status).toBe(202);
    const [request] = (await get('/api/organization/join-requests', admin)).body;
    const declined = await post(`/api/organization/join-requests/${request.id}/decline`, undefined, admin);
    expect(declined).toMatchObject({ status: 200, body: { message: MSG.joinRequestDeclinedDone('Joan Joiner'), request: { status: 'declined' } } });
    const [row] = await server.deps.db.select().from(joinRequests).where(eq(joinRequests.id, request.id));
    expect(row).toMatchObject({ status: 'declined', decidedBy: admin.userId, decidedAt: expect.any(Date) });
    expect((await server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'join_request.decline'))).length).toBe(1);
    expect((await get('/api/auth/profile', user)).body.code).toBe('profile_missing');
    expect(await join(user)).toMatchObject({ status: 403, body: { error: MSG.joinRequestDeclined } });
    expect((await get('/api/organization/join-requests', admin)).body).toEqual([]);
  });

  it('withdraws a pending request when the requester joins another organization by invitation', async () => {
    const bohr = await createOrgAdmin(server, { organizationName: 'Bohr Institute', email: 'niels@bohr.example' });
    const user = await signUpUser(server, { email: 'joan@elsewhere.example' });
    expect((await join(user)).status).toBe(202);
    expect((await post('/api/auth/invite', { email: user.email, organizationId: bohr.organizationId }, bohr)).status).toBe(201);
    const accepted = await post('/api/auth/accept-invite', { token: inviteTokenFor(server, user.email), supabaseUserId: user.userId, firstName: 'Joan', lastName: 'Joiner' }, user);
    expect(accepted.status).toBe(201);
    // Curie's admin is not left with a request whose approval could only fail.
    expect((await get('/api/organization/join-requests', admin)).body).toEqual([]);
    const [row] = await server.deps.db.select().from(joinRequests).where(eq(joinRequests.userId, user.userId));
    expect(row).toMatchObject({ status: 'withdrawn', decidedAt: expect.any(Date) });
  });

  it('does not let an org_admin decide another organization’s request (404)', async () => {
    const user = await signUpUser(server);
    await join(user);
    const [request] = (await get('/api/organization/join-requests', admin)).body;
    const other = await createOrgAdmin(server, { organizationName: 'Other Org' });
    expect((await post(`/api/organization/join-requests/${request.id}/approve`, undefined, other)).status).toBe(404);
    expect((await post(`/api/organization/join-requests/${request.id}/decline`, undefined, other)).status).toBe(404);
    expect((await get('/api/organization/join-requests', other)).body).toEqual([]);
    expect((await get('/api/auth/profile', user)).status).toBe(403);
  });

  it('joins a verified address on an allowed domain at once; other domains still ask, unconfirmed addresses are refused', async () => {
    const bad = await server.json('PUT', '/api/organization/update', { allowedEmailDomains: ['curie.example', 'https://evil.example/x'] }, admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain(MSG.joinDomainInvalid('https://evil.example/x'));
    const tooMany = Array.from({ length: 21 }, (_, i) => `d${i}.example`);
    expect((await server.json('PUT', '/api/organization/update', { allowedEmailDomains: tooMany }, admin.accessToken)).status).toBe(400);
    const ok = await server.json('PUT', '/api/organization/update', { allowedEmailDomains: [' Curie.Example ', '@curie.example'] }, admin.accessToken);
    expect(ok).toMatchObject({ status: 200, body: { joinLink: { allowedEmailDomains: ['curie.example'] } } });
    const member = await joinOrganization(server, orgId);
    expect((await server.json('PUT', '/api/organization/update', { allowedEmailDomains: [] }, member.accessToken)).status).toBe(403);

    const colleague = await signUpUser(server, { email: 'pierre@curie.example' });
    const immediate = await join(colleague);
    expect(immediate).toMatchObject({ status: 201, body: { profile: { role: 'team_member', organization: { id: orgId } } } });

    // An unconfirmed address gets neither membership nor a request (ADR 002: confirmed addresses only).
    const unverified = await signUpUser(server, { email: 'irene@curie.example' });
    await unconfirm(unverified);
    expect(await join(unverified)).toMatchObject({ status: 403, body: { code: 'email_not_confirmed' } });
    const outsider = await signUpUser(server, { email: 'someone@elsewhere.example' });
    expect((await join(outsider)).status).toBe(202);
  });

  it('keeps a removed member out: same account, new account with the same or another address, with or without allowed domains', async () => {
    const removed = await joinOrganization(server, orgId, { email: 'eve@curie.example', firstName: 'Eve', lastName: 'Removed' });
    const keyKnownToEve = await joinKeyOf(server, orgId);
    const created = await post('/api/assessments/create', { organizationId: orgId }, admin);
    expect(created.status).toBe(201);
    const assessmentId = created.body.assessmentId as string;
    expect((await get('/api/assessments', removed)).status).toBe(200);
    await removeMember(server, admin, removed.userId);
    // Removing ends the sessions: the old access token is refused, with the reason.
    expect(await get('/api/auth/profile', removed)).toMatchObject({ status: 403, body: { error: MSG.accessRemoved, code: 'access_removed' } });
    // ...and renews the join link: the key Eve knew opens nothing any more, even for a new account.
    expect(await joinKeyOf(server, orgId)).not.toBe(keyKnownToEve);
    const withOldKey = await signUpUser(server, { email: 'eve.newaddress@elsewhere.example' });
    expect(await join(withOldKey, { joinKey: keyKnownToEve })).toMatchObject({ status: 404, body: { error: MSG.joinLinkInvalid } });
    expect((await server.json('GET', `/api/organization/public/${orgId}?key=${keyKnownToEve}`)).status).toBe(404);

    const noData = async (u: TestUser) => {
      for (const path of ['/api/auth/profile', '/api/assessments', `/api/assessments/${assessmentId}`, `/api/assessments/${assessmentId}/evidence`, '/api/sync/pull']) {
        expect([401, 403, 404], path).toContain((await get(path, u)).status);
      }
    };

    const withDomains = (domains: string[]) => server.json('PUT', '/api/organization/update', { allowedEmailDomains: domains }, admin.accessToken);
    const deleteAuthUser = (userId: string) => server.deps.db.delete(authUsers).where(eq(authUsers.id, userId));

    // The same user id (signs in again) is refused, with or without the allowed-domain rule.
    for (const domains of [[], ['curie.example']]) {
      await withDomains(domains);
      const back = await server.json('POST', '/auth/v1/token?grant_type=password', { email: removed.email, password: removed.password });
      const again = { ...removed, accessToken: back.body.access_token as string };
      expect(await join(again)).toMatchObject({ status: 403, body: { error: expect.stringMatching(/removed/) } });
      await noData(again);
    }

    // A new account with the same (verified) address, once the old one is gone at the provider.
    await deleteAuthUser(removed.userId);
    for (const domains of [[], ['curie.example']]) {
      await withDomains(domains);
      const sameAddress = await signUpUser(server, { email: removed.email });
      expect(await join(sameAddress)).toMatchObject({ status: 403, body: { error: MSG.joinRemovedMember } });
      await noData(sameAddress);
      await deleteAuthUser(sameAddress.userId);
    }

    // A new account with another address: unconfirmed, it is refused; confirmed, it only gets a
    // pending request (the allowed-domain shortcut is off here: the admin decides).
    for (const domains of [[], ['curie.example']]) {
      await withDomains(domains);
      const other = await signUpUser(server, { email: `eve.${domains.length}@curie.example` });
      await unconfirm(other);
      expect(await join(other)).toMatchObject({ status: 403, body: { code: 'email_not_confirmed' } });
      await noData(other);
    }
    await withDomains([]);
    const confirmedOther = await signUpUser(server, { email: 'eve.other@elsewhere.example' });
    expect((await join(confirmedOther)).status).toBe(202);
    await noData(confirmedOther);
    // A sub-address of the removed mailbox (eve+back@) is the same mailbox: refused even on an allowed domain.
    await withDomains(['curie.example']);
    const alias = await signUpUser(server, { email: 'Eve+back@curie.example' });
    expect(await join(alias)).toMatchObject({ status: 403, body: { error: MSG.joinRemovedMember } });
    await noData(alias);
    await withDomains([]);
    expect(await server.deps.db.select().from(profiles).where(eq(profiles.email, removed.email))).toHaveLength(1);

    // An invitation brings the removed member back.
    const invited = await inviteAndAccept(server, admin, 'eve.back@curie.example');
    expect((await get('/api/assessments', invited)).status).toBe(200);
  });

  it('refuses an approval when the requester was removed meanwhile', async () => {
    const removed = await joinOrganization(server, orgId, { email: 'mallory@elsewhere.example' });
    await removeMember(server, admin, removed.userId);
    const fresh = await signUpUser(server, { email: 'mallory2@elsewhere.example' });
    expect((await join(fresh)).status).toBe(202);
    // The address of the removed profile becomes the requester's (e.g. the provider account was re-created).
    await server.deps.db.update(joinRequests).set({ email: 'mallory@elsewhere.example' }).where(and(eq(joinRequests.userId, fresh.userId)));
    const [request] = (await get('/api/organization/join-requests', admin)).body;
    expect(await post(`/api/organization/join-requests/${request.id}/approve`, undefined, admin)).toMatchObject({ status: 403, body: { error: MSG.joinRemovedMember } });
    expect((await get('/api/auth/profile', fresh)).status).toBe(403);
  });

  it('a new join link cancels the requests made with the old one; they can ask again with the new link', async () => {
    const ann = await signUpUser(server, { email: 'ann@elsewhere.example' });
    const bob = await signUpUser(server, { email: 'bob@elsewhere.example' });
    expect((await join(ann)).status).toBe(202);
    expect((await join(bob)).status).toBe(202);
    expect((await get('/api/organization/join-requests', admin)).body).toHaveLength(2);

    const rotated = await post('/api/organization/join-link/rotate', undefined, admin);
    expect(rotated).toMatchObject({ status: 200, body: { message: MSG.joinLinkRotatedCancelled(2), cancelledRequests: 2 } });
    expect((await get('/api/organization/join-requests', admin)).body).toEqual([]);
    const rows = await server.deps.db.select().from(joinRequests).where(eq(joinRequests.organizationId, orgId));
    expect(rows.map((r) => [r.status, r.decidedBy])).toEqual([
      ['cancelled', admin.userId],
      ['cancelled', admin.userId],
    ]);
    const [audit] = await server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'organization.join_link_rotate'));
    expect(JSON.parse(audit!.after as string)).toEqual({ cancelledJoinRequests: 2 });
    // No longer "waiting for approval": they are told nothing is pending, and the new link works.
    const profile = await get('/api/auth/profile', ann);
    expect(profile).toMatchObject({ status: 403, body: { code: 'profile_missing' } });
    expect(profile.body.details?.joinRequest).toBeFalsy();
    expect((await join(ann)).status).toBe(202);
    expect((await get('/api/organization/join-requests', admin)).body.map((r: { email: string }) => r.email)).toEqual(['ann@elsewhere.example']);
    // Nothing pending: the plain message.
    await post(`/api/organization/join-requests/${(await get('/api/organization/join-requests', admin)).body[0].id}/decline`, undefined, admin);
    expect((await post('/api/organization/join-link/rotate', undefined, admin)).body).toMatchObject({ message: MSG.joinLinkRotated, cancelledRequests: 0 });
  });

  it('flags a waiting request from the mailbox of a member removed since (case, Gmail dots, +tag); asking again is refused', async () => {
    const member = await joinOrganization(server, orgId, { email: 'jane.doe@googlemail.com' });
    const lookalike = await signUpUser(server, { email: 'J.A.N.E.D.O.E+lab@GMail.com' });
    const stranger = await signUpUser(server, { email: 'janedoe@elsewhere.example' });
    expect((await join(lookalike)).status).toBe(202);
    expect((await join(stranger)).status).toBe(202);
    const before = (await get('/api/organization/join-requests', admin)).body as Array<{ email: string; resembles_removed_member: boolean }>;
    expect(before.map((r) => r.resembles_removed_member)).toEqual([false, false]);

    await removeMember(server, admin, member.userId);
    const after = (await get('/api/organization/join-requests', admin)).body as Array<{ email: string; resembles_removed_member: boolean }>;
    expect(after.map((r) => [r.email, r.resembles_removed_member])).toEqual([
      ['j.a.n.e.d.o.e+lab@gmail.com', true],
      ['janedoe@elsewhere.example', false],
    ]);
    // A new ask from another spelling of the same Gmail mailbox is refused outright.
    const again = await signUpUser(server, { email: 'JaneDoe@gmail.com' });
    expect(await join(again)).toMatchObject({ status: 403, body: { error: MSG.joinRemovedMember } });
  });
});
