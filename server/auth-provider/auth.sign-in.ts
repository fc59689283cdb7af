import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authUnknownAddresses, authUsers } from '../db/schema/index.ts';
import { rateLimitMessage } from '../lib/rate-limit.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError, invalidCredentials, overRequestRateLimit, userBanned } from './auth.errors.ts';
import type { BudgetVerdict } from '../lib/budgets.ts';
import { accountLockedMail } from './account-locked.mail.ts';
import { issueEmailLink } from './auth.email-links.ts';
import { AUTH_LIMITS, LOCKOUT_BASE_MS, LOCKOUT_MAX_MS, LOCKOUT_THRESHOLD } from './auth.limits.ts';
import { hashLog2N, verifyAgainstDummy, verifyPassword } from './auth.passwords.ts';
import { startSession, type SessionJson } from './auth.sessions.ts';
import { AUDIT_LIMITS, NO_CLIENT, recordAuthEvent, recordLater, recordUnknownAddressFailure, type ClientInfo } from './auth.audit.ts';
import { findUserByEmail, findUserById, isBanned, normalizeEmail, type AuthUserRow } from './auth.users.ts';

const locked = (seconds: number) =>
  overRequestRateLimit(rateLimitMessage(seconds, 'Too many failed sign-in attempts.'));

export const ssoRequired = () =>
  new AuthError(400, 'sso_required', 'Your organization signs in with single sign-on. Use “Sign in with single sign-on”.');

export const emailNotConfirmed = () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed');

const tsParam = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** SQL for lockoutDelayMs(failures) added to `now`, or NULL below the threshold (the same rule, in the database). */
function lockUntilSql(failures: SQL, now: Date): SQL {
  const exponent = sql`least(greatest(${failures} - ${LOCKOUT_THRESHOLD}, 0), 20)`;
  const delayMs = sql`least(${LOCKOUT_MAX_MS}, ${LOCKOUT_BASE_MS} * power(2, ${exponent}))`;
  return sql`case when ${failures} >= ${LOCKOUT_THRESHOLD} then ${tsParam(now)} + (${delayMs} * interval '1 millisecond') else null end`;
}

const secondsUntil = (until: Date | null | undefined, now: Date) =>
  until ? Math.ceil((until.getTime() - now.getTime()) / 1000) : 1;

/**
 * Reserves one password check for a known account, atomically and before any hashing: the attempt
 * is counted as a failure up front and the lock is set by the reservation that reaches the
 * threshold, so parallel guesses can never get more than LOCKOUT_THRESHOLD checks per lock.
 * Returns the failure count after this attempt, or null when the account is locked.
 */
async function reserveUserAttempt(db: Db, userId: string, now: Date): Promise<number | null> {
  const next = sql`${authUsers.failedSignIns} + 1`;
  const [row] = await db
    .update(authUsers)
    .set({ failedSignIns: next, lockedUntil: lockUntilSql(next, now) })
    .where(and(eq(authUsers.id, userId), sql`(${authUsers.lockedUntil} is null or ${authUsers.lockedUntil} <= ${tsParam(now)})`))
    .returning({ failedSignIns: authUsers.failedSignIns });
  return row ? row.failedSignIns : null;
}

/** The same reservation for an address without an account (a row per address, shared by every instance). */
async function reserveUnknownAttempt(db: Db, email: string, now: Date): Promise<boolean> {
  const next = sql`${authUnknownAddresses.failedSignIns} + 1`;
  const rows = await db
    .insert(authUnknownAddresses)
    .values({ email, failedSignIns: 1, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: authUnknownAddresses.email,
      set: { failedSignIns: next, lockedUntil: lockUntilSql(next, now), updatedAt: now },
      setWhere: sql`(${authUnknownAddresses.lockedUntil} is null or ${authUnknownAddresses.lockedUntil} <= ${tsParam(now)})`,
    })
    .returning({ email: authUnknownAddresses.email });
  return rows.length === 1;
}

