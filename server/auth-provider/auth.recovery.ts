import { and, eq, gt, isNull } from 'drizzle-orm';
import { authOneTimeTokens, authUsers } from '../db/schema/index.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError } from './auth.errors.ts';
import { randomToken, sha256Hex } from './auth.secrets.ts';
import { startSession, type SessionJson } from './auth.sessions.ts';
import { findUserByEmail, findUserById, isBanned } from './auth.users.ts';
import { recoveryMail } from './recovery.mail.ts';

export const RECOVERY_TTL_MS = 60 * 60_000;
export const RECOVERY_MAIL_INTERVAL_MS = 60_000;

const tooSoon = (seconds: number) =>
  new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.max(1, seconds)} seconds.`);

/** redirect_to is honoured only on APP_URL's own origin (any path); anything else falls back to APP_URL. */
export function safeRedirect(appUrl: string, raw: string | undefined): string {
  if (!raw) return appUrl;
  try {
    const url = new URL(raw);
    if (url.origin !== new URL(appUrl).origin) return appUrl;
    url.hash = '';
    return url.toString();
  } catch {
    return appUrl;
  }
}

/**
 * POST /recover: mails a single-use, one-hour link (only the token's SHA-256 is stored). Unknown
 * addresses get the same answer and the same 60 s spacing, and no mail.
 */
export async function requestRecovery(ctx: AuthContext, email: string, redirectTo: string): Promise<void> {
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    const wait = ctx.limits.unknownRecoveries.hit(email, now.getTime());
    if (wait > 0) throw tooSoon(wait);
    return;
  }
  const since = user.recoverySentAt ? now.getTime() - user.recoverySentAt.getTime() : Infinity;
  if (since < RECOVERY_MAIL_INTERVAL_MS) throw tooSoon(Math.ceil((RECOVERY_MAIL_INTERVAL_MS - since) / 1000));

  const token = randomToken();
  await ctx.db.delete(authOneTimeTokens).where(and(eq(authOneTimeTokens.userId, user.id), eq(authOneTimeTokens.type, 'recovery')));
  await ctx.db.insert(authOneTimeTokens).values({
    userId: user.id,
    type: 'recovery',
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + RECOVERY_TTL_MS),
    createdAt: now,
  });
  await ctx.db.update(authUsers).set({ recoverySentAt: now }).where(eq(authUsers.id, user.id));
  const link = new URL(`${ctx.issuer}/verify`);
  link.search = new URLSearchParams({ token, type: 'recovery', redirect_to: redirectTo }).toString();
  await ctx.mailer.send(recoveryMail(user.email, link.toString()));
}

/** Consumes a recovery token (once, before expiry) and opens a recovery session; null when invalid. */
export async function consumeRecovery(ctx: AuthContext, token: string): Promise<SessionJson | null> {
  const now = ctx.now();
  const [used] = await ctx.db
    .update(authOneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authOneTimeTokens.tokenHash, sha256Hex(token)),
        eq(authOneTimeTokens.type, 'recovery'),
        isNull(authOneTimeTokens.usedAt),
        gt(authOneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authOneTimeTokens.userId });
  if (!used) return null;
  const user = await findUserById(ctx.db, used.userId);
  if (!user || isBanned(user, now)) return null;
  // The link proves control of the mailbox: confirm it and lift any sign-in lock.
  const [fresh] = await ctx.db
    .update(authUsers)
    .set({ emailConfirmedAt: user.emailConfirmedAt ?? now, failedSignIns: 0, lockedUntil: null, lastSignInAt: now })
    .where(eq(authUsers.id, user.id))
    .returning();
  return startSession(ctx, fresh ?? user, 'recovery');
}
