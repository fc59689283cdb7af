// Fixture factories: users, sessions, organizations and members written straight to the database
// with the server's own services, instead of signing up over HTTP and following the mailed link
// (several requests and, at the full cost, three scrypt runs per user). The rows are the ones the
// real flow leaves (tests/setup/factories.test.ts compares a made user with a signed-up one);
// the HTTP sign-up itself stays tested in server/features/accounts/signup.test.ts and tests/contract.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApplicabilityProfile } from '#domain/questions/applicability.ts';
import type { AuthContext } from '#server/auth-provider/auth.context.ts';
import { loadSigningKeys } from '#server/auth-provider/auth.keys.ts';
import { hashLog2N, hashPassword } from '#server/auth-provider/auth.passwords.ts';
import { startSession, type AuthMethod } from '#server/auth-provider/auth.sessions.ts';
import { APP_METADATA, normalizeEmail, type AuthUserRow } from '#server/auth-provider/auth.users.ts';
import { authUsers, organizations } from '#server/db/schema/index.ts';
import { saveApplicability } from '#server/features/accounts/applicability.service.ts';
import { requestToJoin } from '#server/features/accounts/join-request.service.ts';
import { createOrganizationWithAdmin, findProfile } from '#server/features/accounts/membership.service.ts';
import type { Caller } from '#server/lib/factory.ts';
import type { TestServer } from './app.ts';
import { DEFAULT_TEST_PASSWORD, type TestUser } from './auth.ts';
import { contextOf } from '#server/lib/context.ts';

/** The provider's context for minting sessions: the server's database, clock and signing key. */
async function authContext(server: TestServer): Promise<AuthContext> {
  const { db, env, now } = server.deps;
  const keys = await loadSigningKeys(db, `${env.APP_URL}/auth/v1`);
  return { db, env, now, keys } as AuthContext; // startSession uses db, now and keys only
}

/** A new session (refresh token and signed access token) for an existing user, as a sign-in opens. */
export async function startTestSession(server: TestServer, user: AuthUserRow, method: AuthMethod = 'password'): Promise<{ accessToken: string; refreshToken: string }> {
  const session = await startSession(await authContext(server), user, method);
  return { accessToken: session.access_token, refreshToken: session.refresh_token };
}

/**
 * A user whose address is confirmed, with the first session the confirmation link opens: the auth
 * rows a sign-up (POST /auth/v1/signup) followed by its confirmation link (POST /auth/v1/verify) leave.
 */
export async function makeUser(
  server: TestServer,
  input: { email?: string; password?: string; data?: Record<string, unknown> } = {},
): Promise<TestUser> {
  const email = normalizeEmail(input.email ?? `user-${randomUUID().slice(0, 8)}@test.local`);
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  const now = server.deps.now();
  const [row] = await server.deps.db
    .insert(authUsers)
    .values({
      email,
      passwordHash: await hashPassword(password, hashLog2N(server.deps.env)),
      emailConfirmedAt: now,
      confirmationSentAt: now,
      lastSignInAt: now,
      userMetadata: input.data ?? {},
      appMetadata: APP_METADATA,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error(`could not insert user ${email}`);
  const session = await startTestSession(server, row, 'otp');
  return { userId: row.id, email, password, ...session };
}

/** The caller (profile with organization) of a user, as the API loads it. */
export async function callerOf(server: TestServer, userId: string): Promise<Caller> {
  const caller = await findProfile(server.deps, userId);
  if (!caller) throw new Error(`no profile for ${userId}`);
  return caller;
}

/**
 * An organization with `user` as its org_admin, as POST /api/auth/signup makes it (the real
 * service), and its applicability profile set as PUT /api/organization/applicability sets it.
 */
export async function makeOrganization(
  server: TestServer,
  user: TestUser,
  opts: { organizationName: string; firstName: string; lastName: string; applicability: ApplicabilityProfile | null },
): Promise<Caller> {
  let caller = await createOrganizationWithAdmin(
    server.deps,
    { userId: user.userId, email: user.email, firstName: opts.firstName, lastName: opts.lastName },
    { organizationName: opts.organizationName, contactName: '', contactEmail: '', contactPhone: '' },
  );
  if (opts.applicability) {
    await saveApplicability(contextOf(server.deps, caller), opts.applicability);
    caller = await callerOf(server, user.userId);
  }
  return caller;
}

/**
 * `user` asks to join the organization by link with its current key (the real join-request service,
 * as POST /api/auth/join-organization): 'member' when the address is on an allowed domain, else
 * 'pending' (the caller approves it).
 */
export async function askToJoin(
  server: TestServer,
  user: TestUser,
  organizationId: string,
  person: { firstName: string; lastName: string },
): Promise<'member' | 'pending'> {
  const [org] = await server.deps.db.select({ key: organizations.joinKey }).from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new Error(`no organization ${organizationId}`);
  const [row] = await server.deps.db.select().from(authUsers).where(eq(authUsers.id, user.userId));
  const authUser = { id: user.userId, email: user.email, sessionId: null, userMetadata: row?.userMetadata ?? {}, emailConfirmed: true, aal: 'aal1' as const };
  const outcome = await requestToJoin(server.deps, authUser, { userId: user.userId, email: user.email, ...person }, organizationId, org.key);
  return outcome.kind === 'member' ? 'member' : 'pending';
}