/**
 * The password grant. Every credential failure gives the same 400 invalid_credentials; after
 * LOCKOUT_THRESHOLD failures the account (or unknown address) is locked in the database and answers
 * 429 over_request_rate_limit until the lock expires, even for the right password. The check-and-count
 * happens in one statement before scrypt runs (see reserveUserAttempt), so it holds under parallel guesses.
 */
export async function signInWithPassword(
  ctx: AuthContext,
  rawEmail: string,
  password: string,
  client?: string,
  info: ClientInfo = NO_CLIENT,
): Promise<SessionJson> {
  const email = normalizeEmail(rawEmail);
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    recordUnknownAddressFailure(ctx, email, client, info);
    if (!(await reserveUnknownAttempt(ctx.db, email, now))) {
      const [row] = await ctx.db.select().from(authUnknownAddresses).where(eq(authUnknownAddresses.email, email)).limit(1);
      throw locked(secondsUntil(row?.lockedUntil, now));
    }
    await verifyAgainstDummy(password, hashLog2N(ctx.env));
    throw invalidCredentials();
  }
  try {
    const fresh = await checkPasswordWithLockout(ctx, user, password, { lastSignInAt: now }, client);
    if (!fresh) throw invalidCredentials();
    if (isBanned(user, now)) throw userBanned();
    if (!fresh.emailConfirmedAt) throw emailNotConfirmed();
    // "SSO only" (ADR 043): told after the right password only, so the answer reveals nothing to a guesser.
    if (await ctx.sso?.passwordRefused(fresh.id)) throw ssoRequired();
    return await startSession(ctx, fresh, 'password', info);
  } catch (err) {
    if (err instanceof AuthError) recordFailure(ctx, user.id, err, info);
    throw err;
  }
}

/** The failure reasons of the trail, by the provider's error code. */
const FAILURE_REASONS: Record<string, string> = {
  invalid_credentials: 'wrong_password',
  over_request_rate_limit: 'locked',
  user_banned: 'suspended',
  email_not_confirmed: 'email_not_confirmed',
};

/**
 * A refused password grant of a known account, recorded after the answer (recordLater). Wrong
 * passwords are bounded by the lockout; the refusals of a locked account, which anyone can repeat,
 * are recorded once per account and window (AUDIT_LIMITS.lockedPerAccount).
 */
function recordFailure(ctx: AuthContext, userId: string, err: AuthError, info: ClientInfo): void {
  const reason = FAILURE_REASONS[err.code] ?? err.code;
  const detail = { method: 'password', outcome: 'failure', reason };
  if (reason !== 'locked') return recordLater(ctx, { action: 'auth.sign_in_failed', userId, client: info, detail });
  ctx.background.run('sign-in audit', async () => {
    if ((await ctx.budgets.spend(AUDIT_LIMITS.lockedPerAccount, userId)) !== 0) return;
    await recordAuthEvent(ctx, { action: 'auth.sign_in_failed', userId, client: info, detail });
  });
}

/** The budget key of one client's checks against one account. */
const accountClientKey = (userId: string, client: string) => `${userId}|${client}`;

/**
 * Whether this client may check a password although the account is locked (ADR 029): it signed in
 * to the account recently (AUTH_LIMITS.knownClient) and has its own checks left (spent just
 * before, AUTH_LIMITS.clientChecksPerAccount). So whoever locks the account from elsewhere does
 * not lock out its owner's usual client, while every client, known or not, gets at most
 * LOCKOUT_THRESHOLD checks per window. Without a client address (in-process) or while the budget
 * store is down, no client passes.
 */
async function mayPassLock(ctx: AuthContext, key: string, ownChecks: BudgetVerdict | null): Promise<boolean> {
  if (ownChecks !== 0) return false;
  const known = await ctx.budgets.spent(AUTH_LIMITS.knownClient, key);
  return typeof known === 'number' && known > 0;
}

