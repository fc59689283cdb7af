// Tenant-isolation rows for single sign-on (ADR 043): /api/organization/sso (org_admins of the
// caller's own organization) and /api/admin/sso-domains (system admins). Organization A's
// providers and domains are written straight to the tables, as the rows may run many times.
import { randomUUID } from 'node:crypto';
import { ssoDomains, ssoProviders } from '#server/db/schema/index.ts';
import { metadataXml } from '#tests/support/sso/saml-idp.ts';
import type { RouteRow } from './routes.ts';
import type { World } from './world.ts';

const METADATA = metadataXml('https://idp.matrix.example/idp', 'https://idp.matrix.example/sso');

async function providerOfA(w: World): Promise<string> {
  const [row] = await w.server.deps.db
    .insert(ssoProviders)
    .values({ organizationId: w.orgA.id, kind: 'oidc', entityId: 'https://issuer.matrix.example', clientId: 'matrix' })
    .returning({ id: ssoProviders.id });
  return row!.id;
}

async function domainOfA(w: World): Promise<string> {
  const providerId = await providerOfA(w);
  const [row] = await w.server.deps.db
    .insert(ssoDomains)
    .values({ organizationId: w.orgA.id, providerId, domain: `d${randomUUID().slice(0, 8)}.matrix.example` })
    .returning({ id: ssoDomains.id });
  return row!.id;
}

export const ssoRows: RouteRow[] = [
  { method: 'GET', route: '/api/organization/sso', access: 'org_admin', crossOrg: 'own-data', request: () => ({ path: '/api/organization/sso' }) },
  {
    method: 'POST',
    route: '/api/organization/sso/providers',
    access: 'org_admin',
    crossOrg: 'own-data',
    okStatus: 201,
    request: () => ({ path: '/api/organization/sso/providers', body: { kind: 'saml', metadataXml: METADATA } }),
  },
  { method: 'DELETE', route: '/api/organization/sso/providers/:id', access: 'org_admin', crossOrg: 'denied', request: async (w) => ({ path: `/api/organization/sso/providers/${await providerOfA(w)}` }) },
  {
    method: 'POST',
    route: '/api/organization/sso/domains',
    access: 'org_admin',
    crossOrg: 'denied',
    okStatus: 201,
    request: async (w) => ({ path: '/api/organization/sso/domains', body: { domain: `c${randomUUID().slice(0, 8)}.matrix.example`, providerId: await providerOfA(w) } }),
  },
  { method: 'DELETE', route: '/api/organization/sso/domains/:id', access: 'org_admin', crossOrg: 'denied', request: async (w) => ({ path: `/api/organization/sso/domains/${await domainOfA(w)}` }) },
  {
    method: 'PUT',
    route: '/api/organization/sso/settings',
    access: 'org_admin',
    crossOrg: 'own-data',
    request: () => ({ path: '/api/organization/sso/settings', body: { provisioning: 'join_request', ssoOnly: false } }),
  },
  { method: 'GET', route: '/api/admin/sso-domains', access: 'system_admin', crossOrg: 'denied', request: () => ({ path: '/api/admin/sso-domains' }) },
  { method: 'PUT', route: '/api/admin/sso-domains/:id', access: 'system_admin', crossOrg: 'denied', request: async (w) => ({ path: `/api/admin/sso-domains/${await domainOfA(w)}`, body: { status: 'approved' } }) },
];
