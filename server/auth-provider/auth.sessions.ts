import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authRefreshTokens, authSessions, organizations, profiles } from '../db/schema/index.ts';
import { NO_CLIENT, recordAuthEvent, type ClientInfo } from './auth.audit.ts';
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
 * authenticated, most recent first; `totp` or `mfa/webauthn` once a factor was verified in it (aal2).
 */
export function amrClaim(session: SessionRow): { method: string; timestamp: number }[] {
  const entries = [{ method: session.amr as string, timestamp: unix(session.createdAt) }];
  // The factor first: the sort is stable, so within one second the later event stays ahead.
  // A single sign-on session is aal2 without a factor when the identity provider did the MFA (ADR
  // 043): its amr stays the SSO method alone, as GoTrue has no method name for that.
  if (session.aal === 'aal2' && session.mfaVerifiedAt && session.factorId) entries.unshift({ method: session.mfaMethod ?? 'totp', timestamp: unix(session.mfaVerifiedAt) });
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

/** A new login: session row (with the client's address and User-Agent), first refresh token, signed access token; audited as auth.sign_in. */
export async function startSession(ctx: AuthContext, user: AuthUserRow, method: AuthMethod, client: ClientInfo = NO_CLIENT): Promise<SessionJson> {
  const at = ctx.now();
  const [session] = await ctx.db
    .insert(authSessions)
    .values({ userId: user.id, aal: 'aal1', amr: method, ip: client.ip, userAgent: client.userAgent, lastActiveAt: at, createdAt: at, updatedAt: at })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  const refreshToken = await storeRefreshToken(ctx.db, session, null, at);
  await recordAuthEvent(ctx, { action: 'auth.sign_in', userId: user.id, client, detail: { method, outcome: 'success', session_id: session.id } });
  return sessionJson(ctx, user, session, refreshToken);
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id)).limit(1);
  return row;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Deletes sessions (their refresh tokens cascade); returns how many ended. */
export async function endSessions(db: Db, userId: string, sessionId: string | null, scope: LogoutScope): Promise<number> {
  const ended = { id: authSessions.id };
  if (scope === 'global' || !sessionId) {
    if (scope === 'local') return 0;
    return (await db.delete(authSessions).where(eq(authSessions.userId, userId)).returning(ended)).length;
  }
  const which = scope === 'local' ? eq(authSessions.id, sessionId) : ne(authSessions.id, sessionId);
  return (await db.delete(authSessions).where(and(eq(authSessions.userId, userId), which)).returning(ended)).length;
}

/** The organization's session limits (ADR 042); null columns: no limit. */
export type SessionPolicy = Pick<typeof organizations.$inferSelect, 'sessionIdleMinutes' | 'sessionMaxHours'>;
export type PolicyBreach = 'idle_timeout' | 'max_age';

/** Which limit the session is past at `now`, if any: unused longer than the idle timeout, or older than the maximum age. */
export function policyBreach(session: Pick<SessionRow, 'createdAt' | 'lastActiveAt'>, policy: SessionPolicy | null | undefined, now: Date): PolicyBreach | null {
  if (!policy) return null;
  const t = now.getTime();
  if (policy.sessionMaxHours !== null && t - session.createdAt.getTime() > policy.sessionMaxHours * 3_600_000) return 'max_age';
  if (policy.sessionIdleMinutes !== null && t - session.lastActiveAt.getTime() > policy.sessionIdleMinutes * 60_000) return 'idle_timeout';
  return null;
}

/** The session limits of the user's organization (none without a profile or organization). */
export async function policyOfUser(db: Db, userId: string): Promise<SessionPolicy | null> {
  const [row] = await db
    .select({ sessionIdleMinutes: organizations.sessionIdleMinutes, sessionMaxHours: organizations.sessionMaxHours })
    .from(profiles)
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(profiles.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Ends one session of the user and audits it as auth.session_ended (`by`: user, admin, policy,
 * reuse); false when it was already gone (another instance ended it first: one row, not two).
 */
export async function endOneSession(
  ctx: Pick<AuthContext, 'db'>,
  userId: string,
  sessionId: string,
  why: { by: 'user' | 'admin' | 'policy' | 'reuse'; reason: string; actorId?: string | null; client?: ClientInfo },
): Promise<boolean> {
  const gone = await ctx.db
    .delete(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))
    .returning({ id: authSessions.id });
  if (gone.length === 0) return false;
  await recordAuthEvent(ctx, {
    action: 'auth.session_ended',
    userId,
    actorId: why.actorId === undefined ? (why.by === 'user' ? userId : null) : why.actorId,
    ...(why.client ? { client: why.client } : {}),
    detail: { by: why.by, reason: why.reason, session_id: sessionId },
  });
  return true;
}
