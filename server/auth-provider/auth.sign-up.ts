import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { authUsers } from '../db/schema/index.ts';
import type { AuthContext } from './auth.context.ts';
import { invalidCredentials } from './auth.errors.ts';
import { consumeEmailLink, EMAIL_LINK_INTERVAL_MS, issueEmailLink, peekEmailLink, spaceUnknownAddress, tooSoon } from './auth.email-links.ts';
import { checkNewPassword } from './auth.passwords.ts';
import { checkPasswordWithLockout } from './auth.sign-in.ts';
import { startSession, type SessionJson } from './auth.sessions.ts';
import { findUserByEmail, insertUser, toUserJson, type AuthUserRow, type UserJson } from './auth.users.ts';
import { confirmationMail } from './confirmation.mail.ts';

/** Issues a sign-up confirmation link and mails it. */
async function sendConfirmation(ctx: AuthContext, user: Pick<AuthUserRow, 'id' | 'email'>, redirectTo: string) {
  const link = await issueEmailLink(ctx, user.id, 'signup', redirectTo);
  await ctx.mailer.send(confirmationMail(user.email, link));
}

/**
 * POST /signup, GoTrue with "Confirm email" on: the user is created unconfirmed, a confirmation link
 * (single use, 24 h) is mailed, and the answer is the bare user without a session (supabase-js then
 * returns data.session === null). With AUTH_AUTOCONFIRM the address is confirmed at once and a
 * session is returned (local trials).
 */
export async function signUp(
  ctx: AuthContext,
  input: { email: string; password: unknown; data: Record<string, unknown> },
  redirectTo: string,
): Promise<SessionJson | UserJson> {
  const password = checkNewPassword(input.password);
  const now = ctx.now();
  if (ctx.env.AUTH_AUTOCONFIRM) {
    const user = await insertUser(ctx.db, { email: input.email, password, userMetadata: input.data }, now, now);
    return startSession(ctx, user, 'password');
  }
  const user = await insertUser(ctx.db, { email: input.email, password, userMetadata: input.data, confirmed: false }, now);
  const [sent] = await ctx.db.update(authUsers).set({ confirmationSentAt: now }).where(eq(authUsers.id, user.id)).returning();
  await sendConfirmation(ctx, user, redirectTo);
  return toUserJson(sent ?? user);
}

/**
 * POST /resend {type: 'signup'}: a new confirmation link for an unconfirmed account, at most one a
 * minute. Unknown and already confirmed addresses get the same answer and spacing, and no mail; the
 * mail is sent after the answer, as for recovery.
 */
export async function resendConfirmation(ctx: AuthContext, email: string, redirectTo: string): Promise<void> {
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, email);
  const [claimed] = await ctx.db
    .update(authUsers)
    .set({ confirmationSentAt: now })
    .where(
      and(
        eq(authUsers.email, email),
        isNull(authUsers.emailConfirmedAt),
        or(isNull(authUsers.confirmationSentAt), lte(authUsers.confirmationSentAt, new Date(now.getTime() - EMAIL_LINK_INTERVAL_MS))),
      ),
    )
    .returning({ id: authUsers.id, email: authUsers.email });
  if (!user || user.emailConfirmedAt) return spaceUnknownAddress(ctx, user?.email ?? email, 'signup');
  if (!claimed) {
    const since = user.confirmationSentAt ? now.getTime() - user.confirmationSentAt.getTime() : 0;
    throw tooSoon(Math.ceil((EMAIL_LINK_INTERVAL_MS - since) / 1000));
  }
  ctx.background.run('confirmation mail', () => sendConfirmation(ctx, claimed, redirectTo));
}

/**
 * Uses a confirmation link: confirms the address and opens a session. The link alone is not enough:
 * whoever signs up may use someone else's address, so confirming also proves knowledge of the
 * password chosen at sign-up, checked under the account lockout (wrong guesses count toward the same
 * lock as the password grant). A wrong password leaves the link usable and answers invalid_credentials;
 * an invalid, used or expired link gives null. The owner of an address they never signed up with
 * cannot confirm it and uses recovery instead, which drops what that sign-up set up (consumeRecovery).
 */
export async function consumeConfirmation(ctx: AuthContext, token: string, password: string): Promise<SessionJson | null> {
  const pending = await peekEmailLink(ctx, token, 'signup');
  if (!pending) return null;
  const checked = await checkPasswordWithLockout(ctx, pending, password);
  if (!checked) throw invalidCredentials();
  const user = await consumeEmailLink(ctx, token, 'signup');
  if (!user || user.id !== pending.id) return null;
  const now = ctx.now();
  const [fresh] = await ctx.db
    .update(authUsers)
    .set({ emailConfirmedAt: user.emailConfirmedAt ?? now, lastSignInAt: now })
    .where(eq(authUsers.id, user.id))
    .returning();
  return startSession(ctx, fresh ?? user, 'otp');
}
