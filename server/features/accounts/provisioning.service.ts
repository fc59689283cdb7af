// First authenticated request of a user without a profile (hosted Supabase with e-mail
// confirmation, or a client that never reached POST /api/auth/signup): build the profile from
// the sign-up metadata the provider stored with the user. Never called for an existing profile,
// so a removed user is never re-created.
import { joinOrganizationSchema, personNameSchema, signupSchema } from '#domain/contracts/accounts.ts';
import type { AuthUser, Caller } from '../../lib/factory.ts';
import { MSG } from '#domain/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestToJoin } from './join-request.service.ts';
import { addMember, createOrganizationWithAdmin, findProfile, type Person } from './membership.service.ts';
import type { ServiceContext } from '../../lib/context.ts';

/** Organizations are only created, joined or entered for a confirmed e-mail address. */
export function assertEmailConfirmed(user: AuthUser): void {
  if (!user.emailConfirmed) throw new AppError(403, 'email_not_confirmed', MSG.emailNotConfirmed);
}

function personFrom(user: AuthUser, meta: { firstName: string; lastName: string }): Person {
  return { userId: user.id, email: user.email.toLowerCase(), firstName: meta.firstName, lastName: meta.lastName };
}

/**
 * With hosted auth the operator's admin becomes the system admin on first sign-in: the user whose id
 * is ADMIN_USER_ID when that is set (then the only way), else the user whose confirmed e-mail is ADMIN_EMAIL.
 */
function isHostedAdmin(ctx: ServiceContext, user: AuthUser): boolean {
  if (ctx.tokens.kind !== 'supabase') return false;
  if (ctx.env.ADMIN_USER_ID) return user.id.toLowerCase() === ctx.env.ADMIN_USER_ID.toLowerCase();
  const adminEmail = ctx.env.ADMIN_EMAIL?.toLowerCase();
  return !!adminEmail && user.emailConfirmed && user.email.toLowerCase() === adminEmail;
}

async function provisionSystemAdmin(ctx: ServiceContext, user: AuthUser): Promise<Caller | null> {
  if (!isHostedAdmin(ctx, user)) return null;
  const meta = user.userMetadata;
  // The metadata is the user's own to write: a name the name rule refuses (too long, control or
  // invisible characters, a web address) is replaced by the default, like a missing one.
  const usable = (v: unknown, fallback: string) => {
    const parsed = personNameSchema.safeParse(v);
    return parsed.success ? parsed.data : fallback;
  };
  const person = personFrom(user, { firstName: usable(meta.firstName, 'System'), lastName: usable(meta.lastName, 'Administrator') });
  try {
    const profile = await addMember(ctx, person, null, 'system_admin');
    ctx.logger.info('hosted auth: system admin profile created', { email: person.email });
    return profile;
  } catch (err) {
    if (err instanceof AppError && err.status === 409) return findProfile(ctx, user.id);
    throw err;
  }
}

/** Returns the newly created profile, or null when the metadata does not describe one. */
export async function provisionFromMetadata(ctx: ServiceContext, user: AuthUser): Promise<Caller | null> {
  if (!user.email) return null;
  assertEmailConfirmed(user);
  const admin = await provisionSystemAdmin(ctx, user);
  if (admin) return admin;

  const meta = { ...user.userMetadata, email: user.email };
  try {
    const signup = signupSchema.safeParse(meta);
    if (signup.success) {
      return await createOrganizationWithAdmin(ctx, personFrom(user, signup.data), signup.data);
    }
    const join = joinOrganizationSchema.safeParse(meta);
    if (join.success) {
      // The same rules as POST /api/auth/join-organization: the key from the link, and a join
      // request unless the verified address is on an allowed domain (ADR 003).
      const outcome = await requestToJoin(ctx, user, personFrom(user, join.data), join.data.organizationId, join.data.joinKey);
      return outcome.kind === 'member' ? outcome.profile : null;
    }
  } catch (err) {
    // A concurrent first request created it: use that one.
    if (err instanceof AppError && err.status === 409) return findProfile(ctx, user.id);
    // An invalid link, a removed member or a declined request: no profile (requireProfile says why).
    if (err instanceof AppError && (err.status === 403 || err.status === 404)) return null;
    throw err;
  }
  return null;
}
