import { eq, sql } from 'drizzle-orm';
import { authUsers } from '../db/schema/index.ts';
import type { AuthContext } from './auth.context.ts';
import { invalidCredentials, overRequestRateLimit, userBanned } from './auth.errors.ts';
import { lockoutDelayMs } from './auth.limits.ts';
import { verifyAgainstDummy, verifyPassword } from './auth.passwords.ts';
import { startSession, type SessionJson } from './auth.sessions.ts';
import { findUserByEmail, isBanned, normalizeEmail, type AuthUserRow } from './auth.users.ts';

const locked = (seconds: number) =>
  overRequestRateLimit(`Too many failed sign-in attempts. Please try again in ${Math.max(1, seconds)} seconds.`);

/**
 * The password grant. Every credential failure gives the same 400 invalid_credentials; after
 * repeated failures the account is locked (stored on the user row, so all instances agree) and
 * answers 429 over_request_rate_limit until the lock expires, even for the right password.
 */
export async function signInWithPassword(ctx: AuthContext, rawEmail: string, password: string): Promise<SessionJson> {
  const email = normalizeEmail(rawEmail);
  const nowMs = ctx.now().getTime();
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    const wait = ctx.limits.unknownAccounts.lockedFor(email, nowMs);
    if (wait > 0) throw locked(wait);
    await verifyAgainstDummy(password);
    ctx.limits.unknownAccounts.fail(email, nowMs);
    throw invalidCredentials();
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > nowMs) {
    throw locked(Math.ceil((user.lockedUntil.getTime() - nowMs) / 1000));
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordFailure(ctx, user);
    throw invalidCredentials();
  }
  if (isBanned(user, ctx.now())) throw userBanned();
  const now = ctx.now();
  const [fresh] = await ctx.db
    .update(authUsers)
    .set({ failedSignIns: 0, lockedUntil: null, lastSignInAt: now })
    .where(eq(authUsers.id, user.id))
    .returning();
  return startSession(ctx, fresh ?? user, 'password');
}

async function recordFailure(ctx: AuthContext, user: AuthUserRow) {
  const [row] = await ctx.db
    .update(authUsers)
    .set({ failedSignIns: sql`${authUsers.failedSignIns} + 1` })
    .where(eq(authUsers.id, user.id))
    .returning({ failedSignIns: authUsers.failedSignIns });
  const delay = lockoutDelayMs(row?.failedSignIns ?? 0);
  if (delay > 0) {
    await ctx.db
      .update(authUsers)
      .set({ lockedUntil: new Date(ctx.now().getTime() + delay) })
      .where(eq(authUsers.id, user.id));
  }
}
