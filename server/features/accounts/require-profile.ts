// Loads the caller's profile into c.var.caller: the first middleware after requireUser on every
// route that needs to know who is calling. Lives in accounts because profiles, sign-up provisioning
// and join requests are accounts' data; the checks that follow it (requireRole, requireWritable)
// are in server/lib/caller.ts.
import { MSG } from '#domain/messages.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { assertActive, NO_PROFILE_MESSAGE } from '../../lib/caller.ts';
import { factory } from '../../lib/factory.ts';
import { pendingJoinRequest } from './join-request.service.ts';
import { findProfile } from './membership.service.ts';
import { provisionFromMetadata } from './provisioning.service.ts';
import { serviceContext } from '../../lib/context.ts';

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
  c.set('caller', profile);
  await next();
});
