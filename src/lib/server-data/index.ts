// The pages' data layer (ADR 032): reads, writes, their one Result, and the per-user saved cache.
export { useRunOnce, useServerMutation, useServerPages, useServerQuery, type ServerMutation, type ServerPages, type ServerQuery, type ServerQueryOptions } from './hooks.ts';
export { failureOf, isOfflineFailure, messageOf, toResult, type Failure, type Result } from './result.ts';
