// Account flows called right after the auth provider created the user: sign up with a new
// organization, join one by link, accept an invitation.
import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '#domain/messages.ts';
import { invitations } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/app-error.ts';
import type { AuthUser, Caller } from '../../lib/factory.ts';
import { accessEndedError, assertWritable } from '../../lib/caller.ts';
import { findValidInvitation, type ValidInvitation } from './invitation.service.ts';
import {
  addMember,
  createOrganizationWithAdmin,
  findProfile,
  reinstateMember,
  type NewOrganization,
  type Person,
} from './membership.service.ts';
import { requestToJoin, withdrawJoinRequests, type JoinOutcome } from './join-request.service.ts';
import { assertEmailConfirmed } from './provisioning.service.ts';
import type { ServiceContext } from '../../lib/context.ts';

/** What a sign-up, join or accept-invite payload says about the caller; checked against the token by personOf. */
interface CallerClaims {
  supabaseUserId?: string | undefined;
  email?: string | undefined;
  firstName: string;
  lastName: string;
}

/** The payload may repeat the caller's id and e-mail, but identity only ever comes from the token. */
function personOf(user: AuthUser, input: CallerClaims): Person {
  if (input.supabaseUserId !== undefined && input.supabaseUserId !== user.id) {
    throw forbidden('The user id does not match your session');
  }
  if (input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden('The e-mail does not match your session');
  }
  return { userId: user.id, email: user.email.toLowerCase(), firstName: input.firstName, lastName: input.lastName };
}

/** An existing profile: the same request again is answered with it, anything else is refused. */
function existingProfile(profile: Caller, isSameRequest: (p: Caller) => boolean): Caller {
  if (profile.status !== 'active') throw accessEndedError(profile);
  if (isSameRequest(profile)) return profile;
  throw new AppError(409, 'conflict', 'Your account already belongs to an organization');
}

export async function signup(ctx: ServiceContext, user: AuthUser, input: CallerClaims & NewOrganization): Promise<{ profile: Caller; created: boolean }> {
  assertEmailConfirmed(user);
  const person = personOf(user, input);
  const existing = await findProfile(ctx, user.id);
  if (existing) {
    // Retried call, or the first authenticated request already provisioned it from the same metadata.
    const same = (p: Caller) => p.role === 'org_admin' && p.organization?.name === input.organizationName.trim();
    return { profile: existingProfile(existing, same), created: false };
  }
  const profile = await createOrganizationWithAdmin(ctx, person, input);
  await withdrawJoinRequests(ctx, user.id);
  return { profile, created: true };
}

/**
 * Join by link: a team member at once (verified address on an allowed domain) or a pending join
 * request for the org_admins (join-request.service.ts, ADR 003).
 */
export async function joinOrganization(
  ctx: ServiceContext,
  user: AuthUser,
  input: CallerClaims & { organizationId: string; joinKey?: string | undefined },
): Promise<JoinOutcome> {
  assertEmailConfirmed(user);
  const person = personOf(user, input);
  const existing = await findProfile(ctx, user.id);
  if (existing) return { kind: 'member', profile: existingProfile(existing, (p) => p.organizationId === input.organizationId), created: false };
  return requestToJoin(ctx, user, person, input.organizationId, input.joinKey);
}

export interface AcceptInviteRequest {
  token: string;
  firstName: string;
  lastName: string;
  password?: string | undefined;
  supabaseUserId?: string | undefined;
}

/** Marks the invitation used; false when another request used or cancelled it first. */
async function claim(ctx: ServiceContext, invitationId: string): Promise<boolean> {
  const rows = await ctx.db
    .update(invitations)
    .set({ acceptedAt: ctx.now() })
    .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt), isNull(invitations.cancelledAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

async function unclaim(ctx: ServiceContext, invitationId: string): Promise<void> {
  await ctx.db.update(invitations).set({ acceptedAt: null }).where(eq(invitations.id, invitationId));
}

const invalidInvitation = () => notFound(MSG.invalidInvitation);

/** Password variant: the server creates the auth account for the invited e-mail. */
async function createInvitedAccount(ctx: ServiceContext, found: ValidInvitation, input: AcceptInviteRequest): Promise<Person> {
  if (!ctx.authAdmin) {
    throw new AppError(
      400,
      'validation_failed',
      'Create your account with the invited e-mail address first, then open the invitation link again while signed in.',
    );
  }
  const email = found.invitation.email;
  try {
    const user = await ctx.authAdmin.createUser({
      email,
      password: input.password!,
      userMetadata: { firstName: input.firstName, lastName: input.lastName },
    });
    return { userId: user.id, email, firstName: input.firstName, lastName: input.lastName };
  } catch (err) {
    if ((err as { code?: unknown }).code === 'user_already_exists') {
      throw new AppError(409, 'conflict', 'An account with this e-mail already exists. Sign in with it, then open the invitation link again.');
    }
    throw err;
  }
}

/** Session variant: the caller signed in (or up) with the invited e-mail. */
async function sessionPerson(found: ValidInvitation, input: AcceptInviteRequest, user: AuthUser | undefined): Promise<Person> {
  if (!user) throw unauthorized('Sign in with the invited e-mail address to accept this invitation');
  assertEmailConfirmed(user);
  if (input.supabaseUserId !== user.id) throw forbidden('The user id does not match your session');
  if (user.email.toLowerCase() !== found.invitation.email) throw forbidden('This invitation was sent to a different e-mail address');
  return { userId: user.id, email: found.invitation.email, firstName: input.firstName, lastName: input.lastName };
}

async function joinInvited(ctx: ServiceContext, person: Person, found: ValidInvitation): Promise<Caller> {
  const role = found.invitation.role;
  const existing = await findProfile(ctx, person.userId);
  if (!existing) return addMember(ctx, person, found.organization.id, role);
  if (existing.status === 'removed') return reinstateMember(ctx, person, found.organization.id, role);
  if (existing.status !== 'active') throw accessEndedError(existing);
  if (existing.organizationId === found.organization.id) throw new AppError(409, 'conflict', 'You are already a member of this organization');
  throw new AppError(409, 'conflict', 'Your account already belongs to another organization');
}

export async function acceptInvite(ctx: ServiceContext, input: AcceptInviteRequest, user?: AuthUser): Promise<Caller> {
  const found = await findValidInvitation(ctx, input.token);
  if (!found) throw invalidInvitation();
  assertWritable(found.organization);
  const bySession = input.password === undefined;
  const person = bySession ? await sessionPerson(found, input, user) : undefined;
  if (!(await claim(ctx, found.invitation.id))) throw invalidInvitation();
  try {
    const member = person ?? (await createInvitedAccount(ctx, found, input));
    const profile = await joinInvited(ctx, member, found);
    await withdrawJoinRequests(ctx, member.userId);
    return profile;
  } catch (err) {
    await unclaim(ctx, found.invitation.id);
    throw err;
  }
}
