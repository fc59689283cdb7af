// Hosted-Supabase mode (e-mail confirmation): the profile is built from the token's user_metadata
// on the first authenticated request. Tokens are minted with the project's HS256 secret.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { organizations, profiles } from '#server/db/schema/index.ts';
import { SESSION_MSG } from '#domain/session-messages.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { DB_DRIVERS, TEST_ADMIN } from '#tests/setup/test-env.ts';
import { MSG } from '#domain/messages.ts';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { approveJoinRequest, inviteTokenFor, joinKeyOf } from '#tests/isolation/fixtures.ts';

const HOSTED = {
  SUPABASE_URL: 'https://project-ref.supabase.co',
  SUPABASE_ANON_KEY: 'hosted-anon-key',
  SUPABASE_JWT_SECRET: 'hosted-jwt-secret-for-tests-0123456789abcdef',
};

interface HostedUser {
  id: string;
  email: string;
  token: string;
}

async function hostedUser(
  metadata: Record<string, unknown>,
  email = `u-${randomUUID().slice(0, 8)}@hosted.example`,
  id: string = randomUUID(),
  aal: 'aal1' | 'aal2' = 'aal1',
): Promise<HostedUser> {
  const token = await new SignJWT({ email, role: 'authenticated', aal, session_id: randomUUID(), user_metadata: metadata })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(id)
    .setIssuer(`${HOSTED.SUPABASE_URL}/auth/v1`)
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(HOSTED.SUPABASE_JWT_SECRET));
  return { id, email, token };
}

const founderMeta = { firstName: 'Hedy', lastName: 'Lamarr', organizationName: ' Lamarr Labs ', contactName: '', contactEmail: '', contactPhone: '555' };

