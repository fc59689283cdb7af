// Public surface of this server feature (docs/decisions/010): other features, server/app.ts and the
// rest of server/ import only this file; every other file in the folder is internal.
export { healthRoutes, READY_CACHE_MS, readyRoutes } from './health.routes.ts';
export { metricsRoutes } from './metrics.routes.ts';
