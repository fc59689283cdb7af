import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { authUsers } from '../db/schema/index.ts';
import type { AuthContext } from './auth.context.ts';
import { consumeEmailLink, EMAIL_LINK_INTERVAL_MS, EMAIL_LINK_TTL_MS, issueEmailLink, spaceUnknownAddress, tooSoon } from './auth.email-links.ts';
import { hashLog2N, hashPassword } from './auth.passwords.ts';
import { randomToken } from './auth.secrets.ts';
import { endSessions, startSession, type SessionJson } from './auth.sessions.ts';
import { rememberClientOf } from './auth.sign-in.ts';
import { NO_CLIENT, type ClientInfo } from './auth.audit.ts';
import { findUserByEmail } from './auth.users.ts';
import { recoveryMail } from './recovery.mail.ts';

export { safeRedirect } from './auth.email-links.ts';
export const RECOVERY_TTL_MS = EMAIL_LINK_TTL_MS.recovery;

/**
 * POST /recover: mails a single-use, one-hour link. Known and unknown addresses run the same two
 * statements before the answer (the lookup, and the 60 s send-slot claim that matches no row for an
 * unknown address); the link's writes and the mail happen after the answer (ctx.background), so
 * the response time does not tell whether an account exists. Unknown addresses get the same
 * answer and the same 60 s spacing, and no mail.
 */
export async function requestRecovery(ctx: AuthContext, email: string, redirectTo: string): Promise<void> {
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, email);
  const [claimed] = await ctx.db
    .update(authUsers)
    .set({ recoverySentAt: now })
    .where(
      and(
        eq(authUsers.email, email),
        or(isNull(authUsers.recoverySentAt), lte(authUsers.recoverySentAt, new Date(now.getTime() - EMAIL_LINK_INTERVAL_MS))),
      ),
    )
    .returning({ id: authUsers.id, email: authUsers.email });
  if (!user) return spaceUnknownAddress(ctx, email, 'recovery');
  if (!claimed) {
    const since = user.recoverySentAt ? now.getTime() - user.recoverySentAt.getTime() : 0;
    throw tooSoon(Math.ceil((EMAIL_LINK_INTERVAL_MS - since) / 1000));
  }
  ctx.background.run('recovery mail', async () => {
    const link = await issueEmailLink(ctx, claimed.id, 'recovery', redirectTo);
    await ctx.mailer.send(recoveryMail(claimed.email, link));
  });
}

/**
 * Consumes a recovery token and opens a recovery session; null when invalid. The link proves control
 * of the mailbox: it confirms the address and lifts any sign-in lock. An account that was never
 * confirmed was set up by whoever signed up with this address, maybe not its owner: its sign-up
 * metadata (organization intent, names) and password are discarded and its sessions ended, so the
 * owner inherits nothing from that person (the recovery session then sets a new password).
 */
export async function consumeRecovery(ctx: AuthContext, token: string, client?: string, info: ClientInfo = NO_CLIENT): Promise<SessionJson | null> {
  const user = await consumeEmailLink(ctx, token, 'recovery');
  if (!user) return null;
  const now = ctx.now();
  const neverConfirmed = user.emailConfirmedAt === null;
  if (neverConfirmed) await endSessions(ctx.db, user.id, null, 'global');
  const [fresh] = await ctx.db
    .update(authUsers)
    .set({
      emailConfirmedAt: user.emailConfirmedAt ?? now,
      failedSignIns: 0,
      lockedUntil: null,
      lastSignInAt: now,
      ...(neverConfirmed ? { userMetadata: {}, passwordHash: await hashPassword(randomToken(), hashLog2N(ctx.env)) } : {}),
    })
    .where(eq(authUsers.id, user.id))
    .returning();
  // The link proved the mailbox: the client that used it may pass a lock set from elsewhere (ADR 029).
  await rememberClientOf(ctx, user, client);
  return startSession(ctx, fresh ?? user, 'recovery', info);
}
