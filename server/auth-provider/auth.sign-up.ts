import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, isNull, lte, or, sql } from 'drizzle-orm';
import { authUsers } from '../db/schema/index.ts';
import type { BudgetRule } from '../lib/budgets.ts';
import type { AuthContext } from './auth.context.ts';
import { invalidCredentials } from './auth.errors.ts';
import { consumeEmailLink, EMAIL_LINK_INTERVAL_MS, issueEmailLink, peekEmailLink, spaceUnknownAddress, tooSoon } from './auth.email-links.ts';
import { checkNewPassword, hashLog2N, hashPassword } from './auth.passwords.ts';
import { servedMetadata } from './auth.schemas.ts';
import { sha256Hex } from './auth.secrets.ts';
import { checkPasswordWithLockout } from './auth.sign-in.ts';
import { startSession, type SessionJson } from './auth.sessions.ts';
import { NO_CLIENT, type ClientInfo } from './auth.audit.ts';
import { APP_METADATA, findUserByEmail, insertUser, normalizeEmail, toUserJson, type AuthUserRow, type UserJson } from './auth.users.ts';
import { confirmationMail } from './confirmation.mail.ts';
import { signupNoticeMail } from './signup-notice.mail.ts';

/** Issues a sign-up confirmation link and mails it. */
async function sendConfirmation(ctx: AuthContext, user: Pick<AuthUserRow, 'id' | 'email'>, redirectTo: string) {
  const link = await issueEmailLink(ctx, user.id, 'signup', redirectTo);
  await ctx.mailer.send(confirmationMail(user.email, link));
}

/**
 * The notice to a confirmed account's owner when someone signs up with the address: at most one
 * per address per hour, counted in the shared budgets (keyed by the address's SHA-256), so sign-up
 * cannot be used to flood a mailbox. Not sent while the budget store is down.
 */
export const SIGNUP_NOTICE_BUDGET = { name: 'auth-signup-notice', max: 1, windowMs: 60 * 60_000, whenStoreDown: 'refuse' } as const satisfies BudgetRule;

/**
 * Claims the one-a-minute confirmation mail slot of an unconfirmed account (`confirmation_sent_at`);
 * the claimed row, or undefined when the address is confirmed, unknown or was mailed too recently.
 */
async function claimConfirmationSlot(ctx: AuthContext, email: string, now: Date) {
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
  return claimed;
}

/**
 * The user JSON a sign-up for an address that already has an account answers with: a new random id,
 * the address, the request's metadata, unconfirmed, "sent" now, as GoTrue's sanitizeUser
 * (internal/api/signup.go) builds it, so it shows nothing of the real account. `identities` is empty
 * for a confirmed account (GoTrue's shape, which supabase-js callers test for) and holds one email
 * identity for an unconfirmed one, exactly as for a new address.
 */
function obfuscatedUser(email: string, data: Record<string, unknown>, now: Date, confirmedAccount: boolean): UserJson {
  const id = randomUUID();
  const json = toUserJson({
    id,
    email,
    passwordHash: '',
    emailConfirmedAt: null,
    confirmationSentAt: now,
    recoverySentAt: null,
    lastSignInAt: null,
    bannedUntil: null,
    failedSignIns: 0,
    lockedUntil: null,
    appMetadata: APP_METADATA,
    userMetadata: data,
    createdAt: now,
    updatedAt: now,
  } satisfies AuthUserRow);
  return confirmedAccount ? { ...json, identities: [] } : json;
}

/**
 * POST /signup, GoTrue with "Confirm email" on: the answer is 200 with a bare user and no session
 * whether or not the address already has an account, so sign-up reveals no account:
 * - a new address gets an unconfirmed user and a confirmation link (single use, 24 h);
 * - an unconfirmed account gets its confirmation link again (at most one a minute, else no mail);
 *   the account is not changed (whoever signs up now may not be whoever signed up first);
 * - a confirmed account is not changed either; its owner gets a notice (SIGNUP_NOTICE_BUDGET).
 * Every branch hashes the password and runs the same single statement before answering; the
 * link, the mail and the budgets run after the answer (ctx.background), as for /recover.
 * With AUTH_AUTOCONFIRM the address is confirmed at once and a session is returned (local trials);
 * a taken address then answers 422 user_already_exists, as GoTrue does when it auto-confirms (the
 * session a new address gets would tell anyway).
 */
export async function signUp(
  ctx: AuthContext,
  input: { email: string; password: unknown; data: Record<string, unknown> },
  redirectTo: string,
  client: ClientInfo = NO_CLIENT,
): Promise<SessionJson | UserJson> {
  const password = checkNewPassword(input.password);
  const now = ctx.now();
  if (ctx.env.AUTH_AUTOCONFIRM) {
    const user = await insertUser(ctx.db, { email: input.email, password, userMetadata: input.data }, now, now, hashLog2N(ctx.env));
    return startSession(ctx, user, 'password', client);
  }
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(password, hashLog2N(ctx.env));
  // One statement for every branch: insert, or read the existing row back (a no-op write of the same
  // address, so that it is returned); xmax = 0 only on a freshly inserted row.
  const [row] = await ctx.db
    .insert(authUsers)
    .values({
      email,
      passwordHash,
      emailConfirmedAt: null,
      confirmationSentAt: now,
      userMetadata: input.data,
      appMetadata: APP_METADATA,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: authUsers.email, set: { email: sql`excluded.email` } })
    .returning({ ...getTableColumns(authUsers), inserted: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('sign-up upsert returned nothing');
  const { inserted, ...user } = row;
  if (inserted) {
    ctx.background.run('confirmation mail', () => sendConfirmation(ctx, user, redirectTo));
    return toUserJson(user);
  }
  const confirmed = user.emailConfirmedAt !== null;
  ctx.background.run(confirmed ? 'sign-up notice mail' : 'confirmation mail', async () => {
    if (confirmed) {
      if ((await ctx.budgets.spend(SIGNUP_NOTICE_BUDGET, sha256Hex(email))) !== 0) return;
      await ctx.mailer.send(signupNoticeMail(email, ctx.env.APP_URL));
      return;
    }
    const claimed = await claimConfirmationSlot(ctx, email, now);
    if (claimed) await sendConfirmation(ctx, claimed, redirectTo);
  });
  return obfuscatedUser(email, servedMetadata(input.data), now, confirmed);
}

/**
 * POST /resend {type: 'signup'}: a new confirmation link for an unconfirmed account, at most one a
 * minute. Unknown and already confirmed addresses get the same answer and spacing, and no mail; the
 * mail is sent after the answer, as for recovery.
 */
export async function resendConfirmation(ctx: AuthContext, email: string, redirectTo: string): Promise<void> {
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, email);
  const claimed = await claimConfirmationSlot(ctx, email, now);
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
export async function consumeConfirmation(
  ctx: AuthContext,
  token: string,
  password: string,
  client?: string,
  info: ClientInfo = NO_CLIENT,
): Promise<SessionJson | null> {
  const pending = await peekEmailLink(ctx, token, 'signup');
  if (!pending) return null;
  const checked = await checkPasswordWithLockout(ctx, pending, password, {}, client);
  if (!checked) throw invalidCredentials();
  const user = await consumeEmailLink(ctx, token, 'signup');
  if (!user || user.id !== pending.id) return null;
  const now = ctx.now();
  const [fresh] = await ctx.db
    .update(authUsers)
    .set({ emailConfirmedAt: user.emailConfirmedAt ?? now, lastSignInAt: now })
    .where(eq(authUsers.id, user.id))
    .returning();
  return startSession(ctx, fresh ?? user, 'otp', info);
}
