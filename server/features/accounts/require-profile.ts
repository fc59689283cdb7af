// Loads the caller's profile into c.var.caller: the first middleware after requireUser on every
// route that needs to know who is calling. Lives in accounts because profiles, sign-up provisioning
// and join requests are accounts' data; the checks that follow it (requireRole, requireWritable)
// are in server/lib/caller.ts.
import { MSG } from '#domain/messages.ts';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { assertActive, NO_PROFILE_MESSAGE } from '../../lib/caller.ts';
import { factory, type AuthUser, type Caller } from '../../lib/factory.ts';
import { pendingJoinRequest } from './join-request.service.ts';
import { findProfile } from './membership.service.ts';
import { provisionFromMetadata } from './provisioning.service.ts';
import { serviceContext } from '../../lib/context.ts';

/**
 * The two-step verification policy (ADR 040), checked here once for every route that loads a
 * profile: a system admin always, and a member of an organization that requires it, must call with
 * an aal2 session. The 403's code tells the SPA to open its enrol or verify screen; those talk to
 * /auth/v1 (not under /api), and sign-out and the public routes load no profile, so an aal1 user is
 * never at a dead end. GET /api/auth/profile answers it too: it is how the SPA learns.
 */
export function assertAssurance(profile: Caller, user: Pick<AuthUser, 'aal'>): void {
  if (user.aal === 'aal2') return;
  if (profile.role === 'system_admin' || profile.organization?.requireMfa) throw new AppError(403, 'mfa_required', MFA_MSG.mfaRequired);
}

/**
 * A verified user without a profile gets one from their sign-up metadata (hosted
 * e-mail-confirmation flow; provisioning.service.ts).
 */
export const requireProfile = factory.createMiddleware(async (c, next) => {
  const user = c.get('user');
  if (!user) throw unauthorized();
  const { deps } = c.var;
  // The embedded verifier read the profile with the session (one statement; AuthUser.profile).
  const known = user.profile !== undefined ? user.profile : await findProfile(deps, user.id);
  const profile = known ?? (await provisionFromMetadata(serviceContext(c), user));
  if (!profile) {
    // A join request waiting for an org_admin: the SPA shows that instead of "finish sign-up".
    const pending = await pendingJoinRequest(deps, user.id);
    if (pending) throw new AppError(403, 'profile_missing', MSG.joinRequestPending(pending.organizationName), { joinRequest: { status: 'pending', ...pending } });
    throw new AppError(403, 'profile_missing', NO_PROFILE_MESSAGE);
  }
  assertActive(profile);
  assertAssurance(profile, user);
  c.set('caller', profile);
  await next();
});
