// Test fixtures: organizations and members, written by the fixture factories (tests/setup/factories.ts:
// the server's own services, no HTTP sign-up) or, for invitations, through the real endpoints.
// Used by the API tests, the isolation matrix and the mail tests.
import { and, eq } from 'drizzle-orm';
import { PROFILE_WITH_EVERY_DUTY, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { authUsers, joinRequests, organizations, profiles } from '#server/db/schema/index.ts';
import { decideJoinRequest } from '#server/features/accounts/join-request.service.ts';
import { findProfile } from '#server/features/accounts/membership.service.ts';
import { signInUser, type TestUser } from '#tests/setup/auth.ts';
import { verifySecondFactor } from '#tests/setup/mfa.ts';
import { askToJoin, makeOrganization, makeUser, startTestSession } from '#tests/setup/factories.ts';
import type { TestServer } from '#tests/setup/app.ts';
import { TEST_ADMIN } from '#tests/setup/test-env.ts';
import { contextOf } from '#server/lib/context.ts';
import { apiClient } from '#tests/setup/api-client.ts';

export interface Member extends TestUser {
  organizationId: string | null;
  firstName: string;
  lastName: string;
}

/** Throws unless the typed client's answer has the status expected (a fixture's setup, not the test's assertion). */
async function must(answer: Promise<{ status: number; text(): Promise<string> }>, status: number, what: string): Promise<void> {
  const res = await answer;
  if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${await res.text()}`);
}

/**
 * A new organization whose org_admin is a fresh user (the rows POST /api/auth/signup leaves, with the
 * organization's applicability profile set as PUT /api/organization/applicability sets it; default:
 * every duty, so every question is asked); `applicability: null` leaves it unset (no assessment can start).
 */
export async function createOrgAdmin(
  server: TestServer,
  opts: { organizationName?: string; firstName?: string; lastName?: string; email?: string; applicability?: ApplicabilityProfile | null } = {},
): Promise<Member> {
  const firstName = opts.firstName ?? 'Ada';
  const lastName = opts.lastName ?? 'Admin';
  const organizationName = opts.organizationName ?? 'Acme Research';
  const user = await makeUser(server, { ...(opts.email ? { email: opts.email } : {}), data: { firstName, lastName, organizationName } });
  const applicability = opts.applicability === undefined ? PROFILE_WITH_EVERY_DUTY : opts.applicability;
  const caller = await makeOrganization(server, user, { organizationName, firstName, lastName, applicability });
  return { ...user, firstName, lastName, organizationId: caller.organizationId };
}

/** Sets the caller's organization's applicability profile (as its org_admin, through the API). */
export async function setApplicability(server: TestServer, accessToken: string, profile: ApplicabilityProfile): Promise<void> {
  await must(apiClient(server, accessToken).organization.applicability.$put({ json: profile }), 200, 'set applicability');
}

/** The organization's current join-link key (what an org_admin's copied link carries). */
export async function joinKeyOf(server: TestServer, organizationId: string): Promise<string> {
  const [org] = await server.deps.db.select({ key: organizations.joinKey }).from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new Error(`no organization ${organizationId}`);
  return org.key;
}

/** Approves the user's pending join request as the organization's first active org_admin (the real service). */
export async function approveJoinRequest(server: TestServer, organizationId: string, userId: string): Promise<void> {
  const [admin] = await server.deps.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.role, 'org_admin'), eq(profiles.status, 'active')));
  const [request] = await server.deps.db
    .select({ id: joinRequests.id })
    .from(joinRequests)
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, 'pending')));
  if (!admin || !request) throw new Error('no org_admin or no pending join request to approve');
  await decideJoinRequest(contextOf(server.deps, (await findProfile(server.deps, admin.id))!), organizationId, request.id, 'approved');
}

/**
 * A fresh user who joins the organization by link with its current key, and whose join request an
 * org_admin approves (team member): the real join-request services, no HTTP.
 */
export async function joinOrganization(
  server: TestServer,
  organizationId: string,
  opts: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<Member> {
  const firstName = opts.firstName ?? 'Tess';
  const lastName = opts.lastName ?? 'Member';
  const joinKey = await joinKeyOf(server, organizationId);
  const user = await makeUser(server, { ...(opts.email ? { email: opts.email } : {}), data: { firstName, lastName, organizationId, joinKey } });
  if ((await askToJoin(server, user, organizationId, { firstName, lastName })) === 'pending') await approveJoinRequest(server, organizationId, user.userId);
  return { ...user, firstName, lastName, organizationId };
}

/** The token from the link of the last invitation e-mail sent to `email`. */
export function inviteTokenFor(server: TestServer, email: string): string {
  const mail = [...server.mail].reverse().find((m) => m.to === email.toLowerCase());
  const match = mail && /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no invitation e-mail to ${email}`);
  return match[1];
}

/** Invites `email`, accepts with a password and signs the new member in. */
export async function inviteAndAccept(
  server: TestServer,
  admin: Member,
  email: string,
  opts: { role?: 'team_member' | 'org_admin'; firstName?: string; lastName?: string } = {},
): Promise<Member> {
  if (!admin.organizationId) throw new Error('inviteAndAccept: the inviting admin has no organization');
  await must(
    apiClient(server, admin.accessToken).auth.invite.$post({ json: { email, organizationId: admin.organizationId, ...(opts.role ? { role: opts.role } : {}) } }),
    201,
    'invite',
  );
  const firstName = opts.firstName ?? 'Ivy';
  const lastName = opts.lastName ?? 'Invitee';
  const password = 'Invited-password-42';
  await must(apiClient(server).auth['accept-invite'].$post({ json: { token: inviteTokenFor(server, email), firstName, lastName, password } }), 201, 'accept-invite');
  const user = await signInUser(server, email, password);
  return { ...user, firstName, lastName, organizationId: admin.organizationId };
}

/** Removes a member through the API (as an org_admin of the organization). */
export async function removeMember(server: TestServer, admin: Member, memberId: string): Promise<void> {
  await must(apiClient(server, admin.accessToken).organization.members[':id'].$delete({ param: { id: memberId } }), 200, 'remove member');
}

/**
 * The seeded system admin with a new session (as a password sign-in opens it), raised to aal2 with
 * the second factor (tests/setup/mfa.ts): the API refuses a system admin at aal1 (ADR 040).
 */
export async function signInSystemAdmin(server: TestServer): Promise<Member> {
  const [admin] = await server.deps.db.select().from(authUsers).where(eq(authUsers.email, TEST_ADMIN.email));
  if (!admin) throw new Error(`no seeded system admin ${TEST_ADMIN.email}`);
  const signedIn = await startTestSession(server, admin);
  const raised = await verifySecondFactor(server, { userId: admin.id, accessToken: signedIn.accessToken });
  const session = { accessToken: raised.access_token, refreshToken: raised.refresh_token };
  return { userId: admin.id, email: admin.email, password: TEST_ADMIN.password, ...session, firstName: 'System', lastName: 'Administrator', organizationId: null };
}
