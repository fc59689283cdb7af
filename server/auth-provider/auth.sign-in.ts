import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authUnknownAddresses, authUsers } from '../db/schema/index.ts';
import { rateLimitMessage } from '../lib/rate-limit.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError, invalidCredentials, overRequestRateLimit, userBanned } from './auth.errors.ts';
import { LOCKOUT_BASE_MS, LOCKOUT_MAX_MS, LOCKOUT_THRESHOLD } from './auth.limits.ts';
import { verifyAgainstDummy, verifyPassword } from './auth.passwords.ts';
import { startSession, type SessionJson } from './auth.sessions.ts';
import { findUserByEmail, findUserById, isBanned, normalizeEmail, type AuthUserRow } from './auth.users.ts';

const locked = (seconds: number) =>
  overRequestRateLimit(rateLimitMessage(seconds, 'Too many failed sign-in attempts.'));

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
export async function signInWithPassword(ctx: AuthContext, rawEmail: string, password: string): Promise<SessionJson> {
  const email = normalizeEmail(rawEmail);
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    if (!(await reserveUnknownAttempt(ctx.db, email, now))) {
      const [row] = await ctx.db.select().from(authUnknownAddresses).where(eq(authUnknownAddresses.email, email)).limit(1);
      throw locked(secondsUntil(row?.lockedUntil, now));
    }
    await verifyAgainstDummy(password);
    throw invalidCredentials();
  }
  const fresh = await checkPasswordWithLockout(ctx, user, password, { lastSignInAt: now });
  if (!fresh) throw invalidCredentials();
  if (isBanned(user, now)) throw userBanned();
  if (!fresh.emailConfirmedAt) throw emailNotConfirmed();
  return startSession(ctx, fresh, 'password');
}

/**
 * Checks a password against the account under the lockout rules (one reserved attempt, see
 * reserveUserAttempt): the updated user row when right, null when wrong, 429 when locked. Used by
 * the password grant and by the current-password check of a password change.
 */
export async function checkPasswordWithLockout(
  ctx: AuthContext,
  user: AuthUserRow,
  password: string,
  onSuccess: Partial<typeof authUsers.$inferInsert> = {},
): Promise<AuthUserRow | null> {
  const now = ctx.now();
  const reserved = await reserveUserAttempt(ctx.db, user.id, now);
  if (reserved === null) {
    const current = await findUserById(ctx.db, user.id);
    throw locked(secondsUntil(current?.lockedUntil, now));
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
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
  return fresh;
}
