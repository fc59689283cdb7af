// Public surface of this server feature (docs/decisions/010): other features, server/app.ts and the
// rest of server/ import only this file; every other file in the folder is internal.
export { syncRoutes } from './sync.routes.ts';
export { purgeOldMutations } from './sync.retention.ts';
