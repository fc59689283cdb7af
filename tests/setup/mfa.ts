// The one fixture path to an aal2 session (ADR 040: system admins always need one, and members of
// an organization that requires it): the embedded provider's own endpoints, as supabase-js's
// auth.mfa calls them. No production code knows about it: the code is computed from the factor's
// secret as an authenticator app would.
import { and, eq } from 'drizzle-orm';
import { loadSecretBox } from '#server/auth-provider/auth.mfa-crypto.ts';
import { hotp, TOTP_PERIOD_SECONDS, TOTP_SKEW_STEPS, totpStep } from '#server/auth-provider/auth.totp.ts';
import type { BuiltServer } from '#server/compose.ts';
import { authMfaFactors, organizations, profiles } from '#server/db/schema/index.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { base32Decode } from '#domain/base32.ts';

type Server = Pick<BuiltServer, 'app' | 'deps'>;
/** The provider's Session JSON (access_token, refresh_token, user, ...), as POST /auth/v1/token answers. */
export type SessionBody = Record<string, any> & { access_token: string; refresh_token: string };

async function call(server: Server, method: string, path: string, accessToken: string, body?: unknown): Promise<Record<string, any>> {
  const res = await server.app.request(`/auth/v1${path}`, {
    method,
    headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, any>;
  if (res.status !== 200) throw new Error(`${method} /auth/v1${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The user's verified TOTP factor and its secret (opened with the provider's key), or null. */
export async function verifiedFactor(server: Server, userId: string): Promise<{ id: string; secret: string; lastUsedStep: number | null } | null> {
  const [factor] = await server.deps.db
    .select()
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.userId, userId), eq(authMfaFactors.status, 'verified'), eq(authMfaFactors.factorType, 'totp')))
    .limit(1);
  if (!factor?.secret) return null;
  const box = await loadSecretBox(server.deps.db, server.deps.env.AUTH_MFA_KEY);
  return { id: factor.id, secret: box.open(factor.secret, factor.id), lastUsedStep: factor.lastUsedStep === null ? null : Number(factor.lastUsedStep) };
}

/**
 * Raises an aal1 session to aal2 and returns the new Session JSON: enrols a TOTP factor the first
 * time (POST /factors, allowed at aal1 while the user has no verified factor), then challenges and
 * verifies it with the code of the current step, or the next one when the current one was used (a
 * code is good once, RFC 6238 section 5.2). When a test has used both, waits for the next step.
 */
export async function verifySecondFactor(server: Server, session: { userId: string; accessToken: string }): Promise<SessionBody> {
  const { userId } = session;
  let factor = await verifiedFactor(server, userId);
  if (!factor) {
    const enrolled = await call(server, 'POST', '/factors', session.accessToken, { factor_type: 'totp', friendly_name: 'Test authenticator' });
    factor = { id: enrolled.id as string, secret: enrolled.totp.secret as string, lastUsedStep: null };
  }
  const deadline = Date.now() + (TOTP_PERIOD_SECONDS + 5) * 1000;
  for (;;) {
    const now = totpStep(server.deps.now());
    // Never the step before the current one: the step may end between choosing and verifying.
    const step = Math.max(now, (factor.lastUsedStep ?? -Infinity) + 1);
    if (step <= now + TOTP_SKEW_STEPS) {
      const challenge = await call(server, 'POST', `/factors/${factor.id}/challenge`, session.accessToken, {});
      const code = hotp(base32Decode(factor.secret), step);
      return (await call(server, 'POST', `/factors/${factor.id}/verify`, session.accessToken, { challenge_id: challenge.id, code })) as SessionBody;
    }
    if (Date.now() > deadline) throw new Error(`verifySecondFactor: every TOTP step of the window was used (clock fixed at ${server.deps.now().toISOString()}?)`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Whether the API asks this user for aal2 (server/features/accounts/require-profile.ts assertAssurance). */
export async function needsSecondFactor(server: Server, userId: string): Promise<boolean> {
  const [row] = await server.deps.db
    .select({ role: profiles.role, requireMfa: organizations.requireMfa })
    .from(profiles)
    .leftJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.role === 'system_admin' || row?.requireMfa === true;
}