/**
 * Checks a password against the account under the lockout rules (one reserved attempt, see
 * reserveUserAttempt): the updated user row when right, null when wrong, 429 when locked. `client`
 * (the client's budget key, clientBudgetKey) lets a client the account signed in from recently pass
 * a lock set by others (mayPassLock). Used by the password grant, the sign-up confirmation and the
 * current-password check of a password change.
 */
export async function checkPasswordWithLockout(
  ctx: AuthContext,
  user: AuthUserRow,
  password: string,
  onSuccess: Partial<typeof authUsers.$inferInsert> = {},
  client?: string,
): Promise<AuthUserRow | null> {
  const now = ctx.now();
  const key = client ? accountClientKey(user.id, client) : null;
  // Counted before any hashing, like the account's reservation, so parallel guesses cannot exceed it.
  const ownChecks = key ? await ctx.budgets.spend(AUTH_LIMITS.clientChecksPerAccount, key) : null;
  const reserved = await reserveUserAttempt(ctx.db, user.id, now);
  if (reserved === null) {
    if (!key || !(await mayPassLock(ctx, key, ownChecks))) {
      const current = await findUserById(ctx.db, user.id);
      throw locked(secondsUntil(current?.lockedUntil, now));
    }
    if (!(await verifyPassword(password, user.passwordHash))) return null;
    // The lock stays for everyone else: the counter is left as it is.
    const [fresh] = await ctx.db.update(authUsers).set({ ...onSuccess }).where(eq(authUsers.id, user.id)).returning();
    return fresh ? rememberClient(ctx, key, fresh) : null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    if (reserved >= LOCKOUT_THRESHOLD) ctx.background.run('account locked mail', () => mailLockNotice(ctx, user));
    return null;
  }
  // Success clears the counter, unless other attempts reserved after this one and locked the account
  // meanwhile: then the lock wins (a right password never opens a locked account).
  const [fresh] = await ctx.db
    .update(authUsers)
    .set({ ...onSuccess, failedSignIns: 0, lockedUntil: null })
    .where(
      and(
        eq(authUsers.id, user.id),
        or(
          eq(authUsers.failedSignIns, reserved),
          sql`(${authUsers.lockedUntil} is null or ${authUsers.lockedUntil} <= ${tsParam(now)})`,
        ),
      ),
    )
    .returning();
  if (!fresh) {
    const current = await findUserById(ctx.db, user.id);
    throw locked(secondsUntil(current?.lockedUntil, now));
  }
  return rememberClient(ctx, key, fresh);
}

/**
 * Tells the owner that wrong passwords locked the account, with a recovery link (using it lifts the
 * lock, consumeRecovery): at most one an hour per account (AUTH_LIMITS.lockNotice), none while the
 * budget store is down. Runs after the answer.
 */
async function mailLockNotice(ctx: AuthContext, user: AuthUserRow): Promise<void> {
  if ((await ctx.budgets.spend(AUTH_LIMITS.lockNotice, user.id)) !== 0) return;
  const link = await issueEmailLink(ctx, user.id, 'recovery', new URL('/reset-password', ctx.env.APP_URL).toString());
  await ctx.mailer.send(accountLockedMail(user.email, link));
}

/** After a right password: the client's own checks are forgiven and it counts as known to the account. */
async function rememberClient(ctx: AuthContext, key: string | null, user: AuthUserRow): Promise<AuthUserRow> {
  if (key) {
    await ctx.budgets.forget(AUTH_LIMITS.clientChecksPerAccount, key);
    await ctx.budgets.spend(AUTH_LIMITS.knownClient, key);
  }
  return user;
}

/** The same after another proof of the account (a used recovery link): the client counts as known to it. */
export async function rememberClientOf(ctx: AuthContext, user: AuthUserRow, client: string | undefined): Promise<void> {
  await rememberClient(ctx, client ? accountClientKey(user.id, client) : null, user);
}
