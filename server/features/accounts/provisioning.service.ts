// First authenticated request of a user without a profile (hosted Supabase with e-mail
// confirmation, or a client that never reached POST /api/auth/signup): build the profile from
// the sign-up metadata the provider stored with the user. Never called for an existing profile,
// so a removed user is never re-created.
import { joinOrganizationSchema, signupSchema } from '#domain/contracts/accounts.ts';
import type { AppDeps, AuthUser, CurrentProfile } from '../../lib/factory.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestToJoin } from './join-request.service.ts';
import { addMember, createOrganizationWithAdmin, findProfile, type Person } from './membership.service.ts';

function personFrom(user: AuthUser, meta: { firstName: string; lastName: string }): Person {
  return { userId: user.id, email: user.email.toLowerCase(), firstName: meta.firstName, lastName: meta.lastName };
}

/** With hosted auth the operator's ADMIN_EMAIL becomes the system admin on first sign-in. */
async function provisionSystemAdmin(deps: AppDeps, user: AuthUser): Promise<CurrentProfile | null> {
  const adminEmail = deps.env.ADMIN_EMAIL?.toLowerCase();
  if (deps.tokens.kind !== 'supabase' || !adminEmail || user.email.toLowerCase() !== adminEmail) return null;
  const meta = user.userMetadata;
  const person = personFrom(user, {
    firstName: typeof meta.firstName === 'string' && meta.firstName.trim() ? meta.firstName.trim() : 'System',
    lastName: typeof meta.lastName === 'string' && meta.lastName.trim() ? meta.lastName.trim() : 'Administrator',
  });
  try {
    const profile = await addMember(deps.db, person, null, 'system_admin');
    deps.logger.info('hosted auth: system admin profile created', { email: person.email });
    return profile;
  } catch (err) {
    if (err instanceof AppError && err.status === 409) return findProfile(deps.db, user.id);
    throw err;
  }
}

/** Returns the newly created profile, or null when the metadata does not describe one. */
export async function provisionFromMetadata(deps: AppDeps, user: AuthUser): Promise<CurrentProfile | null> {
  if (!user.email) return null;
  const admin = await provisionSystemAdmin(deps, user);
  if (admin) return admin;

  const meta = { ...user.userMetadata, email: user.email };
  try {
    const signup = signupSchema.safeParse(meta);
    if (signup.success) {
      return await createOrganizationWithAdmin(deps.db, personFrom(user, signup.data), signup.data);
    }
    const join = joinOrganizationSchema.safeParse(meta);
    if (join.success) {
      // The same rules as POST /api/auth/join-organization: the key from the link, and a join
      // request unless the verified address is on an allowed domain (ADR 003).
      const outcome = await requestToJoin(deps, user, personFrom(user, join.data), join.data.organizationId, join.data.joinKey);
      return outcome.kind === 'member' ? outcome.profile : null;
    }
  } catch (err) {
    // A concurrent first request created it: use that one.
    if (err instanceof AppError && err.status === 409) return findProfile(deps.db, user.id);
    // An invalid link, a removed member or a declined request: no profile (requireProfile says why).
    if (err instanceof AppError && (err.status === 403 || err.status === 404)) return null;
    throw err;
  }
  return null;
}
