// Public surface of this server feature (docs/decisions/010): other features, server/app.ts and the
// rest of server/ import only this file; every other file in the folder is internal.
export { authPublicRoutes, authRoutes, authUserRoutes } from './auth.routes.ts';
export { organizationPublicRoutes, organizationRoutes, organizationsRoutes } from './organization.routes.ts';
export { requireProfile } from './require-profile.ts';
export { accountSessionRoutes } from './sessions.routes.ts';
export { resetUserFactors } from './mfa-policy.service.ts';
export { LAST_ADMIN_MESSAGE, addMember, assertKeepsAnOrgAdmin, clearCertifyingOfficial, findProfile, lockOrganization } from './membership.service.ts';
export { notifyAdmins as notifyJoinRequestAdmins } from './join-request.service.ts';
