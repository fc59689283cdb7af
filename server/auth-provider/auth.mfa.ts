import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { authMfaChallenges, authMfaFactors, authRefreshTokens, authSessions } from '../db/schema/index.ts';
import { isUuid } from '../lib/validator.ts';
import type { Db } from '../db/client.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError, overRequestRateLimit } from './auth.errors.ts';
import { AUTH_LIMITS } from './auth.limits.ts';
import { REFRESH_REUSE_WINDOW_MS } from './auth.refresh.ts';
import { sessionJson, storeRefreshToken, type SessionJson } from './auth.sessions.ts';
import { matchTotp, newTotpSecret, totpUri } from './auth.totp.ts';
import { findFactors, findUserById, type FactorRow } from './auth.users.ts';
import type { VerifiedAccess } from './auth.verifier.ts';
import { challengeOptions, verifyAssertion, verifyRegistration } from './auth.webauthn.ts';
import type { WebAuthnVerifyParams } from './auth.schemas.ts';
import { rateLimitMessage } from '../lib/rate-limit.ts';
import { NO_CLIENT, recordAuthEvent, type ClientInfo } from './auth.audit.ts';

/**
 * Multi-factor sign-in, GoTrue's /factors API (supabase/auth internal/api/mfa.go) as supabase-js's
 * `auth.mfa` calls it: TOTP (ADR 039) and WebAuthn (ADR 041, auth.webauthn.ts). Differences from
 * GoTrue are listed in those ADRs.
 */

/** GoTrue's MFA.ChallengeExpiryDuration and FactorExpiryDuration defaults (internal/conf/configuration.go). */
export const MFA_CHALLENGE_TTL_MS = 300_000;
export const MFA_UNVERIFIED_FACTOR_TTL_MS = 300_000;
/** GoTrue's MFA.MaxEnrolledFactors / MaxVerifiedFactors defaults. */
export const MFA_MAX_FACTORS = 10;

const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');

export interface EnrollInput {
  factor_type: string;
  friendly_name?: string | undefined;
  issuer?: string | undefined;
}

/** The caller's own factor, else 404 (GoTrue's loadFactor: another user's factor is "not found"). */
async function ownFactor(ctx: AuthContext, access: VerifiedAccess, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  const [factor] = await ctx.db
    .select()
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.id, factorId), eq(authMfaFactors.userId, access.user.id)))
    .limit(1);
  if (!factor) throw factorNotFound();
  return factor;
}

