import { eq, sql } from 'drizzle-orm';
import { preparedPerDb } from '../db/prepared.ts';
import { decodeJwt, type JWTPayload } from 'jose';
import { authSessions, authUsers } from '../db/schema/index.ts';
import { SessionEndedError, unauthorized } from '../lib/app-error.ts';
import type { AuthUser, TokenVerifier } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError } from './auth.errors.ts';
import { isBanned, type AuthUserRow } from './auth.users.ts';
import { isUuid } from '../lib/validator.ts';
import type { SessionRow } from './auth.sessions.ts';

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
 * Full check of an access token with GoTrue's error codes: signature, issuer, audience, expiry,
 * role, then that its session still exists and its user is not banned.
 */
export async function verifyAccessToken(ctx: AuthContext, token: string): Promise<VerifiedAccess> {
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
  const [row] = await sessionWithUser(ctx.db).execute({ sessionId });
  if (!row || row.user.id !== claims.sub) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (isBanned(row.user, ctx.now())) throw new AuthError(403, 'user_banned', 'User is banned');
  return { claims: { ...claims, session_id: sessionId }, user: row.user, session: row.session };
}

/** The API's verifier: the same checks, but every failure is the API's plain 401. */
export function createEmbeddedVerifier(ctx: AuthContext): TokenVerifier {
  return {
    kind: 'embedded',
    async verify(token: string): Promise<AuthUser> {
      let access: VerifiedAccess;
      try {
        access = await verifyAccessToken(ctx, token);
      } catch (err) {
        // session_not_found is only thrown after the signature and claims were verified, so the
        // subject is the token's real user.
        if (err instanceof AuthError && err.code === 'session_not_found') throw new SessionEndedError(String(decodeJwt(token).sub));
        if (err instanceof AuthError) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
        throw err;
      }
      return {
        id: access.user.id,
        email: access.user.email,
        sessionId: access.session.id,
        userMetadata: access.user.userMetadata,
        emailConfirmed: access.user.emailConfirmedAt !== null,
      };
    },
  };
}
