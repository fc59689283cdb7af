// The fixture factories (tests/setup/factories.ts) leave the rows the real HTTP flows leave: a user
// made by makeUser/createOrgAdmin/joinOrganization against one signed up, confirmed and onboarded
// through /auth/v1 and /api/auth, column by column (ids, addresses and times aside).
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROFILE_WITH_EVERY_DUTY } from '#domain/questions/applicability.ts';
import { authRefreshTokens, authSessions, authUsers, joinRequests, organizations, profiles } from '#server/db/schema/index.ts';
import { createOrgAdmin, joinKeyOf, joinOrganization, signInSystemAdmin } from '#tests/isolation/fixtures.ts';
import { createTestServer, type TestServer } from './app.ts';
import { signInUser, signInWithSecondFactor, signUpUser, type TestUser } from './auth.ts';
import { TEST_ADMIN, TEST_DRIVER } from './test-env.ts';

const person = { firstName: 'Grace', lastName: 'Hopper' };

describe('fixture factories', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(TEST_DRIVER);
  });
  afterAll(async () => server?.close());

  /** Everything about a user that is not an id, an address or a time: what tests and the API see. */
  async function rowsOf(user: TestUser) {
    const { db } = server.deps;
    const [auth] = await db.select().from(authUsers).where(eq(authUsers.id, user.userId));
    const sessions = await db.select().from(authSessions).where(eq(authSessions.userId, user.userId));
    const refresh = await db.select().from(authRefreshTokens).where(eq(authRefreshTokens.userId, user.userId));
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.userId));
    const [org] = profile?.organizationId ? await db.select().from(organizations).where(eq(organizations.id, profile.organizationId)) : [];
    const requests = await db.select().from(joinRequests).where(eq(joinRequests.userId, user.userId));
    const set = (v: unknown) => v !== null && v !== undefined;
    return {
      auth: {
        passwordScheme: auth!.passwordHash.split('$').slice(0, 4),
        emailConfirmed: set(auth!.emailConfirmedAt),
        confirmationSent: set(auth!.confirmationSentAt),
        signedIn: set(auth!.lastSignInAt),
        recoverySent: set(auth!.recoverySentAt),
        bannedUntil: auth!.bannedUntil,
        failedSignIns: auth!.failedSignIns,
        lockedUntil: auth!.lockedUntil,
        appMetadata: auth!.appMetadata,
        userMetadataKeys: Object.keys(auth!.userMetadata as object).sort(),
      },
      sessions: sessions.map((s) => ({ aal: s.aal, amr: s.amr })),
      refreshTokens: refresh.map((r) => ({ revoked: r.revoked, parent: r.parentHash })),
      profile: profile && { email: profile.email === user.email, firstName: profile.firstName, lastName: profile.lastName, role: profile.role, status: profile.status },
      organization: org && {
        name: org.name,
        contactName: org.contactName,
        contactEmail: org.contactEmail === user.email,
        contactPhone: org.contactPhone,
        status: org.status,
        joinByLinkEnabled: org.joinByLinkEnabled,
        allowedEmailDomains: org.allowedEmailDomains,
        applicability: org.applicability,
        certifyingOfficialId: org.certifyingOfficialId,
        paidUntil: org.paidUntil,
      },
      joinRequests: requests.map((r) => ({ status: r.status, firstName: r.firstName, lastName: r.lastName })),
    };
  }

  /** The API's view of the user: profile and auth user JSON, ids and times aside. */
  async function apiViewOf(user: TestUser) {
    const profile = await server.json('GET', '/api/auth/profile', undefined, user.accessToken);
    const authUser = await server.app.request('/auth/v1/user', { headers: { apikey: 'x', authorization: `Bearer ${user.accessToken}` } });
    const json = (await authUser.json()) as Record<string, unknown>;
    const { id: _id, email: _email, organization, ...rest } = profile.body as Record<string, unknown>;
    const { id: _orgId, ...org } = (organization ?? {}) as Record<string, unknown>;
    return {
      profileStatus: profile.status,
      profile: rest,
      organization: org,
      authUser: {
        status: authUser.status,
        keys: Object.keys(json).sort(),
        aud: json.aud,
        role: json.role,
        confirmed: json.email_confirmed_at !== null,
        app_metadata: json.app_metadata,
        user_metadata: json.user_metadata,
      },
    };
  }

  it('makes an org_admin with the rows and API view of one signed up, confirmed and onboarded over HTTP', async () => {
    const organizationName = 'Hopper Institute';
    const signedUp = await signUpUser(server, { data: { ...person, organizationName } });
    const signup = await server.json('POST', '/api/auth/signup', { ...person, organizationName, contactName: '', contactEmail: '', contactPhone: '' }, signedUp.accessToken);
    expect(signup.status).toBe(201);
    expect((await server.json('PUT', '/api/organization/applicability', PROFILE_WITH_EVERY_DUTY, signedUp.accessToken)).status).toBe(200);

    const made = await createOrgAdmin(server, { ...person, organizationName });
    const [real, factory] = [await rowsOf(signedUp), await rowsOf(made)];
    expect(factory).toEqual(real);
    expect(factory.auth.passwordScheme).toEqual(['scrypt', '16', '8', '1']); // the test-only cost (tests/setup/test-env.ts)
    expect(await apiViewOf(made)).toEqual(await apiViewOf(signedUp));
    // The factory's password is the user's: a password sign-in works as for the signed-up user.
    await expect(signInUser(server, made.email, made.password)).resolves.toMatchObject({ userId: made.userId });
  });

  it('makes a team member with the rows of one who signed up with a join link and was approved over HTTP', async () => {
    const admin = await createOrgAdmin(server);
    const organizationId = admin.organizationId!;
    const joinKey = await joinKeyOf(server, organizationId);
    const signedUp = await signUpUser(server, { data: { ...person, organizationId, joinKey } });
    const join = await server.json('POST', '/api/auth/join-organization', { ...person, organizationId, joinKey }, signedUp.accessToken);
    expect(join.status).toBe(202);
    const pending = await server.json('GET', '/api/organization/join-requests', undefined, admin.accessToken);
    const request = (pending.body as { id: string; email: string }[]).find((r) => r.email === signedUp.email);
    expect((await server.json('POST', `/api/organization/join-requests/${request!.id}/approve`, undefined, admin.accessToken)).status).toBe(200);

    const made = await joinOrganization(server, organizationId, person);
    expect(await rowsOf(made)).toEqual(await rowsOf(signedUp));
    expect(await apiViewOf(made)).toEqual(await apiViewOf(signedUp));
  });

  it('opens a session of the seeded system admin like a password sign-in', async () => {
    const made = await signInSystemAdmin(server);
    const signedIn = await signInWithSecondFactor(server, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(made.userId).toBe(signedIn.userId);
    expect(await apiViewOf(made)).toEqual(await apiViewOf(signedIn));
  });
});
