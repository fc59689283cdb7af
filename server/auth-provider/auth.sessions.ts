import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authRefreshTokens, authSessions } from '../db/schema/index.ts';
import type { AuthContext } from './auth.context.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from './auth.keys.ts';
import { randomToken, sha256Hex } from './auth.secrets.ts';
import { APP_METADATA, findFactors, toUserJson, type AuthUserRow } from './auth.users.ts';

export type SessionRow = typeof authSessions.$inferSelect;
/** GoTrue's amr methods: password grant, recovery link, sign-up confirmation link (otp). */
export type AuthMethod = 'password' | 'recovery' | 'otp' | 'sso/saml' | 'oauth';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * GoTrue's amr claim (models.Session CalculateAALAndAMR): one entry per way the session was
 * authenticated, most recent first; `totp` once a factor was verified in it (aal2).
 */
export function amrClaim(session: SessionRow): { method: string; timestamp: number }[] {
  const entries = [{ method: session.amr as string, timestamp: unix(session.createdAt) }];
  // The factor first: the sort is stable, so within one second the later event stays ahead.
  // A single sign-on session is aal2 without a factor when the identity provider did the MFA (ADR
  // 043): its amr stays the SSO method alone, as GoTrue has no method name for that.
  if (session.aal === 'aal2' && session.mfaVerifiedAt && session.factorId) entries.unshift({ method: 'totp', timestamp: unix(session.mfaVerifiedAt) });
  return entries.sort((a, b) => b.timestamp - a.timestamp);
}

/**
 * Supabase's access-token claims for one session, except `user_metadata` (a deliberate difference
 * from GoTrue, ADR 002): up to MAX_METADATA_CHARS of it would ride in the Authorization header of
 * every request, past the server's header limit (Node answers 431), so an account with large
 * metadata could not even send the request that clears it. The metadata is served where it lives:
 * the user JSON (sign-in, refresh, GET /user) and, in the API, the verifier's user row.
 */
async function signAccessToken(ctx: AuthContext, user: AuthUserRow, session: SessionRow, at: Date) {
  return ctx.keys.sign(
    {
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: { ...APP_METADATA, ...user.appMetadata },
      role: 'authenticated',
      aal: session.aal,
      amr: amrClaim(session),
      session_id: session.id,
      is_anonymous: false,
    },
    at,
  );
}

/** The Session JSON of the token endpoints, given a refresh token already stored. */
export async function sessionJson(ctx: AuthContext, user: AuthUserRow, session: SessionRow, refreshToken: string) {
  const at = ctx.now();
  return {
    access_token: await signAccessToken(ctx, user, session, at),
    token_type: 'bearer' as const,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: unix(at) + ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    user: toUserJson(user, await findFactors(ctx.db, user.id)),
  };
}

export type SessionJson = Awaited<ReturnType<typeof sessionJson>>;

/** Stores a new refresh token (only its hash) in a session, optionally as the child of another. */
export async function storeRefreshToken(db: Db, session: SessionRow, parentHash: string | null, at: Date): Promise<string> {
  const token = randomToken();
  await db.insert(authRefreshTokens).values({
    tokenHash: sha256Hex(token),
    sessionId: session.id,
    userId: session.userId,
    parentHash,
    createdAt: at,
  });
  return token;
}

/** A new login: session row, first refresh token, signed access token. */
export async function startSession(ctx: AuthContext, user: AuthUserRow, method: AuthMethod): Promise<SessionJson> {
  const at = ctx.now();
  const [session] = await ctx.db
    .insert(authSessions)
    .values({ userId: user.id, aal: 'aal1', amr: method, createdAt: at, updatedAt: at })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  const refreshToken = await storeRefreshToken(ctx.db, session, null, at);
  return sessionJson(ctx, user, session, refreshToken);
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id)).limit(1);
  return row;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Deletes sessions (their refresh tokens cascade). */
export async function endSessions(db: Db, userId: string, sessionId: string | null, scope: LogoutScope): Promise<void> {
  if (scope === 'global' || !sessionId) {
    if (scope !== 'local') await db.delete(authSessions).where(eq(authSessions.userId, userId));
    return;
  }
  const which = scope === 'local' ? eq(authSessions.id, sessionId) : ne(authSessions.id, sessionId);
  await db.delete(authSessions).where(and(eq(authSessions.userId, userId), which));
}
