// Test fixtures: organizations and members created through the real endpoints (embedded auth
// provider + /api/auth/*). Used by the accounts API tests, the isolation matrix and the mail test.
import { and, eq } from 'drizzle-orm';
import { PROFILE_WITH_EVERY_DUTY, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { joinRequests, organizations, profiles } from '#server/db/schema/index.ts';
import { decideJoinRequest } from '#server/features/accounts/join-request.service.ts';
import { findProfile } from '#server/features/accounts/membership.service.ts';
import { signInUser, signUpUser, type TestUser } from '#tests/setup/auth.ts';
import type { TestServer } from '#tests/setup/app.ts';
import { TEST_ADMIN } from '#tests/setup/test-env.ts';

export interface Member extends TestUser {
  organizationId: string | null;
  firstName: string;
  lastName: string;
}

function must(res: { status: number; body: any }, expected: number[], what: string) {
  if (!expected.includes(res.status)) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A new organization whose org_admin is a fresh user. The admin then sets the organization's
 * applicability profile through PUT /api/organization/applicability (default: every duty, so
 * every question is asked); `applicability: null` leaves it unset (no assessment can start).
 */
export async function createOrgAdmin(
  server: TestServer,
  opts: { organizationName?: string; firstName?: string; lastName?: string; email?: string; applicability?: ApplicabilityProfile | null } = {},
): Promise<Member> {
  const firstName = opts.firstName ?? 'Ada';
  const lastName = opts.lastName ?? 'Admin';
  const organizationName = opts.organizationName ?? 'Acme Research';
  const user = await signUpUser(server, { ...(opts.email ? { email: opts.email } : {}), data: { firstName, lastName, organizationName } });
  const body = must(
    await server.json(
      'POST',
      '/api/auth/signup',
      { supabaseUserId: user.userId, email: user.email, firstName, lastName, organizationName, contactName: '', contactEmail: '', contactPhone: '' },
      user.accessToken,
    ),
    [201],
    'signup',
  );
  const applicability = opts.applicability === undefined ? PROFILE_WITH_EVERY_DUTY : opts.applicability;
  if (applicability) await setApplicability(server, user.accessToken, applicability);
  return { ...user, firstName, lastName, organizationId: body.profile.organization.id as string };
}

/** Sets the caller's organization's applicability profile (as its org_admin, through the API). */
export async function setApplicability(server: TestServer, accessToken: string, profile: ApplicabilityProfile): Promise<void> {
  must(await server.json('PUT', '/api/organization/applicability', profile, accessToken), [200], 'set applicability');
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
  await decideJoinRequest(server.deps, (await findProfile(server.deps.db, admin.id))!, organizationId, request.id, 'approved');
}

/**
 * A fresh user who joins the organization by link with its current key, and whose join request an
 * org_admin approves (team member).
 */
export async function joinOrganization(
  server: TestServer,
  organizationId: string,
  opts: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<Member> {
  const firstName = opts.firstName ?? 'Tess';
  const lastName = opts.lastName ?? 'Member';
  const joinKey = await joinKeyOf(server, organizationId);
  const user = await signUpUser(server, { ...(opts.email ? { email: opts.email } : {}), data: { firstName, lastName, organizationId, joinKey } });
  const body = { supabaseUserId: user.userId, email: user.email, firstName, lastName, organizationId, joinKey };
  const res = await server.json('POST', '/api/auth/join-organization', body, user.accessToken);
  must(res, [201, 202], 'join-organization');
  if (res.status === 202) await approveJoinRequest(server, organizationId, user.userId);
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
  must(
    await server.json('POST', '/api/auth/invite', { email, organizationId: admin.organizationId, ...(opts.role ? { role: opts.role } : {}) }, admin.accessToken),
    [201],
    'invite',
  );
  const firstName = opts.firstName ?? 'Ivy';
  const lastName = opts.lastName ?? 'Invitee';
  const password = 'Invited-password-42';
  must(
    await server.json('POST', '/api/auth/accept-invite', { token: inviteTokenFor(server, email), firstName, lastName, password }),
    [201],
    'accept-invite',
  );
  const user = await signInUser(server, email, password);
  return { ...user, firstName, lastName, organizationId: admin.organizationId };
}

/** Removes a member through the API (as an org_admin of the organization). */
export async function removeMember(server: TestServer, admin: Member, memberId: string): Promise<void> {
  must(await server.json('DELETE', `/api/organization/members/${memberId}`, undefined, admin.accessToken), [200], 'remove member');
}

/** The seeded system admin, signed in. */
export async function signInSystemAdmin(server: TestServer): Promise<Member> {
  const user = await signInUser(server, TEST_ADMIN.email, TEST_ADMIN.password);
  return { ...user, firstName: 'System', lastName: 'Administrator', organizationId: null };
}
