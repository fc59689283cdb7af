// Public surface of the sso feature (ADR 043, docs/decisions/010).
export { ssoAdminRoutes, ssoOrganizationRoutes } from './sso.routes.ts';
export { createSsoHooks } from './sso-provisioning.service.ts';
