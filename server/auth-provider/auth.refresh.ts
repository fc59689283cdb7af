import { and, eq } from 'drizzle-orm';
import { authRefreshTokens, authSessions } from '../db/schema/index.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError, userBanned } from './auth.errors.ts';
import { isCanonicalToken } from '../lib/base64url.ts';
import { sha256Hex } from './auth.secrets.ts';
import { endOneSession, findSession, policyBreach, policyOfUser, sessionJson, storeRefreshToken, type SessionJson } from './auth.sessions.ts';
import { NO_CLIENT, type ClientInfo } from './auth.audit.ts';
import { findUserById, isBanned } from './auth.users.ts';

/** A revoked token presented again within this many ms is still accepted (concurrent tabs, retries). */
export const REFRESH_REUSE_WINDOW_MS = 10_000;

const notFound = () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
/** GoTrue's ErrorCodeSessionExpired: supabase-js signs the client out on it. */
const sessionExpired = () => new AuthError(400, 'session_expired', 'Session Expired');
const alreadyUsed = () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');

/**
 * Rotates a refresh token (GoTrue semantics, adapted to hash-only storage):
 * - unrevoked: revoke it and issue its child;
 * - revoked less than 10 s ago: issue another child (parallel tabs, lost responses);
 * - otherwise: reuse of a stolen or stale token, so the whole session (token family) is revoked,
 *   even when it is the parent of the session's active token (a client that lost the response
 *   for longer than the window signs in again; the session never forks into two chains).
 */
export async function refreshSession(ctx: AuthContext, presented: string, client: ClientInfo = NO_CLIENT): Promise<SessionJson> {
  const { db } = ctx;
  // Only the exact spelling randomToken() produced (server/lib/base64url.ts).
  if (!isCanonicalToken(presented)) throw notFound();
  const hash = sha256Hex(presented);
  const [token] = await db.select().from(authRefreshTokens).where(eq(authRefreshTokens.tokenHash, hash)).limit(1);
  if (!token) throw notFound();
  const session = await findSession(db, token.sessionId);
  if (!session) throw new AuthError(400, 'session_not_found', 'Session not found');
  const user = await findUserById(db, token.userId);
  if (!user) throw notFound();
  const now = ctx.now();
  if (isBanned(user, now)) throw userBanned();
  // The organization's session limits (ADR 042): a session past one ends here, audited once.
  const breach = policyBreach(session, await policyOfUser(db, user.id), now);
  if (breach) {
    await endOneSession(ctx, user.id, session.id, { by: 'policy', reason: breach, client });
    throw sessionExpired();
  }

  let claimed = false;
  if (!token.revoked) {
    const updated = await db
      .update(authRefreshTokens)
      .set({ revoked: true, revokedAt: now })
      .where(and(eq(authRefreshTokens.id, token.id), eq(authRefreshTokens.revoked, false)))
      .returning({ id: authRefreshTokens.id });
    claimed = updated.length === 1;
  }
  if (!claimed) await allowReuse(ctx, user.id, token.sessionId, token.revokedAt ?? now, now, client);

  await db.update(authSessions).set({ updatedAt: now, lastActiveAt: now }).where(eq(authSessions.id, session.id));
  const child = await storeRefreshToken(db, session, hash, now);
  return sessionJson(ctx, user, session, child);
}

/** An already revoked token may be swapped again only within the reuse window; after it, the whole session is revoked. */
async function allowReuse(ctx: AuthContext, userId: string, sessionId: string, revokedAt: Date, now: Date, client: ClientInfo) {
  if (now.getTime() - revokedAt.getTime() <= REFRESH_REUSE_WINDOW_MS) return;
  await endOneSession(ctx, userId, sessionId, { by: 'reuse', reason: 'refresh_token_reused', client });
  ctx.logger.warn('refresh token reuse detected; session revoked', { sessionId });
  throw alreadyUsed();
}
