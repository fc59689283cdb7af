// OpenID Connect sign-in with openid-client (ADR 043): authorization code flow with PKCE, state
// and nonce kept in auth_sso_states; the ID token's signature, issuer, audience, expiry and nonce
// are checked by the library. MFA counts only when `acr` is the REFEDS MFA profile or `amr`
// names a multi-factor method (RFC 8176 `mfa`).
import * as oidc from 'openid-client';
import type { AuthContext } from '../auth.context.ts';
import { SSO_MSG, SsoRefusal } from './sso.errors.ts';
import { guardedFetch } from './sso.fetch.ts';
import { REFEDS_MFA, type VerifiedIdentity } from './sso.sign-in.ts';
import type { SsoProviderRow, SsoStateRow } from './sso.store.ts';

const DISCOVERY_TTL_MS = 10 * 60_000;
const cache = new Map<string, { at: number; key: string; config: oidc.Configuration }>();

export const oidcCallbackUrl = (ctx: AuthContext) => `${ctx.issuer}/sso/oidc/callback`;

const allowLoopback = (ctx: AuthContext) => ctx.env.NODE_ENV !== 'production';

/** The provider's configuration (discovery document), cached per instance for 10 minutes. */
async function configFor(ctx: AuthContext, provider: SsoProviderRow): Promise<oidc.Configuration> {
  const secret = provider.clientSecretSealed ? ctx.secrets.open(provider.clientSecretSealed, provider.id) : undefined;
  const key = `${provider.entityId}|${provider.clientId}|${provider.updatedAt.getTime()}`;
  const hit = cache.get(provider.id);
  if (hit && hit.key === key && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const fetcher = guardedFetch(allowLoopback(ctx));
  const config = await oidc.discovery(
    new URL(provider.entityId),
    provider.clientId ?? '',
    { redirect_uris: [oidcCallbackUrl(ctx)] },
    secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
    { execute: allowLoopback(ctx) ? [oidc.allowInsecureRequests] : [], [oidc.customFetch]: fetcher as oidc.CustomFetch, timeout: 10 },
  );
  config[oidc.customFetch] = fetcher as oidc.CustomFetch;
  cache.set(provider.id, { at: Date.now(), key, config });
  return config;
}

/** The URL that sends the browser to the provider; the nonce and PKCE verifier go into the state row. */
export async function startOidc(
  ctx: AuthContext,
  provider: SsoProviderRow,
  makeState: (nonce: string, codeVerifier: string) => Promise<string>,
): Promise<string> {
  const config = await configFor(ctx, provider);
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const state = await makeState(nonce, verifier);
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: oidcCallbackUrl(ctx),
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The callback: exchanges the code and checks the ID token; SsoRefusal on any failure. */
export async function finishOidc(ctx: AuthContext, provider: SsoProviderRow, state: string, row: SsoStateRow, query: URLSearchParams): Promise<VerifiedIdentity> {
  const where = { organizationId: provider.organizationId, providerId: provider.id };
  const current = new URL(oidcCallbackUrl(ctx));
  current.search = query.toString();
  let claims: (oidc.IDToken & Record<string, unknown>) | undefined;
  try {
    const config = await configFor(ctx, provider);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: row.codeVerifier ?? '',
      expectedState: state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // Providers that keep the profile out of the ID token (oidc-provider's default, RFC-conforming)
    // serve it at the userinfo endpoint: asked for the same subject.
    if (claims && !claims.email) claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
  } catch (err) {
    const detail = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 300) : 'unknown';
    throw new SsoRefusal('sso_assertion_invalid', SSO_MSG.assertionInvalid, { ...where, detail });
  }
  if (!claims) throw new SsoRefusal('sso_assertion_invalid', SSO_MSG.assertionInvalid, where);
  if (claims.email_verified === false) throw new SsoRefusal('sso_email_unverified', SSO_MSG.emailUnverified, where);
  const amr = Array.isArray(claims.amr) ? claims.amr.map(String) : [];
  return {
    subject: claims.sub,
    email: str(claims.email),
    firstName: str(claims.given_name),
    lastName: str(claims.family_name),
    mfa: claims.acr === REFEDS_MFA || amr.includes('mfa'),
    affiliations: [],
  };
}
