// Reads an identity provider's SAML metadata as an org_admin uploads it (InCommon-style: an
// EntityDescriptor with an IDPSSODescriptor, or an aggregate holding exactly one IdP). Parsed
// with @xmldom/xmldom, which never loads external entities; any DOCTYPE is refused before parsing,
// so no entity is expanded at all. Nothing is fetched: the document is the upload.
import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SSO_MSG } from '#domain/contracts/sso.ts';
import { badRequest } from '../../lib/app-error.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** base64 DER of each signing certificate. */
  certificates: string[];
}

const children = (el: Element, ns: string, name: string): Element[] =>
  Array.from(el.getElementsByTagNameNS(ns, name) as unknown as ArrayLike<Element>);

/** The identity provider's entity id, redirect SSO URL and signing certificates; 400 with words otherwise. */
export function parseIdpMetadata(xml: string, allowHttpLoopback: boolean): IdpMetadata {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw badRequest(SSO_MSG.metadataInvalid);
  const errors: string[] = [];
  const doc = new DOMParser({
    errorHandler: { warning: () => {}, error: (m: string) => errors.push(m), fatalError: (m: string) => errors.push(m) },
  }).parseFromString(xml, 'text/xml');
  const root = doc?.documentElement;
  if (errors.length > 0 || !root) throw badRequest(SSO_MSG.metadataInvalid);
  const entities = root.localName === 'EntityDescriptor' && root.namespaceURI === MD ? [root] : children(root, MD, 'EntityDescriptor');
  const idps = entities.filter((e) => children(e, MD, 'IDPSSODescriptor').length > 0);
  if (idps.length !== 1) throw badRequest(SSO_MSG.metadataInvalid);
  const entity = idps[0]!;
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  if (!entityId || entityId.length > 1000) throw badRequest(SSO_MSG.metadataInvalid);
  const idp = children(entity, MD, 'IDPSSODescriptor')[0]!;
  const sso = children(idp, MD, 'SingleSignOnService').find((s) => s.getAttribute('Binding') === REDIRECT);
  const ssoUrl = sso?.getAttribute('Location')?.trim() ?? '';
  if (!ssoUrl || !isAllowedUrl(ssoUrl, allowHttpLoopback)) throw badRequest(SSO_MSG.metadataNoRedirect);
  const certificates: string[] = [];
  for (const key of children(idp, MD, 'KeyDescriptor')) {
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const cert of children(key, DS, 'X509Certificate')) {
      const b64 = (cert.textContent ?? '').replace(/\s+/g, '');
      try {
        new X509Certificate(Buffer.from(b64, 'base64'));
      } catch {
        throw badRequest(SSO_MSG.metadataNoCert);
      }
      if (!certificates.includes(b64)) certificates.push(b64);
    }
  }
  if (certificates.length === 0 || certificates.length > 10) throw badRequest(SSO_MSG.metadataNoCert);
  return { entityId, ssoUrl, certificates };
}

/** https, or http on a loopback host outside production (tests run their identity providers there). */
export function isAllowedUrl(text: string, allowHttpLoopback: boolean): boolean {
  try {
    const url = new URL(text);
    if (url.username || url.password) return false;
    if (url.protocol === 'https:') return true;
    return allowHttpLoopback && url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}
