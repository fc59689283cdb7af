// The end of every single sign-on, SAML or OIDC (ADR 043): the identity provider has vouched for
// an address; check it against the organization's approved domains, find or make the auth user,
// let the application provision them, and start a session (aal2 only with the REFEDS MFA profile).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { authSessions, authSsoIdentities, authUsers } from '../../db/schema/index.ts';
import type { AuthContext } from '../auth.context.ts';
import { hashLog2N } from '../auth.passwords.ts';
import { storeRefreshToken, sessionJson, type SessionJson } from '../auth.sessions.ts';
import { findUserByEmail, findUserById, insertUser, isBanned, normalizeEmail, type AuthUserRow } from '../auth.users.ts';
import { AuthError } from '../auth.errors.ts';
import { NO_CLIENT, recordAuthEvent, type ClientInfo } from '../auth.audit.ts';
import { SSO_MSG, SsoRefusal } from './sso.errors.ts';
import { domainApprovedFor, domainOfEmail, type SsoProviderRow } from './sso.store.ts';
import type { SsoHooks } from './sso.types.ts';

/** The REFEDS MFA profile (https://refeds.org/profile/mfa): SAML AuthnContextClassRef, OIDC acr. */
export const REFEDS_MFA = 'https://refeds.org/profile/mfa';

/** What an identity provider asserted, after its library checked signature, audience, time and nonce. */
export interface VerifiedIdentity {
  /** SAML: eduPersonPrincipalName, else the NameID; OIDC: `sub`. */
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The provider said the user passed multi-factor authentication (REFEDS MFA). */
  mfa: boolean;
  /** eduPersonScopedAffiliation values (SAML), kept in app_metadata. */
  affiliations: string[];
}

const NAME_MAX = 100;
const clean = (v: string, fallback: string) => {
  // eslint-disable-next-line no-control-regex
  const text = v.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, NAME_MAX);
  return text || fallback;
};

/** The user for this provider's subject: linked before, else the account of the address, else a new one. */
async function findOrCreateUser(ctx: AuthContext, provider: SsoProviderRow, who: VerifiedIdentity, method: string): Promise<AuthUserRow> {
  const [linked] = await ctx.db
    .select({ userId: authSsoIdentities.userId })
    .from(authSsoIdentities)
    .where(and(eq(authSsoIdentities.providerId, provider.id), eq(authSsoIdentities.subject, who.subject)))
    .limit(1);
  const now = ctx.now();
  const appMetadata = { provider: method, providers: ['email', method], sso_provider_id: provider.id, affiliations: who.affiliations.slice(0, 20) };
  let user = linked ? await findUserById(ctx.db, linked.userId) : await findUserByEmail(ctx.db, who.email);
  if (!user) {
    try {
      // A random password nobody knows: the account signs in through its identity provider (or recovery).
      user = await insertUser(
        ctx.db,
        { email: who.email, password: randomBytes(32).toString('base64url'), userMetadata: { firstName: who.firstName, lastName: who.lastName } },
        now,
        now,
        hashLog2N(ctx.env),
      );
    } catch (err) {
      if (!(err instanceof AuthError && err.code === 'user_already_exists')) throw err;
      user = await findUserByEmail(ctx.db, who.email);
      if (!user) throw err;
    }
  }
  // The identity provider proved the address (the domain is approved for it): confirmed from now on.
  const [fresh] = await ctx.db
    .update(authUsers)
    .set({ appMetadata, emailConfirmedAt: user.emailConfirmedAt ?? now, lastSignInAt: now, updatedAt: now })
    .where(eq(authUsers.id, user.id))
    .returning();
  if (!linked) {
    await ctx.db.insert(authSsoIdentities).values({ providerId: provider.id, subject: who.subject, userId: user.id }).onConflictDoNothing();
  }
  return fresh ?? user;
}

/**
 * Checks the vouched-for address, provisions and starts the session. Throws SsoRefusal (audited
 * and shown by the caller) when the domain is not approved for the provider's organization, the
 * account is banned, or the application refuses (a removed member, a declined join request).
 */
export async function completeSsoSignIn(
  ctx: AuthContext,
  hooks: SsoHooks | undefined,
  provider: SsoProviderRow,
  who: VerifiedIdentity,
  method: 'sso/saml' | 'oauth',
  client: ClientInfo = NO_CLIENT,
): Promise<SessionJson> {
  const where = { organizationId: provider.organizationId, providerId: provider.id };
  const email = normalizeEmail(who.email);
  const domain = email.includes('@') ? domainOfEmail(email) : null;
  if (!domain) throw new SsoRefusal('sso_no_email', SSO_MSG.noEmail, where);
  if (!(await domainApprovedFor(ctx.db, provider.organizationId, domain))) {
    throw new SsoRefusal('sso_domain_not_approved', SSO_MSG.domainNotApproved, { ...where, detail: domain });
  }
  const user = await findOrCreateUser(ctx, provider, { ...who, email, firstName: clean(who.firstName, 'Member'), lastName: clean(who.lastName, '-') }, method);
  const now = ctx.now();
  if (isBanned(user, now)) throw new SsoRefusal('user_banned', SSO_MSG.banned, where);
  if (hooks) {
    const verdict = await hooks.provision({
      userId: user.id,
      email,
      firstName: clean(who.firstName, 'Member'),
      lastName: clean(who.lastName, '-'),
      organizationId: provider.organizationId,
      providerId: provider.id,
    });
    if (!verdict.ok) throw new SsoRefusal(verdict.code, verdict.message, where);
  }
  const [session] = await ctx.db
    .insert(authSessions)
    .values({
      userId: user.id,
      aal: who.mfa ? 'aal2' : 'aal1',
      amr: method,
      mfaVerifiedAt: who.mfa ? now : null,
      ip: client.ip,
      userAgent: client.userAgent,
      lastActiveAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  const refreshToken = await storeRefreshToken(ctx.db, session, null, now);
  // In the sign-in trail like a password sign-in (ADR 042); the campus's MFA is its second factor.
  const detail = { method, outcome: 'success', session_id: session.id, provider_id: provider.id, mfa: who.mfa ? 'refeds' : 'none' };
  await recordAuthEvent(ctx, { action: 'auth.sign_in', userId: user.id, client, detail });
  return sessionJson(ctx, user, session, refreshToken);
}
