// A real SAML 2.0 identity provider for the tests, on loopback port 0: it receives the SP's
// AuthnRequest by HTTP-Redirect (deflated, base64), answers with a Response whose assertion it
// signs with xml-crypto (RSA-SHA256, exclusive c14n) as Shibboleth does, and hands the browser an
// auto-submitting HTTP-POST form to the ACS. `respond` builds the same Response directly so tests
// can bend one thing at a time (unsigned, wrong key, wrapped, expired, audience, recipient).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

const here = new URL('.', import.meta.url);
export const IDP_KEY = readFileSync(new URL('idp.key.pem', here), 'utf8');
export const IDP_CERT = readFileSync(new URL('idp.cert.pem', here), 'utf8');
export const ATTACKER_KEY = readFileSync(new URL('attacker.key.pem', here), 'utf8');
export const ATTACKER_CERT = readFileSync(new URL('attacker.cert.pem', here), 'utf8');

export const REFEDS_MFA = 'https://refeds.org/profile/mfa';
const PPT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';

const certBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface SamlUser {
  eppn: string;
  mail: string;
  givenName: string;
  sn: string;
  affiliation?: string[];
  mfa?: boolean;
}

export interface ResponseOptions {
  user: SamlUser;
  inResponseTo: string;
  acsUrl: string;
  audience: string;
  /** Sign the assertion with this key (default the IdP's); null leaves it unsigned. */
  signingKey?: string | null;
  /** Seconds from now; negative for an assertion that already expired. */
  notOnOrAfterSeconds?: number;
  issueInstantOffsetSeconds?: number;
  assertionId?: string;
  recipient?: string;
  /** Signed, then the mail attribute changed (the digest no longer matches). */
  tamperMail?: string;
  /** Two assertions side by side in the Response: the signed one and an unsigned one about someone else. */
  siblingWith?: SamlUser;
  /** A signature-wrapping attempt: an evil unsigned assertion placed first, the signed one after it inside an Extensions element. */
  wrapWith?: SamlUser;
}

