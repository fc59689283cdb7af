import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '#domain/messages.ts';
import { invitations, organizations } from '#server/db/schema/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signInUser, signUpUser } from '#tests/setup/auth.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin, inviteTokenFor, joinOrganization, type Member } from '#tests/isolation/fixtures.ts';
import { hashToken } from './invitation.service.ts';

const accept = (token: string, extra: Record<string, unknown> = {}) => ({ token, firstName: 'Ivy', lastName: 'Invitee', password: 'Invited-pass-1', ...extra });

describe.each([TEST_DRIVER])('invitations (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  const invite = (email: string, as: Member = admin, orgId = admin.organizationId) =>
    server.json('POST', '/api/auth/invite', { email, organizationId: orgId }, as.accessToken);

  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Curie Lab', firstName: 'Marie', lastName: 'Curie' });
  });
  afterAll(async () => server?.close());

  it('sends a mail naming inviter, invitee and organization, with a single-use link', async () => {
    const res = await invite('  New.Person@Example.org ');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MSG.inviteSent('new.person@example.org'));
    expect(res.body.invitation).toMatchObject({ email: 'new.person@example.org', role: 'team_member' });

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

    const valid = await server.json('GET', `/api/auth/validate-invite?token=${token}`);
    expect(valid).toMatchObject({ status: 200, body: { organizationName: 'Curie Lab', email: 'new.person@example.org', organizationId: admin.organizationId } });

    const accepted = await server.json('POST', '/api/auth/accept-invite', accept(token));
    expect(accepted.status).toBe(201);
    expect(accepted.body.message).toBe(MSG.accountCreatedSignIn);
    expect(accepted.body.profile).toMatchObject({ email: 'new.person@example.org', role: 'team_member', first_name: 'Ivy' });

    const session = await signInUser(server, 'new.person@example.org', 'Invited-pass-1');
    const profile = await server.json('GET', '/api/auth/profile', undefined, session.accessToken);
    expect(profile.body).toMatchObject({ role: 'team_member', organization: { id: admin.organizationId } });

    // Single use.
    expect((await server.json('GET', `/api/auth/validate-invite?token=${token}`)).status).toBe(404);
    const again = await server.json('POST', '/api/auth/accept-invite', accept(token));
    expect(again).toMatchObject({ status: 404, body: { error: MSG.invalidInvitation } });
    const pending = await server.json('GET', '/api/organization/invitations', undefined, admin.accessToken);
    expect(pending.body).toEqual([]);
  });

  it('can invite another org_admin', async () => {
    const res = await server.json('POST', '/api/auth/invite', { email: 'co@example.org', organizationId: admin.organizationId, role: 'org_admin' }, admin.accessToken);
    expect(res.status).toBe(201);
    const accepted = await server.json('POST', '/api/auth/accept-invite', accept(inviteTokenFor(server, 'co@example.org')));
    expect(accepted.body.profile.role).toBe('org_admin');
  });

  it('validates the e-mail', async () => {
    expect(await invite('')).toMatchObject({ status: 400, body: { error: MSG.inviteEmailEmpty, code: 'validation_failed' } });
    expect(await invite('   ')).toMatchObject({ status: 400, body: { error: MSG.inviteEmailEmpty } });
    const bad = await invite('not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/valid email/i);
    expect((await invite('x@example.org', admin, 'not-a-uuid')).status).toBe(400);
    expect(server.mail.filter((m) => m.subject.includes('invited you'))).toHaveLength(0);
  });

  it('refuses to invite an existing member', async () => {
    const member = await joinOrganization(server, admin.organizationId!);
    const res = await invite(member.email.toUpperCase());
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/already a member/);
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
    expect((await server.json('GET', `/api/auth/validate-invite?token=${first}`)).status).toBe(404);
    expect((await server.json('GET', `/api/auth/validate-invite?token=${second}`)).status).toBe(200);
    const list = await server.json('GET', '/api/organization/invitations', undefined, admin.accessToken);
    expect(list.body.map((i: { email: string }) => i.email)).toEqual(['twice@example.org']);
  });

  it('only lets an org_admin of that organization invite', async () => {
    const member = await joinOrganization(server, admin.organizationId!);
    const asMember = await invite('x@example.org', member);
    expect(asMember.status).toBe(403);
    const other = await createOrgAdmin(server, { organizationName: 'Other' });
    const crossOrg = await invite('x@example.org', other, admin.organizationId);
    expect(crossOrg.status).toBe(404);
    expect(JSON.stringify(crossOrg.body)).not.toContain('Curie Lab');
    expect((await server.json('POST', '/api/auth/invite', { email: 'x@example.org', organizationId: admin.organizationId })).status).toBe(401);
    expect(server.mail.filter((m) => m.to === 'x@example.org')).toHaveLength(0);
  });

  it('rejects unknown, malformed, expired and cancelled tokens with the same message', async () => {
    const unknown = await server.json('GET', '/api/auth/validate-invite?token=' + 'A'.repeat(43));
    expect(unknown).toMatchObject({ status: 404, body: { error: MSG.invalidInvitation } });
    expect((await server.json('GET', '/api/auth/validate-invite')).status).toBe(404);
    expect((await server.json('GET', '/api/auth/validate-invite?token=short')).status).toBe(404);

    await invite('late@example.org');
    const late = inviteTokenFor(server, 'late@example.org');
    await server.deps.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.email, 'late@example.org'));
    expect((await server.json('GET', `/api/auth/validate-invite?token=${late}`)).body.error).toBe(MSG.invalidInvitation);
    expect((await server.json('POST', '/api/auth/accept-invite', accept(late))).status).toBe(404);

    const created = await invite('cancel@example.org');
    const cancelToken = inviteTokenFor(server, 'cancel@example.org');
    const cancel = await server.json('DELETE', `/api/organization/invitations/${created.body.invitation.id}`, undefined, admin.accessToken);
    expect(cancel).toMatchObject({ status: 200, body: { message: MSG.inviteCancelled } });
    expect((await server.json('GET', `/api/auth/validate-invite?token=${cancelToken}`)).status).toBe(404);
    expect((await server.json('POST', '/api/auth/accept-invite', accept(cancelToken))).status).toBe(404);
    const again = await server.json('DELETE', `/api/organization/invitations/${created.body.invitation.id}`, undefined, admin.accessToken);
    expect(again.status).toBe(404);
  });

  it('validates the acceptance payload', async () => {
    await invite('pw@example.org');
    const token = inviteTokenFor(server, 'pw@example.org');
    const short = await server.json('POST', '/api/auth/accept-invite', accept(token, { password: 'short' }));
    expect(short).toMatchObject({ status: 400, body: { error: MSG.passwordTooShortInvite } });
    const noName = await server.json('POST', '/api/auth/accept-invite', accept(token, { firstName: ' ' }));
    expect(noName).toMatchObject({ status: 400, body: { error: MSG.requiredFields } });
    const neither = await server.json('POST', '/api/auth/accept-invite', { token, firstName: 'A', lastName: 'B' });
    expect(neither.status).toBe(400);
    // Still usable after the failures.
    expect((await server.json('POST', '/api/auth/accept-invite', accept(token))).status).toBe(201);
  });

  it('asks an already registered e-mail to sign in and keeps the invitation usable', async () => {
    const existing = await signUpUser(server, { email: 'known@example.org' });
    await invite('known@example.org');
    const token = inviteTokenFor(server, 'known@example.org');
    const res = await server.json('POST', '/api/auth/accept-invite', accept(token));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/already exists/);

    // The session variant: signed in with the invited e-mail.
    const other = await signUpUser(server);
    const wrongUser = await server.json('POST', '/api/auth/accept-invite', { token, supabaseUserId: other.userId, firstName: 'K', lastName: 'N' }, other.accessToken);
    expect(wrongUser.status).toBe(403);
    const mismatch = await server.json('POST', '/api/auth/accept-invite', { token, supabaseUserId: existing.userId, firstName: 'K', lastName: 'N' }, other.accessToken);
    expect(mismatch.status).toBe(403);
    const noSession = await server.json('POST', '/api/auth/accept-invite', { token, supabaseUserId: existing.userId, firstName: 'K', lastName: 'N' });
    expect(noSession.status).toBe(401);

    const ok = await server.json('POST', '/api/auth/accept-invite', { token, supabaseUserId: existing.userId, firstName: 'Kay', lastName: 'Known' }, existing.accessToken);
    expect(ok.status).toBe(201);
    const profile = await server.json('GET', '/api/auth/profile', undefined, existing.accessToken);
    expect(profile.body).toMatchObject({ first_name: 'Kay', role: 'team_member', organization: { id: admin.organizationId } });
  });

  it('refuses an invitation for someone who already belongs to another organization', async () => {
    const other = await createOrgAdmin(server, { organizationName: 'Elsewhere' });
    await invite(other.email);
    const token = inviteTokenFor(server, other.email);
    const res = await server.json('POST', '/api/auth/accept-invite', { token, supabaseUserId: other.userId, firstName: 'O', lastName: 'T' }, other.accessToken);
    expect(res.status).toBe(409);
    expect((await server.json('GET', `/api/auth/validate-invite?token=${token}`)).status).toBe(200);
  });

  it('refuses acceptance into a suspended organization and keeps the invitation', async () => {
    await invite('paused@example.org');
    const token = inviteTokenFor(server, 'paused@example.org');
    await server.deps.db.update(organizations).set({ status: 'suspended', suspendedReason: 'Under review' }).where(eq(organizations.id, admin.organizationId!));
    const res = await server.json('POST', '/api/auth/accept-invite', accept(token));
    expect(res).toMatchObject({ status: 403, body: { code: 'organization_suspended' } });
    await server.deps.db.update(organizations).set({ status: 'active', suspendedReason: null }).where(eq(organizations.id, admin.organizationId!));
    expect((await server.json('POST', '/api/auth/accept-invite', accept(token))).status).toBe(201);
  });

  it('reports a mail delivery failure as a clear error', async () => {
    server.deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    const res = await invite('down@example.org');
    expect(res.status).toBe(502);
    expect(res.body.error).toMatch(/could not be delivered/);
  });
});
