// /api/organization/sso (org_admins of the caller's organization) and /api/admin/sso-domains
// (system admins; the admin router's guards). Strict bodies; the metadata upload is capped before
// it is read (bodyLimit) and parsed without entities (saml-metadata.ts).
import { Hono } from 'hono';
import { z } from 'zod';
import { newSsoDomainSchema, newSsoProviderSchema, ssoDomainDecisionSchema, ssoSettingsSchema, SSO_METADATA_MAX_BYTES } from '#domain/contracts/sso.ts';
import { AppError } from '../../lib/app-error.ts';
import { bodyLimit } from '../../lib/body-limit.ts';
import { requireRole } from '../../lib/caller.ts';
import { callerContext } from '../../lib/context.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { idOf, validate } from '../../lib/validator.ts';
import { addSsoProvider, claimSsoDomain, decideSsoDomain, getSsoConfig, listSsoDomainsForAdmin, removeSsoDomain, removeSsoProvider, setSsoSettings } from './sso.service.ts';

const limit = (bytes: number) =>
  bodyLimit({
    maxSize: bytes,
    onError: () => {
      throw new AppError(413, 'payload_too_large', 'The request body is too large');
    },
  });
const smallBody = limit(8 * 1024);
const providerParam = z.object({ id: idOf('identity provider') });
const domainParam = z.object({ id: idOf('domain') });

/** Mounted at /api/organization/sso, behind requireUser and requireProfile (server/api/organization.ts). */
export const ssoOrganizationRoutes = new Hono<AppEnv>()
  .use('*', requireRole('org_admin'))
  .get('/', async (c) => c.json(await getSsoConfig(callerContext(c)), 200))
  .post('/providers', limit(SSO_METADATA_MAX_BYTES + 16 * 1024), validate('json', newSsoProviderSchema), async (c) =>
    c.json(await addSsoProvider(callerContext(c), c.req.valid('json')), 201),
  )
  .delete('/providers/:id', validate('param', providerParam), async (c) => {
    await removeSsoProvider(callerContext(c), c.req.valid('param').id);
    return c.json({ message: 'Identity provider removed.' }, 200);
  })
  .post('/domains', smallBody, validate('json', newSsoDomainSchema), async (c) => {
    const { domain, providerId } = c.req.valid('json');
    return c.json(await claimSsoDomain(callerContext(c), domain, providerId.toLowerCase()), 201);
  })
  .delete('/domains/:id', validate('param', domainParam), async (c) => {
    await removeSsoDomain(callerContext(c), c.req.valid('param').id);
    return c.json({ message: 'Domain removed.' }, 200);
  })
  .put('/settings', smallBody, validate('json', ssoSettingsSchema), async (c) =>
    c.json(await setSsoSettings(callerContext(c), c.req.valid('json'), c.var.user.aal), 200),
  );

/** Mounted at /api/admin/sso-domains, behind the admin router's system_admin guard. */
export const ssoAdminRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listSsoDomainsForAdmin(callerContext(c)), 200))
  .put('/:id', smallBody, validate('param', domainParam), validate('json', ssoDomainDecisionSchema), async (c) =>
    c.json(await decideSsoDomain(callerContext(c), c.req.valid('param').id, c.req.valid('json').status), 200),
  );
