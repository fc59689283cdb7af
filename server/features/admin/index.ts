// Public surface of this server feature (docs/decisions/010): other features, server/app.ts and the
// rest of server/ import only this file; every other file in the folder is internal.
export { adminRoutes } from './admin.routes.ts';
export { subscriptionRoutes } from './subscription.routes.ts';
// for the scheduler's retry of stored-file removal after an organization is deleted
export { purgeDeletedOrganizationFiles } from './admin-organization-delete.service.ts';