describe.each(DB_DRIVERS)('profile provisioning with hosted auth (%s)', (driver) => {
  let server: TestServer;
  const profileOf = (u: HostedUser) => server.json('GET', '/api/auth/profile', undefined, u.token);

  beforeEach(async () => {
    server = await createTestServer(driver, HOSTED);
    expect(server.deps.tokens.kind).toBe('supabase');
  });
  afterAll(async () => server?.close());

  it('creates the organization and org_admin profile from sign-up metadata on the first request', async () => {
    const user = await hostedUser(founderMeta);
    const res = await profileOf(user);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, role: 'org_admin', first_name: 'Hedy', organization: { name: 'Lamarr Labs' } });
    const [org] = await server.deps.db.select().from(organizations);
    expect(org).toMatchObject({ contactName: 'Hedy Lamarr', contactEmail: user.email, contactPhone: '555' });
    // The SPA's own POST /api/auth/signup afterwards is answered with the same profile.
    const signup = await server.json('POST', '/api/auth/signup', { ...founderMeta, supabaseUserId: user.id, email: user.email }, user.token);
    expect(signup.status).toBe(200);
    expect(signup.body.profile.organization.id).toBe(org!.id);
  });

  it('has no session list and refuses session limits with hosted auth (ADR 042: GoTrue owns sessions)', async () => {
    const user = await hostedUser(founderMeta);
    expect((await profileOf(user)).status).toBe(200);
    const sessions = await server.json('GET', '/api/account/sessions', undefined, user.token);
    expect(sessions).toMatchObject({ status: 409, body: { code: 'conflict', error: SESSION_MSG.sessionsUnavailable } });
    const limits = await server.json('PUT', '/api/organization/security', { sessionIdleMinutes: 30 }, user.token);
    expect(limits).toMatchObject({ status: 409, body: { error: SESSION_MSG.sessionLimitsUnavailable } });
    expect((await server.json('GET', '/api/organization/audit-log', undefined, user.token)).status).toBe(200);
  });

  it('creates exactly one organization when the first requests race', async () => {
    const user = await hostedUser(founderMeta);
    const results = await Promise.all([profileOf(user), profileOf(user), profileOf(user)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await server.deps.db.select().from(organizations)).toHaveLength(1);
  });

  it('asks to join by link from metadata (with the link key), unless join-by-link is off', async () => {
    const founder = await hostedUser(founderMeta);
    const orgId = (await profileOf(founder)).body.organization.id;
    const joinKey = await joinKeyOf(server, orgId);
    const idOnly = await hostedUser({ firstName: 'Id', lastName: 'Only', organizationId: orgId });
    expect((await profileOf(idOnly)).body.error).toMatch(/not part of an organization/);

    const joiner = await hostedUser({ firstName: 'Jo', lastName: 'Iner', organizationId: orgId, joinKey });
    // A pending join request, not a membership (even on an allowed domain: hosted tokens do not prove a confirmed address).
    await server.json('PUT', '/api/organization/update', { allowedEmailDomains: ['hosted.example'] }, founder.token);
    expect(await profileOf(joiner)).toMatchObject({ status: 403, body: { code: 'profile_missing', error: MSG.joinRequestPending('Lamarr Labs') } });
    expect((await server.json('GET', '/api/organization/join-requests', undefined, founder.token)).body).toHaveLength(1);
    await approveJoinRequest(server, orgId, joiner.id);
    expect((await profileOf(joiner)).body).toMatchObject({ role: 'team_member', organization: { id: orgId } });

    await server.json('PUT', '/api/organization/update', { joinByLinkEnabled: false }, founder.token);
    const late = await hostedUser({ firstName: 'La', lastName: 'Te', organizationId: orgId, joinKey });
    const refused = await profileOf(late);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/not part of an organization/);
  });

  it('refuses a user without usable metadata and never re-creates a removed user', async () => {
    const nobody = await hostedUser({});
    expect((await profileOf(nobody)).status).toBe(403);
    expect(await server.deps.db.select().from(profiles).where(eq(profiles.id, nobody.id))).toHaveLength(0);

    const founder = await hostedUser(founderMeta);
    const orgId = (await profileOf(founder)).body.organization.id;
    const member = await hostedUser({ firstName: 'Re', lastName: 'Moved', organizationId: orgId, joinKey: await joinKeyOf(server, orgId) });
    expect((await profileOf(member)).status).toBe(403);
    await approveJoinRequest(server, orgId, member.id);
    expect((await profileOf(member)).status).toBe(200);
    expect((await server.json('DELETE', `/api/organization/members/${member.id}`, undefined, founder.token)).status).toBe(200);
    const after = await profileOf(member);
    expect(after.status).toBe(403);
    expect(after.body.error).toMatch(/removed/);
    const [row] = await server.deps.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(row!.status).toBe('removed');
  });

  it('makes ADMIN_EMAIL a system admin without an organization, who needs an aal2 token (ADR 040)', async () => {
    const signedIn = await hostedUser({}, TEST_ADMIN.email.toUpperCase());
    const refused = await profileOf(signedIn);
    expect(refused).toMatchObject({ status: 403, body: { code: 'mfa_required', error: MFA_MSG.mfaRequired } });
    const admin = await hostedUser({}, TEST_ADMIN.email.toUpperCase(), signedIn.id, 'aal2');
    const res = await profileOf(admin);
    expect(res.body).toMatchObject({ role: 'system_admin', organization: null, email: TEST_ADMIN.email });
  });

  it('gives the ADMIN_EMAIL system admin the default name when the metadata name is one the name rule refuses', async () => {
    const admin = await hostedUser({ firstName: 'Visit www.evil', lastName: 'Ad\u202emin' }, TEST_ADMIN.email, randomUUID(), 'aal2');
    const res = await profileOf(admin);
    expect(res.body).toMatchObject({ role: 'system_admin', first_name: 'System', last_name: 'Administrator' });
  });

  it('builds no organization from metadata whose name the name rule refuses', async () => {
    const user = await hostedUser({ ...founderMeta, organizationName: 'Lamarr Labs \u2066evil.com/x\u2069' });
    expect((await profileOf(user)).status).toBe(403);
    expect(await server.deps.db.select().from(organizations)).toEqual([]);
  });

  it('refuses every account step for a token whose e-mail is not confirmed (user_metadata.email_verified false)', async () => {
    const founder = await hostedUser(founderMeta);
    const orgId = (await profileOf(founder)).body.organization.id;
    expect((await server.json('POST', '/api/auth/invite', { email: 'pending@hosted.example', organizationId: orgId }, founder.token)).status).toBe(201);
    const invite = inviteTokenFor(server, 'pending@hosted.example');
    const orgsBefore = (await server.deps.db.select().from(organizations)).length;

    const unconfirmed = await hostedUser({ ...founderMeta, organizationName: 'Squatted Lab', email_verified: false }, 'pending@hosted.example');
    const refusals = [
      await profileOf(unconfirmed), // provisioning from metadata
      await server.json('POST', '/api/auth/signup', { ...founderMeta, organizationName: 'Squatted Lab' }, unconfirmed.token),
      await server.json('POST', '/api/auth/join-organization', { firstName: 'Pe', lastName: 'Nding', organizationId: orgId }, unconfirmed.token),
      await server.json('POST', '/api/auth/accept-invite', { token: invite, supabaseUserId: unconfirmed.id, firstName: 'Pe', lastName: 'Nding' }, unconfirmed.token),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'email_not_confirmed', error: MSG.emailNotConfirmed });
    }
    expect(await server.deps.db.select().from(organizations)).toHaveLength(orgsBefore);
    expect(await server.deps.db.select().from(profiles).where(eq(profiles.id, unconfirmed.id))).toHaveLength(0);
    // The invitation is still usable once the address is confirmed.
    const confirmed = await hostedUser({ firstName: 'Pe', lastName: 'Nding', email_verified: true }, 'pending@hosted.example', unconfirmed.id);
    const ok = await server.json('POST', '/api/auth/accept-invite', { token: invite, supabaseUserId: confirmed.id, firstName: 'Pe', lastName: 'Nding' }, confirmed.token);
    expect(ok.status).toBe(201);
  });

  it('does not make an unconfirmed ADMIN_EMAIL token a system admin', async () => {
    const squatter = await hostedUser({ email_verified: false }, TEST_ADMIN.email);
    const res = await profileOf(squatter);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('email_not_confirmed');
    expect(await server.deps.db.select().from(profiles).where(eq(profiles.id, squatter.id))).toHaveLength(0);
  });

  it('asks an invitee to sign up first, then accepts with the session of the invited e-mail', async () => {
    const founder = await hostedUser(founderMeta);
    const orgId = (await profileOf(founder)).body.organization.id;
    expect((await server.json('POST', '/api/auth/invite', { email: 'guest@hosted.example', organizationId: orgId }, founder.token)).status).toBe(201);
    const token = inviteTokenFor(server, 'guest@hosted.example');

    const byPassword = await server.json('POST', '/api/auth/accept-invite', { token, firstName: 'G', lastName: 'U', password: 'long-enough-1' });
    expect(byPassword.status).toBe(400);
    expect(byPassword.body.error).toMatch(/Create your account with the invited e-mail/);

    const guest = await hostedUser({ firstName: 'Gu', lastName: 'Est' }, 'guest@hosted.example');
    const ok = await server.json('POST', '/api/auth/accept-invite', { token, supabaseUserId: guest.id, firstName: 'Gu', lastName: 'Est' }, guest.token);
    expect(ok.status).toBe(201);
    expect((await profileOf(guest)).body).toMatchObject({ role: 'team_member', organization: { id: orgId } });
  });
});

describe.each(DB_DRIVERS)('GET /api/auth/profile (%s)', (driver) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(driver);
  });
  afterAll(async () => server?.close());

  it('requires a valid bearer token', async () => {
    expect((await server.json('GET', '/api/auth/profile')).status).toBe(401);
    const forged = await server.json('GET', '/api/auth/profile', undefined, 'not.a.jwt');
    expect(forged).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });
});

describe.each(DB_DRIVERS)('hosted system admin by ADMIN_USER_ID (%s)', (driver) => {
  let server: TestServer;
  const adminId = randomUUID();
  beforeEach(async () => {
    server = await createTestServer(driver, { ...HOSTED, ADMIN_USER_ID: adminId });
  });
  afterAll(async () => server?.close());

  it('when set, only that user id becomes system admin; ADMIN_EMAIL alone grants nothing', async () => {
    const byEmail = await hostedUser({}, TEST_ADMIN.email);
    const refused = await server.json('GET', '/api/auth/profile', undefined, byEmail.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('profile_missing');
    const byId = await hostedUser({}, 'ops@hosted.example', adminId, 'aal2');
    expect((await server.json('GET', '/api/auth/profile', undefined, byId.token)).body).toMatchObject({ role: 'system_admin', id: adminId });
  });
});
