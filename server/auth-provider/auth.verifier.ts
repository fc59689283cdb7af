import { and, eq, lt, sql } from 'drizzle-orm';
import { preparedPerDb } from '../db/prepared.ts';
import { decodeJwt, type JWTPayload } from 'jose';
import { authSessions, authUsers, organizations, profiles } from '../db/schema/index.ts';
import { toCaller } from '../lib/caller.ts';
import { SessionEndedError, unauthorized } from '../lib/app-error.ts';
import type { AuthUser, TokenVerifier } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError } from './auth.errors.ts';
import { isBanned, type AuthUserRow } from './auth.users.ts';
import { isUuid } from '../lib/validator.ts';
import { endOneSession, policyBreach, type SessionPolicy, type SessionRow } from './auth.sessions.ts';

export interface VerifiedAccess {
  claims: JWTPayload & { session_id: string };
  user: AuthUserRow;
  session: SessionRow;
}

const sessionWithUser = preparedPerDb((db) =>
  db
    .select({ session: authSessions, user: authUsers })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(eq(authSessions.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('mvrsp_session_with_user'),
);

/**
 * The API's lookup: the session and its user as above, and in the same statement the user's
 * profile with its organization, which requireProfile would otherwise read right after (one
 * statement per request fewer; ADR 024). Read on every request like the session, so a removed
 * member or a suspended organization is refused on the next request.
 */
const sessionWithProfile = preparedPerDb((db) =>
  db
    .select({ session: authSessions, user: authUsers, p: profiles, o: organizations })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .leftJoin(profiles, eq(profiles.id, authUsers.id))
    .leftJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(authSessions.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('mvrsp_session_with_profile'),
);

interface SessionLookup<R> {
  execute(values: { sessionId: string }): Promise<R[]>;
}

/**
 * Full check of an access token with GoTrue's error codes: signature, issuer, audience, expiry,
 * role, then that its session still exists and its user is not banned.
 */
export async function verifyAccessToken(ctx: AuthContext, token: string): Promise<VerifiedAccess> {
  const { claims, row } = await checkAccess(ctx, token, sessionWithUser(ctx.db));
  return { claims, user: row.user, session: row.session };
}

/** verifyAccessToken's checks, with the session read by `lookup` (a row with at least the session and its user). */
async function checkAccess<R extends { session: SessionRow; user: AuthUserRow }>(
  ctx: AuthContext,
  token: string,
  lookup: SessionLookup<R>,
): Promise<{ claims: VerifiedAccess['claims']; row: R }> {
  let claims: JWTPayload;
  try {
    claims = await ctx.keys.verify(token, ctx.now());
  } catch {
    throw new AuthError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is expired or invalid');
  }
  const sessionId = claims.session_id;
  if (claims.role !== 'authenticated' || typeof sessionId !== 'string' || !isUuid(sessionId) || !isUuid(claims.sub ?? '')) {
    throw new AuthError(403, 'bad_jwt', 'invalid JWT: missing or invalid claims');
  }
  const [row] = await lookup.execute({ sessionId });
  if (!row || row.user.id !== claims.sub) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (isBanned(row.user, ctx.now())) throw new AuthError(403, 'user_banned', 'User is banned');
  return { claims: { ...claims, session_id: sessionId }, row };
}

/** How often an API request moves the session's last_active_at (one UPDATE per session a minute at most). */
export const LAST_ACTIVE_GRANULARITY_MS = 60_000;

/**
 * The organization's session limits (ADR 042), on every API request: a session past its idle
 * timeout or maximum age ends (audited once, endOneSession) and the request gets the 401 of an
 * ended session. Otherwise its last use is recorded, at most once a minute.
 */
async function enforceSessionPolicy(ctx: AuthContext, session: SessionRow, o: SessionPolicy | null): Promise<void> {
  const now = ctx.now();
  const breach = policyBreach(session, o, now);
  if (breach) {
    await endOneSession(ctx, session.userId, session.id, { by: 'policy', reason: breach });
    throw new SessionEndedError(session.userId);
  }
  if (now.getTime() - session.lastActiveAt.getTime() < LAST_ACTIVE_GRANULARITY_MS) return;
  await ctx.db
    .update(authSessions)
    .set({ lastActiveAt: now })
    .where(and(eq(authSessions.id, session.id), lt(authSessions.lastActiveAt, new Date(now.getTime() - LAST_ACTIVE_GRANULARITY_MS))));
}

/** The API's verifier: the same checks, but every failure is the API's plain 401. */
export function createEmbeddedVerifier(ctx: AuthContext): TokenVerifier {
  return {
    kind: 'embedded',
    async verify(token: string): Promise<AuthUser> {
      let access: { claims: VerifiedAccess['claims']; row: { session: SessionRow; user: AuthUserRow; p: typeof profiles.$inferSelect | null; o: typeof organizations.$inferSelect | null } };
      try {
        access = await checkAccess(ctx, token, sessionWithProfile(ctx.db));
      } catch (err) {
        // session_not_found is only thrown after the signature and claims were verified, so the
        // subject is the token's real user.
        if (err instanceof AuthError && err.code === 'session_not_found') throw new SessionEndedError(String(decodeJwt(token).sub));
        if (err instanceof AuthError) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
        throw err;
      }
      const { session, user, p, o } = access.row;
      await enforceSessionPolicy(ctx, session, o);
      return {
        id: user.id,
        email: user.email,
        sessionId: session.id,
        userMetadata: user.userMetadata,
        emailConfirmed: user.emailConfirmedAt !== null,
        // Both must say aal2: the claim (a token minted before the session was raised stays aal1)
        // and the session row (a factor unenrolled or reset drops the session to aal1 or ends it
        // at once, while its tokens live on until they expire).
        aal: access.claims.aal === 'aal2' && session.aal === 'aal2' ? 'aal2' : 'aal1',
        profile: p ? toCaller(p, o) : null,
      };
    },
  };
}