const nameConflict = (name: string) => new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`);

/** POST /factors (GoTrue enrollTOTPFactor, enrollWebAuthnFactor and validateFactors). */
export async function enrollFactor(ctx: AuthContext, access: VerifiedAccess, input: EnrollInput) {
  if (input.factor_type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (input.factor_type !== 'totp' && input.factor_type !== 'webauthn') throw new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  const { user, session } = access;
  const now = ctx.now();
  const name = input.friendly_name ?? '';
  await ctx.db
    .delete(authMfaFactors)
    .where(
      and(
        eq(authMfaFactors.userId, user.id),
        eq(authMfaFactors.status, 'unverified'),
        lt(authMfaFactors.createdAt, new Date(now.getTime() - MFA_UNVERIFIED_FACTOR_TTL_MS)),
      ),
    );
  const factors = await ctx.db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, user.id));
  if (factors.some((f) => (f.friendlyName ?? '') === name)) throw nameConflict(name);
  const verified = factors.filter((f) => f.status === 'verified').length;
  if (factors.length >= MFA_MAX_FACTORS || verified >= MFA_MAX_FACTORS) {
    throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  if (verified > 0 && session.aal !== 'aal2') throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');

  if (input.factor_type === 'webauthn') {
    // No secret: the credential is created at the first challenge and stored when it is verified.
    const [factor] = await ctx.db
      .insert(authMfaFactors)
      .values({ userId: user.id, friendlyName: name || null, factorType: 'webauthn', status: 'unverified', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!factor) throw nameConflict(name);
    return { id: factor.id, type: 'webauthn' as const, friendly_name: name };
  }

  const issuer = input.issuer || new URL(ctx.env.APP_URL).host;
  const secret = newTotpSecret();
  const uri = totpUri(issuer, user.email, secret);
  const id = randomUUID();
  // A name two requests race for: the unique index (user_id, friendly_name) keeps one.
  const [factor] = await ctx.db
    .insert(authMfaFactors)
    .values({ id, userId: user.id, friendlyName: name || null, factorType: 'totp', status: 'unverified', secret: ctx.secrets.seal(secret, id), createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!factor) throw nameConflict(name);
  return {
    id: factor.id,
    type: 'totp' as const,
    friendly_name: name,
    // Bare SVG, as GoTrue sends it: supabase-js prefixes `data:image/svg+xml;utf-8,` itself.
    totp: { qr_code: renderSVG(uri, { ecc: 'H' }), secret, uri },
  };
}

/**
 * POST /factors/:id/challenge (GoTrue challengeTOTPFactor and challengeWebAuthnFactor). A WebAuthn
 * challenge answers the options for navigator.credentials: `create` while the factor is unverified,
 * `request` once it holds a credential; the random challenge in them is kept with the row.
 */
export async function challengeFactor(ctx: AuthContext, access: VerifiedAccess, factorId: string) {
  const factor = await ownFactor(ctx, access, factorId);
  const wait = await ctx.budgets.spend(AUTH_LIMITS.mfaChallengePerFactor, factor.id);
  if (wait === 'unavailable' || wait > 0) throw overRequestRateLimit(wait === 'unavailable' ? 'Too many MFA challenges. Please try again in a minute.' : rateLimitMessage(wait));
  const now = ctx.now();
  const webauthn =
    factor.factorType === 'webauthn'
      ? await challengeOptions(
          ctx.env,
          access.user,
          factor,
          (await findFactors(ctx.db, access.user.id)).filter((f) => f.id !== factor.id),
        )
      : null;
  const [challenge] = await ctx.db
    .insert(authMfaChallenges)
    .values({ factorId: factor.id, createdAt: now, webauthnChallenge: webauthn?.challenge ?? null, webauthnType: webauthn?.type ?? null })
    .returning();
  if (!challenge) throw new Error('challenge insert returned nothing');
  await ctx.db.update(authMfaFactors).set({ lastChallengedAt: now, updatedAt: now }).where(eq(authMfaFactors.id, factor.id));
  const expiresAt = Math.floor((now.getTime() + MFA_CHALLENGE_TTL_MS) / 1000);
  if (!webauthn) return { id: challenge.id, type: factor.factorType, expires_at: expiresAt };
  return { id: challenge.id, type: factor.factorType, expires_at: expiresAt, webauthn: { type: webauthn.type, credential_options: { publicKey: webauthn.publicKey } } };
}

/**
 * Attempts per factor, shared by every instance (ADR 021). Each guess matches 3 codes in 10^6
 * (±1 step): 5 per 5 minutes alone would allow 1,440 guesses a day (about 1 chance in 230 for
 * someone who already holds the password); the daily 20 keep it near 1 in 16,000 a day. A correct
 * code resets both counts.
 */
const VERIFY_RULES = [AUTH_LIMITS.mfaVerifyPerFactor, AUTH_LIMITS.mfaVerifyPerFactorDaily] as const;

async function spendVerifyAttempt(ctx: AuthContext, factorId: string) {
  for (const rule of VERIFY_RULES) {
    const wait = await ctx.budgets.spend(rule, factorId);
    if (wait === 'unavailable') throw overRequestRateLimit('Too many MFA verification attempts. Please try again in a minute.');
    if (wait > 0) throw overRequestRateLimit(rateLimitMessage(wait));
  }
}

/** What the caller proves the factor with: a TOTP code, or a WebAuthn credential response. */
export type FactorProof = { code: string } | { webauthn: WebAuthnVerifyParams };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Marks the factor as used (and verified) in the transaction; false when another request got there first. */
type Claim = (tx: Tx) => Promise<boolean>;

/**
 * Checks the proof against the factor and the challenge; the claim that records its use. Nothing is
 * written here: two requests with the same proof both pass this and only one claim succeeds.
 */
async function checkProof(ctx: AuthContext, factor: FactorRow, challenge: ChallengeRow, proof: FactorProof, now: Date): Promise<Claim> {
  if (factor.factorType === 'totp') {
    if (!('code' in proof)) throw new AuthError(400, 'validation_failed', 'Code needs to be non-empty');
    const step = factor.secret === null ? null : matchTotp(ctx.secrets.open(factor.secret, factor.id), proof.code, now, factor.lastUsedStep);
    if (step === null) throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    // The step is claimed in one conditional UPDATE: of two requests with the same code, one wins.
    return async (tx) =>
      (
        await tx
          .update(authMfaFactors)
          .set({ lastUsedStep: step, status: 'verified', updatedAt: now })
          .where(and(eq(authMfaFactors.id, factor.id), or(isNull(authMfaFactors.lastUsedStep), lt(authMfaFactors.lastUsedStep, step))))
          .returning({ id: authMfaFactors.id })
      ).length === 1;
  }
  if (!('webauthn' in proof)) throw new AuthError(400, 'validation_failed', 'WebAuthn config required');
  const { type, credential_response: response } = proof.webauthn;
  if (!challenge.webauthnChallenge || challenge.webauthnType !== type) {
    throw new AuthError(422, 'mfa_verification_failed', `WebAuthn response refused: this challenge expects a ${challenge.webauthnType === 'create' ? 'new credential (type create)' : 'signature (type request)'}`);
  }
  if (type === 'create') {
    const credential = await verifyRegistration(ctx.env, challenge.webauthnChallenge, response);
    const [taken] = await ctx.db.select({ id: authMfaFactors.id }).from(authMfaFactors).where(eq(authMfaFactors.credentialId, credential.credentialId)).limit(1);
    if (taken) throw new AuthError(422, 'mfa_verification_failed', 'WebAuthn response refused: this credential is registered already');
    // Only an unverified factor takes a credential (a second `create` challenge of it is refused);
    // the unique index on credential_id settles two registrations of one credential at once.
    return async (tx) => {
      try {
        const claimed = await tx
          .update(authMfaFactors)
          .set({ ...credential, status: 'verified', updatedAt: now })
          .where(and(eq(authMfaFactors.id, factor.id), eq(authMfaFactors.status, 'unverified')))
          .returning({ id: authMfaFactors.id });
        return claimed.length === 1;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    };
  }
  const counter = await verifyAssertion(ctx.env, factor, challenge.webauthnChallenge, response);
  const before = Number(factor.credentialSignCount ?? 0);
  // The counter moves forward in one conditional UPDATE (an authenticator without one stays at 0).
  return async (tx) =>
    (
      await tx
        .update(authMfaFactors)
        .set({ credentialSignCount: counter, updatedAt: now })
        .where(and(eq(authMfaFactors.id, factor.id), counter === 0 && before === 0 ? eq(authMfaFactors.credentialSignCount, 0) : lt(authMfaFactors.credentialSignCount, counter)))
        .returning({ id: authMfaFactors.id })
    ).length === 1;
}

type ChallengeRow = typeof authMfaChallenges.$inferSelect;

/** PostgreSQL's unique_violation (23505), on the error or the cause drizzle wraps it in. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * POST /factors/:id/verify (GoTrue verifyTOTPFactor, verifyWebAuthnFactor and
 * updateMFASessionAndClaims): a valid proof raises the caller's session to aal2 with a fresh refresh
 * token (every earlier one of the session is revoked, so an aal1 refresh token cannot mint aal2
 * tokens), verifies the factor, ends the user's other sessions below aal2 and drops the user's other
 * unverified factors of its type. The challenge is good once.
 */
export async function verifyFactor(
  ctx: AuthContext,
  access: VerifiedAccess,
  factorId: string,
  challengeId: string,
  proof: FactorProof,
  client: ClientInfo = NO_CLIENT,
): Promise<SessionJson> {
  const factor = await ownFactor(ctx, access, factorId);
  await spendVerifyAttempt(ctx, factor.id);
  const detail = { method: factor.factorType === 'webauthn' ? 'mfa/webauthn' : 'totp', factor_id: factor.id, session_id: access.session.id };
  let raised: SessionJson;
  try {
    raised = await checkProofAndRaise(ctx, access, factor, challengeId, proof);
  } catch (err) {
    // Checked codes only (a 429 never reaches here): bounded by the factor's budgets (VERIFY_RULES).
    if (err instanceof AuthError && err.status === 422) {
      await recordAuthEvent(ctx, { action: 'auth.mfa_failed', userId: access.user.id, client, detail: { ...detail, outcome: 'failure', reason: err.code } });
    }
    throw err;
  }
  if (factor.status === 'unverified') {
    await recordAuthEvent(ctx, { action: 'auth.factor_enrolled', userId: access.user.id, client, detail: { factor_id: factor.id, factor_type: factor.factorType, friendly_name: factor.friendlyName } });
  }
  await recordAuthEvent(ctx, { action: 'auth.mfa_verified', userId: access.user.id, client, detail: { ...detail, outcome: 'success', aal: 'aal2' } });
  return raised;
}

async function checkProofAndRaise(ctx: AuthContext, access: VerifiedAccess, factor: FactorRow, challengeId: string, proof: FactorProof): Promise<SessionJson> {
  const now = ctx.now();
  const [challenge] = isUuid(challengeId)
    ? await ctx.db
        .select()
        .from(authMfaChallenges)
        .where(and(eq(authMfaChallenges.id, challengeId), eq(authMfaChallenges.factorId, factor.id), isNull(authMfaChallenges.verifiedAt)))
        .limit(1)
    : [];
  if (!challenge) throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (now.getTime() - challenge.createdAt.getTime() > MFA_CHALLENGE_TTL_MS) {
    await ctx.db.delete(authMfaChallenges).where(eq(authMfaChallenges.id, challenge.id));
    throw new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
  }
  const claim = await checkProof(ctx, factor, challenge, proof, now);
  const invalid = () =>
    factor.factorType === 'totp'
      ? new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
      : new AuthError(422, 'mfa_verification_failed', 'WebAuthn response refused: it was used already');

  const { session } = access;
  const raisedSession = await ctx.db.transaction(async (tx) => {
    if (!(await claim(tx))) throw invalid();
    const used = await tx
      .update(authMfaChallenges)
      .set({ verifiedAt: now })
      .where(and(eq(authMfaChallenges.id, challenge.id), isNull(authMfaChallenges.verifiedAt)))
      .returning({ id: authMfaChallenges.id });
    if (used.length !== 1) throw invalid(); // rolls back the claim
    const [raised] = await tx
      .update(authSessions)
      .set({ aal: 'aal2', factorId: factor.id, mfaVerifiedAt: now, mfaMethod: factor.factorType === 'webauthn' ? 'mfa/webauthn' : 'totp', updatedAt: now })
      .where(eq(authSessions.id, session.id))
      .returning();
    if (!raised) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    // Revoked as if long ago, past auth.refresh.ts's reuse window: an aal1 refresh token presented
    // again is reuse and ends the session instead of minting aal2 tokens (GoTrue moves the
    // session's refresh-token counter on by 2 for the same reason).
    await tx
      .update(authRefreshTokens)
      .set({ revoked: true, revokedAt: new Date(now.getTime() - 2 * REFRESH_REUSE_WINDOW_MS) })
      .where(eq(authRefreshTokens.sessionId, session.id));
    await tx.delete(authSessions).where(and(eq(authSessions.userId, access.user.id), ne(authSessions.aal, 'aal2')));
    await tx
      .delete(authMfaFactors)
      .where(and(eq(authMfaFactors.userId, access.user.id), eq(authMfaFactors.status, 'unverified'), eq(authMfaFactors.factorType, factor.factorType)));
    return raised;
  });
  const refreshToken = await storeRefreshToken(ctx.db, raisedSession, null, now);
  for (const rule of VERIFY_RULES) await ctx.budgets.forget(rule, factor.id);
  const user = (await findUserById(ctx.db, access.user.id)) ?? access.user;
  return sessionJson(ctx, user, raisedSession, refreshToken);
}

/** DELETE /factors/:id (GoTrue UnenrollFactor): a verified factor only from an aal2 session; its sessions drop to aal1. */
export async function unenrollFactor(ctx: AuthContext, access: VerifiedAccess, factorId: string, client: ClientInfo = NO_CLIENT) {
  const factor = await ownFactor(ctx, access, factorId);
  if (factor.status === 'verified' && access.session.aal !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(authSessions)
      .set({ aal: 'aal1', factorId: null, mfaVerifiedAt: null, mfaMethod: null, updatedAt: ctx.now() })
      .where(eq(authSessions.factorId, factor.id));
    await tx.delete(authMfaFactors).where(eq(authMfaFactors.id, factor.id));
    if (factor.status === 'verified') {
      const detail = { factor_id: factor.id, factor_type: factor.factorType, friendly_name: factor.friendlyName };
      await recordAuthEvent(ctx, { action: 'auth.factor_removed', userId: access.user.id, client, detail }, tx);
    }
  });
  return { id: factor.id };
}

/**
 * Housekeeping (the scheduler's auth.mfa_sweep job): challenges past their 5 minutes, verified or
 * not, and factors never verified within theirs. Enrolment and verification already refuse both;
 * this only keeps the tables from growing with abandoned attempts.
 */
export async function sweepExpiredMfa(db: Db, now: Date): Promise<{ challenges: number; factors: number }> {
  const challenges = await db
    .delete(authMfaChallenges)
    .where(lt(authMfaChallenges.createdAt, new Date(now.getTime() - MFA_CHALLENGE_TTL_MS)))
    .returning({ id: authMfaChallenges.id });
  const factors = await db
    .delete(authMfaFactors)
    .where(and(eq(authMfaFactors.status, 'unverified'), lt(authMfaFactors.createdAt, new Date(now.getTime() - MFA_UNVERIFIED_FACTOR_TTL_MS))))
    .returning({ id: authMfaFactors.id });
  return { challenges: challenges.length, factors: factors.length };
}
