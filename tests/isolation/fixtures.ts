// Test fixtures: organizations and members created through the real endpoints (embedded auth
// provider + /api/auth/*). Used by the accounts API tests, the isolation matrix and the mail test.
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

/** A new organization whose org_admin is a fresh user. */
export async function createOrgAdmin(
  server: TestServer,
  opts: { organizationName?: string; firstName?: string; lastName?: string; email?: string } = {},
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
  return { ...user, firstName, lastName, organizationId: body.profile.organization.id as string };
}

/** A fresh user who joins the organization by link (team member). */
export async function joinOrganization(
  server: TestServer,
  organizationId: string,
  opts: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<Member> {
  const firstName = opts.firstName ?? 'Tess';
  const lastName = opts.lastName ?? 'Member';
  const user = await signUpUser(server, { ...(opts.email ? { email: opts.email } : {}), data: { firstName, lastName, organizationId } });
  must(
    await server.json('POST', '/api/auth/join-organization', { supabaseUserId: user.userId, email: user.email, firstName, lastName, organizationId }, user.accessToken),
    [201],
    'join-organization',
  );
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
