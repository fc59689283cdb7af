// The provider's SSO rows: which provider answers for a domain, one-time sign-in states and the
// replay store of accepted assertions. Everything lives in the database, so any instance can
// finish a sign-in another one started (several stateless instances, ADR 022).
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSsoReplays, authSsoStates, ssoDomains, ssoProviders } from '../../db/schema/index.ts';
import { randomToken, sha256Hex } from '../auth.secrets.ts';

export type SsoProviderRow = typeof ssoProviders.$inferSelect;
export type SsoStateRow = typeof authSsoStates.$inferSelect;

/** A sign-in has 10 minutes between POST /sso and the identity provider's answer. */
export const SSO_STATE_TTL_MS = 10 * 60_000;

/** Lower-cases, drops a trailing dot and IDNA-encodes a domain (`new URL` does the punycode); null when not a host name. */
export function normalizeDomain(raw: string): string | null {
  const text = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!text || text.length > 253 || /[/:@?#\s\\]/.test(text)) return null;
  try {
    const host = new URL(`https://${text}`).hostname;
    if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(host)) return null;
    return host;
  } catch {
    return null;
  }
}

export const domainOfEmail = (email: string) => normalizeDomain(email.slice(email.lastIndexOf('@') + 1));

/** The provider an approved domain routes to; a pending claim routes nobody. */
export async function providerForDomain(db: Db, domain: string): Promise<SsoProviderRow | null> {
  const [row] = await db
    .select({ provider: ssoProviders })
    .from(ssoDomains)
    .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomains.providerId))
    .where(and(eq(ssoDomains.domain, domain), eq(ssoDomains.status, 'approved')))
    .limit(1);
  return row?.provider ?? null;
}

export async function findProvider(db: Db, id: string): Promise<SsoProviderRow | null> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.id, id)).limit(1);
  return row ?? null;
}

/** Whether any domain of the provider is approved (a provider chosen by id routes nobody before). */
export async function providerHasApprovedDomain(db: Db, providerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.providerId, providerId), eq(ssoDomains.status, 'approved')))
    .limit(1);
  return rows.length === 1;
}

/** Whether `domain` is approved for the provider's organization (the address a provider vouches for must be). */
export async function domainApprovedFor(db: Db, organizationId: string, domain: string): Promise<boolean> {
  const rows = await db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain), eq(ssoDomains.status, 'approved')))
    .limit(1);
  return rows.length === 1;
}

/** Stores a new one-time state (only its hash) and returns it. */
export async function createState(
  db: Db,
  now: Date,
  values: { providerId: string; redirectTo: string; nonce: string; codeVerifier?: string },
): Promise<string> {
  const state = randomToken();
  await db.insert(authSsoStates).values({
    stateHash: sha256Hex(state),
    providerId: values.providerId,
    redirectTo: values.redirectTo,
    nonce: values.nonce,
    codeVerifier: values.codeVerifier ?? null,
    expiresAt: new Date(now.getTime() + SSO_STATE_TTL_MS),
    createdAt: now,
  });
  return state;
}

/** The state, still unused and unexpired, marked used in the same statement (a second answer finds nothing). */
export async function consumeState(db: Db, state: string, now: Date): Promise<SsoStateRow | null> {
  if (!state || state.length > 100) return null;
  const [row] = await db
    .update(authSsoStates)
    .set({ usedAt: now })
    .where(and(eq(authSsoStates.stateHash, sha256Hex(state)), isNull(authSsoStates.usedAt), gt(authSsoStates.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Records an accepted assertion id until it expires; false when it was already accepted (a replay). */
export async function claimAssertion(db: Db, providerId: string, assertionId: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(authSsoReplays)
    .values({ key: `${providerId}|${assertionId}`, expiresAt })
    .onConflictDoNothing()
    .returning({ key: authSsoReplays.key });
  return rows.length === 1;
}

/** Housekeeping (the scheduler's auth.mfa_sweep): states and replay records past their expiry. */
export async function sweepExpiredSso(db: Db, now: Date): Promise<void> {
  await db.delete(authSsoStates).where(lt(authSsoStates.expiresAt, now));
  await db.delete(authSsoReplays).where(lt(authSsoReplays.expiresAt, now));
}