export function metadataXml(entityId: string, ssoUrl: string, cert = IDP_CERT): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${esc(entityId)}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBody(cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${esc(ssoUrl)}"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${esc(ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

function assertionXml(issuer: string, o: ResponseOptions, user: SamlUser, id: string): string {
  const now = Date.now() + (o.issueInstantOffsetSeconds ?? 0) * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const until = now + (o.notOnOrAfterSeconds ?? 300) * 1000;
  const attr = (oid: string, friendly: string, values: string[]) =>
    `<saml:Attribute Name="${oid}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri" FriendlyName="${friendly}">${values
      .map((v) => `<saml:AttributeValue xsi:type="xs:string">${esc(v)}</saml:AttributeValue>`)
      .join('')}</saml:Attribute>`;
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${id}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${esc(issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${esc(user.eppn)}-nameid</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${esc(o.inResponseTo)}" NotOnOrAfter="${iso(until)}" Recipient="${esc(o.recipient ?? o.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>${user.mfa ? REFEDS_MFA : PPT}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>` +
    attr('urn:oid:1.3.6.1.4.1.5923.1.1.1.6', 'eduPersonPrincipalName', [user.eppn]) +
    attr('urn:oid:0.9.2342.19200300.100.1.3', 'mail', [user.mail]) +
    attr('urn:oid:2.5.4.42', 'givenName', [user.givenName]) +
    attr('urn:oid:2.5.4.4', 'sn', [user.sn]) +
    attr('urn:oid:1.3.6.1.4.1.5923.1.1.1.9', 'eduPersonScopedAffiliation', user.affiliation ?? ['member@example.edu']) +
    `</saml:AttributeStatement></saml:Assertion>`
  );
}

function sign(xml: string, key: string): string {
  const sig = new SignedXml({
    privateKey: key,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  sig.computeSignature(xml, { location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
  return sig.getSignedXml();
}

/** A base64 SAML Response (HTTP-POST binding's SAMLResponse) from `issuer`. */
export function respond(issuer: string, o: ResponseOptions): string {
  const id = o.assertionId ?? `_a${randomUUID()}`;
  const key = o.signingKey === undefined ? IDP_KEY : o.signingKey;
  let assertion = assertionXml(issuer, o, o.user, id);
  if (key) assertion = sign(assertion, key);
  if (o.tamperMail) assertion = assertion.replace(`>${esc(o.user.mail)}<`, `>${esc(o.tamperMail)}<`);
  let body = assertion;
  if (o.siblingWith) body = `${assertion}${assertionXml(issuer, o, o.siblingWith, `_evil${randomUUID()}`)}`;
  if (o.wrapWith) {
    // The attacker keeps the genuinely signed assertion (its ID and signature intact) but moves it
    // aside, and puts an unsigned assertion about someone else where the SP looks first.
    const evil = assertionXml(issuer, o, o.wrapWith, `_evil${randomUUID()}`);
    body = `${evil}<samlp:Extensions>${assertion}</samlp:Extensions>`;
  }
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${esc(o.acsUrl)}" InResponseTo="${esc(o.inResponseTo)}">` +
    `<saml:Issuer>${esc(issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    body +
    `</samlp:Response>`;
  return Buffer.from(xml, 'utf8').toString('base64');
}

/** What the IdP read from the SP's AuthnRequest. */
export interface AuthnRequestSeen {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string;
}

export function readAuthnRequest(redirectUrl: string): AuthnRequestSeen {
  const url = new URL(redirectUrl);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  const issuer = /<saml:Issuer[^>]*>([^<]*)<\/saml:Issuer>/.exec(xml)?.[1] ?? '';
  return { id: attr('ID'), acsUrl: attr('AssertionConsumerServiceURL'), issuer, relayState: url.searchParams.get('RelayState') ?? '' };
}

export interface SamlIdp {
  url: string;
  entityId: string;
  ssoUrl: string;
  metadata: string;
  /** Who signs in next (the IdP's login is not what is tested). */
  user: SamlUser;
  close(): Promise<void>;
}

/** The running IdP: GET /sso answers an auto-posting form with a signed Response for `user`. */
export async function startSamlIdp(user: SamlUser): Promise<SamlIdp> {
  const idp = { user } as SamlIdp;
  const server: Server = createServer((req, res) => {
    const full = `${idp.url}${req.url ?? '/'}`;
    if (!req.url?.startsWith('/sso')) {
      res.writeHead(404).end();
      return;
    }
    const seen = readAuthnRequest(full);
    const samlResponse = respond(idp.entityId, { user: idp.user, inResponseTo: seen.id, acsUrl: seen.acsUrl, audience: seen.issuer });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>Test IdP</title></head><body onload="document.forms[0].submit()"><form method="post" action="${esc(seen.acsUrl)}">` +
        `<input type="hidden" name="SAMLResponse" value="${samlResponse}"><input type="hidden" name="RelayState" value="${esc(seen.relayState)}">` +
        `<noscript><button type="submit">Continue</button></noscript></form></body></html>`,
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  idp.url = `http://127.0.0.1:${port}`;
  idp.entityId = `${idp.url}/idp`;
  idp.ssoUrl = `${idp.url}/sso`;
  idp.metadata = metadataXml(idp.entityId, idp.ssoUrl);
  idp.close = () => new Promise<void>((done) => server.close(() => done()));
  return idp;
}

/** The form the IdP's page posts (what a browser would submit), read from its HTML. */
export function readPostForm(html: string): { action: string; SAMLResponse: string; RelayState: string } {
  const value = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  const action = /action="([^"]*)"/.exec(html)?.[1] ?? '';
  return { action: action.replace(/&amp;/g, '&'), SAMLResponse: value('SAMLResponse'), RelayState: value('RelayState').replace(/&amp;/g, '&') };
}
