import { and, eq, isNull } from 'drizzle-orm';
import { authMfaFactors, authOneTimeTokens, authUsers } from '../db/schema/index.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError, validationFailed } from './auth.errors.ts';
import { checkNewPassword, hashLog2N, hashPassword, verifyPassword } from './auth.passwords.ts';
import { RECOVERY_TTL_MS } from './auth.recovery.ts';
import { endSessions } from './auth.sessions.ts';
import { metadataProblem } from './auth.schemas.ts';
import { checkPasswordWithLockout } from './auth.sign-in.ts';
import type { AuthUserRow } from './auth.users.ts';
import type { VerifiedAccess } from './auth.verifier.ts';

/** GoTrue merges `data` into user_metadata; a null value removes the key. */
export function mergeMetadata(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const next = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return next;
}

/** A password change needs a sign-in this recent (or the current password). */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60_000;

/**
 * A password change must come from someone who just proved they know the account, not merely from
 * whoever holds an access token (a stolen or long-lived session): the session was created by a sign-in
 * in the last 10 minutes, or is a recovery session from the last hour (the mailed link proved the
 * mailbox), or the request carries the right `current_password` (checked under the sign-in lockout,
 * so it cannot be guessed through this route). Otherwise 400 reauthentication_needed /
 * current_password_mismatch.
 */
async function assertMayChangePassword(ctx: AuthContext, access: VerifiedAccess, currentPassword: string | undefined, client: string | undefined) {
  const age = ctx.now().getTime() - access.session.createdAt.getTime();
  if (access.session.amr === 'recovery' && age <= RECOVERY_TTL_MS) return;
  if (currentPassword === undefined && age <= REAUTHENTICATION_WINDOW_MS) return;
  if (currentPassword === undefined) {
    throw new AuthError(
      400,
      'reauthentication_needed',
      'To change your password, enter your current password (or sign out and sign in again, then change it within 10 minutes).',
    );
  }
  if (!(await checkPasswordWithLockout(ctx, access.user, currentPassword, {}, client))) {
    throw new AuthError(400, 'current_password_mismatch', 'Your current password is not correct.');
  }
}

/**
 * GoTrue (internal/api/user.go UserUpdate): with a verified MFA factor, only an aal2 session may
 * change the password, a recovery session included (the mailbox alone is one factor).
 */
async function assertMfaLevel(ctx: AuthContext, access: VerifiedAccess) {
  if (access.session.aal === 'aal2') return;
  const [verified] = await ctx.db
    .select({ id: authMfaFactors.id })
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.userId, access.user.id), eq(authMfaFactors.status, 'verified')))
    .limit(1);
  if (verified) throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
}

/**
 * PUT /user: new password and/or metadata. A password change ends every other session of the user
 * and voids pending recovery links; the calling session stays signed in.
 */
export async function updateUser(
  ctx: AuthContext,
  access: VerifiedAccess,
  body: { password?: unknown; data?: Record<string, unknown> | null; email?: string; current_password?: string | undefined },
  client?: string,
): Promise<AuthUserRow> {
  const { user } = access;
  if (body.email !== undefined && body.email.trim().toLowerCase() !== user.email) {
    throw validationFailed('Changing the e-mail address is not supported');
  }
  const changes: Partial<typeof authUsers.$inferInsert> = { updatedAt: ctx.now() };
  if (body.password !== undefined) {
    const password = checkNewPassword(body.password);
    await assertMfaLevel(ctx, access);
    await assertMayChangePassword(ctx, access, body.current_password, client);
    if (await verifyPassword(password, user.passwordHash)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    Object.assign(changes, { passwordHash: await hashPassword(password, hashLog2N(ctx.env)), failedSignIns: 0, lockedUntil: null });
  }
  if (body.data) {
    // The limits hold for what is stored: the merge of the patch into the current metadata.
    changes.userMetadata = mergeMetadata(user.userMetadata, body.data);
    const problem = metadataProblem(changes.userMetadata);
    if (problem) throw validationFailed(problem);
  }
  const [updated] = await ctx.db.update(authUsers).set(changes).where(eq(authUsers.id, user.id)).returning();
  if (!updated) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (changes.passwordHash) {
    await endSessions(ctx.db, user.id, access.session.id, 'others');
    await ctx.db
      .delete(authOneTimeTokens)
      .where(and(eq(authOneTimeTokens.userId, user.id), isNull(authOneTimeTokens.usedAt)));
  }
  return updated;
}
