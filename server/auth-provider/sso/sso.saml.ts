// SAML 2.0 Web Browser SSO as the service provider, with @node-saml/node-saml (ADR 043):
// AuthnRequest by HTTP-Redirect, Response by HTTP-POST to the ACS. The library checks the
// signature (assertion signed by one of the IdP's certificates from its uploaded metadata; exactly
// one assertion, so a wrapped second one is refused), the audience, NotBefore/NotOnOrAfter and
// that InResponseTo names the AuthnRequest of this sign-in's state (no unsolicited responses).
// Here: the Recipient, the assertion id's single use (auth_sso_replays), the attributes.
import { DOMParser } from '@xmldom/xmldom';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { AuthContext } from '../auth.context.ts';
import { SSO_MSG, SsoRefusal } from './sso.errors.ts';
import { REFEDS_MFA, type VerifiedIdentity } from './sso.sign-in.ts';
import { claimAssertion, type SsoProviderRow, type SsoStateRow } from './sso.store.ts';

export const samlAcsUrl = (ctx: AuthContext) => `${ctx.issuer}/sso/saml/acs`;
/** The service provider's entity id: its metadata URL, as GoTrue's. */
export const samlEntityId = (ctx: AuthContext) => `${ctx.issuer}/sso/saml/metadata`;

/** InCommon / eduPerson attribute names (urn:oid and the friendly ones). */
const ATTR = {
  eppn: ['urn:oid:1.3.6.1.4.1.5923.1.1.1.6', 'eduPersonPrincipalName'],
  mail: ['urn:oid:0.9.2342.19200300.100.1.3', 'mail', 'email'],
  givenName: ['urn:oid:2.5.4.42', 'givenName'],
  sn: ['urn:oid:2.5.4.4', 'sn'],
  affiliation: ['urn:oid:1.3.6.1.4.1.5923.1.1.1.9', 'eduPersonScopedAffiliation'],
} as const;

const ASSERTION_MAX_AGE_MS = 10 * 60_000;

/** A node-saml cache that knows exactly one request id: the one this sign-in's state recorded. */
function oneRequestCache(expectedId: string | null, createdAt: Date, onSave?: (id: string) => void): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      onSave?.(key);
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => (expectedId !== null && key === expectedId ? createdAt.toISOString() : null),
    removeAsync: async () => null,
  };
}

