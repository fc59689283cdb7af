import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '#domain/messages.ts';
import type { AcceptInviteInput } from '#domain/contracts/accounts.ts';
import { invitations, organizations } from '#server/db/schema/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf, refusalOf } from '#tests/setup/api-client.ts';
import { signInUser, signUpUser } from '#tests/setup/auth.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin, inviteTokenFor, joinOrganization, type Member } from '#tests/isolation/fixtures.ts';
import { hashToken } from './invitation.service.ts';

const accept = (token: string, extra: Partial<AcceptInviteInput> = {}): AcceptInviteInput => ({ token, firstName: 'Ivy', lastName: 'Invitee', password: 'Invited-pass-1', ...extra });

describe.each([TEST_DRIVER])('invitations (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  const invite = (email: string, as: Member = admin, orgId = admin.organizationId!) =>
    apiClient(server, as.accessToken).auth.invite.$post({ json: { email, organizationId: orgId } });
  /** POST /api/auth/accept-invite, with the session of `as` when given. */
  const acceptInvite = (json: AcceptInviteInput, as?: Member | { accessToken: string }) => apiClient(server, as?.accessToken).auth['accept-invite'].$post({ json });
  /** GET /api/auth/validate-invite reads its token without a validator, so its query is not in the route's type: untyped. */
  const validateInvite = (token?: string) => server.json('GET', `/api/auth/validate-invite${token === undefined ? '' : `?token=${token}`}`);
  const pendingInvitations = () => bodyOf(apiClient(server, admin.accessToken).organization.invitations.$get());
  const cancelInvitation = (id: string) => apiClient(server, admin.accessToken).organization.invitations[':id'].$delete({ param: { id } });

  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Curie Lab', firstName: 'Marie', lastName: 'Curie' });
  });
  afterAll(async () => server?.close());

  it('sends a mail naming inviter, invitee and organization, with a single-use link', async () => {
    const res = await bodyOf(invite('  New.Person@Example.org '), 201);
    expect(res.message).toBe(MSG.inviteSent('new.person@example.org'));
    expect(res.invitation).toMatchObject({ email: 'new.person@example.org', role: 'team_member' });

    const mail = server.mail.at(-1)!;
    expect(mail.to).toBe('new.person@example.org');
    expect(mail.subject).toBe('Marie Curie invited you to join Curie Lab on MVRSP Assess');
    expect(mail.text).toContain('Marie Curie');
    expect(mail.text).toContain('new.person@example.org');
    expect(mail.text).toContain('Curie Lab');
    const token = inviteTokenFor(server, 'new.person@example.org');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.links).toEqual([`http://localhost:3999/invite/${token}`]);

    // Only the hash is stored.
    const [row] = await server.deps.db.select().from(invitations).where(eq(invitations.email, 'new.person@example.org'));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const valid = await validateInvite(token);
    expect(valid).toMatchObject({ status: 200, body: { organizationName: 'Curie Lab', email: 'new.person@example.org', organizationId: admin.organizationId } });

    const accepted = await bodyOf(acceptInvite(accept(token)), 201);
    expect(accepted.message).toBe(MSG.accountCreatedSignIn);
    expect(accepted.profile).toMatchObject({ email: 'new.person@example.org', role: 'team_member', first_name: 'Ivy' });

    const session = await signInUser(server, 'new.person@example.org', 'Invited-pass-1');
    const profile = await apiClient(server, session.accessToken).auth.profile.$get();
    expect(await profile.json()).toMatchObject({ role: 'team_member', organization: { id: admin.organizationId } });

    // Single use.
    expect((await validateInvite(token)).status).toBe(404);
    const again = await refusalOf(acceptInvite(accept(token)), 404);
    expect(again).toMatchObject({ error: MSG.invalidInvitation });
    expect(await pendingInvitations()).toEqual([]);
  });

  it('can invite another org_admin', async () => {
    const res = await apiClient(server, admin.accessToken).auth.invite.$post({ json: { email: 'co@example.org', organizationId: admin.organizationId!, role: 'org_admin' } });
    expect(res.status).toBe(201);
    const accepted = await acceptInvite(accept(inviteTokenFor(server, 'co@example.org')));
    expect((await accepted.json()).profile.role).toBe('org_admin');
  });

  it('validates the e-mail', async () => {
    expect(await refusalOf(invite(''), 400)).toMatchObject({ error: MSG.inviteEmailEmpty, code: 'validation_failed' });
    expect(await refusalOf(invite('   '), 400)).toMatchObject({ error: MSG.inviteEmailEmpty });
    const bad = await refusalOf(invite('not-an-email'), 400);
    expect(bad.error).toMatch(/valid email/i);
    expect((await invite('x@example.org', admin, 'not-a-uuid')).status).toBe(400);
    expect(server.mail.filter((m) => m.subject.includes('invited you'))).toHaveLength(0);
  });

  it('refuses to invite an existing member', async () => {
    const member = await joinOrganization(server, admin.organizationId!);
    const res = await refusalOf(invite(member.email.toUpperCase()), 409);
    expect(res.error).toMatch(/already a member/);
    expect((await invite(admin.email)).status).toBe(409);
  });

  it('refreshes a pending invitation instead of duplicating it', async () => {
    await invite('twice@example.org');
    const first = inviteTokenFor(server, 'twice@example.org');
    await invite('twice@example.org');
    const second = inviteTokenFor(server, 'twice@example.org');
    expect(second).not.toBe(first);
    const rows = await server.deps.db.select().from(invitations).where(eq(invitations.email, 'twice@example.org'));
    expect(rows).toHaveLength(1);
    expect((await validateInvite(first)).status).toBe(404);
    expect((await validateInvite(second)).status).toBe(200);
    expect((await pendingInvitations()).map((i) => i.email)).toEqual(['twice@example.org']);
  });

  it('only lets an org_admin of that organization invite', async () => {
    const member = await joinOrganization(server, admin.organizationId!);
    const asMember = await invite('x@example.org', member);
    expect(asMember.status).toBe(403);
    const other = await createOrgAdmin(server, { organizationName: 'Other' });
    const crossOrg = await refusalOf(invite('x@example.org', other, admin.organizationId!), 404);
    expect(JSON.stringify(crossOrg)).not.toContain('Curie Lab');
    expect((await apiClient(server).auth.invite.$post({ json: { email: 'x@example.org', organizationId: admin.organizationId! } })).status).toBe(401);
    expect(server.mail.filter((m) => m.to === 'x@example.org')).toHaveLength(0);
  });

  it('rejects unknown, malformed, expired and cancelled tokens with the same message', async () => {
    const unknown = await validateInvite('A'.repeat(43));
    expect(unknown).toMatchObject({ status: 404, body: { error: MSG.invalidInvitation } });
    expect((await validateInvite()).status).toBe(404);
    expect((await validateInvite('short')).status).toBe(404);

    await invite('late@example.org');
    const late = inviteTokenFor(server, 'late@example.org');
    await server.deps.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.email, 'late@example.org'));
    expect((await validateInvite(late)).body.error).toBe(MSG.invalidInvitation);
    expect((await acceptInvite(accept(late))).status).toBe(404);

    const created = await bodyOf(invite('cancel@example.org'), 201);
    const cancelToken = inviteTokenFor(server, 'cancel@example.org');
    const cancel = await bodyOf(cancelInvitation(created.invitation.id));
    expect(cancel).toMatchObject({ message: MSG.inviteCancelled });
    expect((await validateInvite(cancelToken)).status).toBe(404);
    expect((await acceptInvite(accept(cancelToken))).status).toBe(404);
    const again = await cancelInvitation(created.invitation.id);
    expect(again.status).toBe(404);
  });

  it('validates the acceptance payload', async () => {
    await invite('pw@example.org');
    const token = inviteTokenFor(server, 'pw@example.org');
    const short = await refusalOf(acceptInvite(accept(token, { password: 'short' })), 400);
    expect(short).toMatchObject({ error: MSG.passwordTooShortInvite });
    const noName = await refusalOf(acceptInvite(accept(token, { firstName: ' ' })), 400);
    expect(noName).toMatchObject({ error: MSG.requiredFields });
    const neither = await acceptInvite({ token, firstName: 'A', lastName: 'B' });
    expect(neither.status).toBe(400);
    // Still usable after the failures.
    expect((await acceptInvite(accept(token))).status).toBe(201);
  });

  it('asks an already registered e-mail to sign in and keeps the invitation usable', async () => {
    const existing = await signUpUser(server, { email: 'known@example.org' });
    await invite('known@example.org');
    const token = inviteTokenFor(server, 'known@example.org');
    const res = await refusalOf(acceptInvite(accept(token)), 409);
    expect(res.error).toMatch(/already exists/);

    // The session variant: signed in with the invited e-mail.
    const other = await signUpUser(server);
    const wrongUser = await acceptInvite({ token, supabaseUserId: other.userId, firstName: 'K', lastName: 'N' }, other);
    expect(wrongUser.status).toBe(403);
    const mismatch = await acceptInvite({ token, supabaseUserId: existing.userId, firstName: 'K', lastName: 'N' }, other);
    expect(mismatch.status).toBe(403);
    const noSession = await acceptInvite({ token, supabaseUserId: existing.userId, firstName: 'K', lastName: 'N' });
    expect(noSession.status).toBe(401);

    const ok = await acceptInvite({ token, supabaseUserId: existing.userId, firstName: 'Kay', lastName: 'Known' }, existing);
    expect(ok.status).toBe(201);
    const profile = await apiClient(server, existing.accessToken).auth.profile.$get();
    expect(await profile.json()).toMatchObject({ first_name: 'Kay', role: 'team_member', organization: { id: admin.organizationId } });
  });

  it('refuses an invitation for someone who already belongs to another organization', async () => {
    const other = await createOrgAdmin(server, { organizationName: 'Elsewhere' });
    await invite(other.email);
    const token = inviteTokenFor(server, other.email);
    const res = await acceptInvite({ token, supabaseUserId: other.userId, firstName: 'O', lastName: 'T' }, other);
    expect(res.status).toBe(409);
    expect((await validateInvite(token)).status).toBe(200);
  });

  it('refuses acceptance into a suspended organization and keeps the invitation', async () => {
    await invite('paused@example.org');
    const token = inviteTokenFor(server, 'paused@example.org');
    await server.deps.db.update(organizations).set({ status: 'suspended', suspendedReason: 'Under review' }).where(eq(organizations.id, admin.organizationId!));
    const res = await refusalOf(acceptInvite(accept(token)), 403);
    expect(res).toMatchObject({ code: 'organization_suspended' });
    await server.deps.db.update(organizations).set({ status: 'active', suspendedReason: null }).where(eq(organizations.id, admin.organizationId!));
    expect((await acceptInvite(accept(token))).status).toBe(201);
  });

  it('reports a mail delivery failure as a clear error', async () => {
    server.deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    const res = await refusalOf(invite('down@example.org'), 502);
    expect(res.error).toMatch(/could not be delivered/);
  });
});
