import { and, eq, isNull } from 'drizzle-orm';
import { authOneTimeTokens, authUsers } from '../db/schema/index.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError, validationFailed } from './auth.errors.ts';
import { checkNewPassword, hashPassword, verifyPassword } from './auth.passwords.ts';
import { endSessions } from './auth.sessions.ts';
import { metadataProblem } from './auth.schemas.ts';
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

/**
 * PUT /user: new password and/or metadata. A password change ends every other session of the user
 * and voids pending recovery links; the calling session stays signed in.
 */
export async function updateUser(
  ctx: AuthContext,
  access: VerifiedAccess,
  body: { password?: unknown; data?: Record<string, unknown> | null; email?: string },
): Promise<AuthUserRow> {
  const { user } = access;
  if (body.email !== undefined && body.email.trim().toLowerCase() !== user.email) {
    throw validationFailed('Changing the e-mail address is not supported');
  }
  const changes: Partial<typeof authUsers.$inferInsert> = { updatedAt: ctx.now() };
  if (body.password !== undefined) {
    const password = checkNewPassword(body.password);
    if (await verifyPassword(password, user.passwordHash)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    Object.assign(changes, { passwordHash: await hashPassword(password), failedSignIns: 0, lockedUntil: null });
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