function samlFor(ctx: AuthContext, provider: SsoProviderRow, cache: CacheProvider): SAML {
  return new SAML({
    entryPoint: provider.ssoUrl ?? undefined,
    issuer: samlEntityId(ctx),
    callbackUrl: samlAcsUrl(ctx),
    idpCert: provider.certificates.length > 0 ? provider.certificates : ['-'],
    idpIssuer: provider.entityId,
    audience: samlEntityId(ctx),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60_000,
    cacheProvider: cache,
    acceptedClockSkewMs: 60_000,
    maxAssertionAgeMs: ASSERTION_MAX_AGE_MS,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** The redirect URL with a deflated AuthnRequest; its ID is stored as the state's nonce by `makeState`. */
export async function startSaml(ctx: AuthContext, provider: SsoProviderRow, makeState: (requestId: string) => Promise<string>): Promise<string> {
  let requestId: string | null = null;
  const saml = samlFor(ctx, provider, oneRequestCache(null, new Date(), (id) => (requestId = id)));
  // The state row needs the request id, which node-saml makes while building the URL: the
  // RelayState is set afterwards (the request is not signed, so the query may change).
  const url = new URL(await saml.getAuthorizeUrlAsync('', undefined, {}));
  if (!requestId) throw new Error('node-saml did not report the AuthnRequest id');
  url.searchParams.set('RelayState', await makeState(requestId));
  return url.toString();
}

const first = (v: unknown): string => {
  if (Array.isArray(v)) return first(v[0]);
  return typeof v === 'string' ? v.trim() : '';
};
const all = (v: unknown): string[] => (Array.isArray(v) ? v.map(first).filter(Boolean) : first(v) ? [first(v)] : []);
const attr = (attributes: Record<string, unknown>, names: readonly string[]) => {
  for (const n of names) if (attributes[n] !== undefined) return attributes[n];
  return undefined;
};

const SAML_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';

/** Facts of the verified assertion node-saml does not check or return: id, expiry, recipient, authn context. */
function assertionFacts(xml: string): { id: string; notOnOrAfter: Date | null; recipients: string[]; contexts: string[] } {
  const doc = new DOMParser({ errorHandler: { error: () => {}, fatalError: () => {} } }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  const byTag = (tag: string) => Array.from(root?.getElementsByTagNameNS(SAML_NS, tag) ?? []);
  const conditions = byTag('Conditions')[0];
  const notOnOrAfter = conditions?.getAttribute('NotOnOrAfter');
  return {
    id: root?.getAttribute('ID') ?? '',
    notOnOrAfter: notOnOrAfter ? new Date(notOnOrAfter) : null,
    recipients: byTag('SubjectConfirmationData').map((e) => e.getAttribute('Recipient') ?? ''),
    contexts: byTag('AuthnContextClassRef').map((e) => (e.textContent ?? '').trim()),
  };
}

/** Validates the POSTed Response for this state; SsoRefusal with the reason on any failure. */
export async function finishSaml(ctx: AuthContext, provider: SsoProviderRow, row: SsoStateRow, samlResponse: string): Promise<VerifiedIdentity> {
  const where = { organizationId: provider.organizationId, providerId: provider.id };
  const decoded = Buffer.from(samlResponse, 'base64').toString('utf8');
  // No document type declarations at all: no entity expansion, internal or external.
  if (/<!DOCTYPE|<!ENTITY/i.test(decoded)) throw new SsoRefusal('sso_assertion_invalid', SSO_MSG.assertionInvalid, { ...where, detail: 'DOCTYPE' });
  let profile: Profile | null;
  try {
    const saml = samlFor(ctx, provider, oneRequestCache(row.nonce, row.createdAt));
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const code = /expired|NotOnOrAfter|NotBefore|too old|No valid subject confirmation/i.test(message)
      ? 'sso_assertion_expired'
      : /audience/i.test(message)
        ? 'sso_wrong_audience'
        : /responder|requester|status/i.test(message) && !/signature/i.test(message)
          ? 'sso_idp_error'
          : 'sso_assertion_invalid';
    throw new SsoRefusal(code, code === 'sso_idp_error' ? SSO_MSG.idpError : SSO_MSG.assertionInvalid, { ...where, detail: message.slice(0, 300) });
  }
  if (!profile) throw new SsoRefusal('sso_assertion_invalid', SSO_MSG.assertionInvalid, where);
  const xml = profile.getAssertionXml?.();
  if (!xml) throw new SsoRefusal('sso_assertion_invalid', SSO_MSG.assertionInvalid, where);
  const facts = assertionFacts(xml);
  if (facts.recipients.length === 0 || facts.recipients.some((r) => r !== samlAcsUrl(ctx))) {
    throw new SsoRefusal('sso_wrong_recipient', SSO_MSG.assertionInvalid, { ...where, detail: facts.recipients.join(' ').slice(0, 300) });
  }
  if (!facts.id) throw new SsoRefusal('sso_assertion_invalid', SSO_MSG.assertionInvalid, { ...where, detail: 'no assertion ID' });
  const now = ctx.now();
  const keepUntil = new Date(Math.max(facts.notOnOrAfter?.getTime() ?? 0, now.getTime() + ASSERTION_MAX_AGE_MS) + 60_000);
  if (!(await claimAssertion(ctx.db, provider.id, facts.id, keepUntil))) {
    throw new SsoRefusal('sso_assertion_replayed', SSO_MSG.replayed, { ...where, detail: facts.id.slice(0, 100) });
  }
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const eppn = first(attr(attributes, ATTR.eppn));
  return {
    subject: eppn || first(profile.nameID),
    email: first(attr(attributes, ATTR.mail)),
    firstName: first(attr(attributes, ATTR.givenName)),
    lastName: first(attr(attributes, ATTR.sn)),
    mfa: facts.contexts.includes(REFEDS_MFA),
    affiliations: all(attr(attributes, ATTR.affiliation)),
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The service provider's metadata for the identity providers' administrators (one SP for the deployment). */
export function samlSpMetadata(ctx: AuthContext): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${esc(samlEntityId(ctx))}">`,
    '  <md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" AuthnRequestsSigned="false" WantAssertionsSigned="true">',
    '    <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>',
    `    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${esc(samlAcsUrl(ctx))}" index="0" isDefault="true"/>`,
    '  </md:SPSSODescriptor>',
    '</md:EntityDescriptor>',
    '',
  ].join('\n');
}
