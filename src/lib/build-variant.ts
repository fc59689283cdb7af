// A build-time variant of the app, for the browser test of an app update (tests/e2e/app-update.test.ts).
//
// `vite build` replaces __MVRSP_BUILD_VARIANT__ with the MVRSP_BUILD_VARIANT environment variable
// read at build time (vite.config.ts `define`), in the app and in the service worker alike. Unset,
// it is '' and every branch on it is dead code the minifier drops: the production build is the app
// as written. Set to 'update-test', the build is "the next release" of the same sources: one more
// Dexie version with an upgrade (src/sync/db.ts) and a new version of the persisted read cache
// (src/lib/server-data/query-cache.ts), so the test can install the app, queue work offline and update into
// a build whose storage really changed. Outside a Vite build (vitest) the identifier is undefined.

declare const __MVRSP_BUILD_VARIANT__: string | undefined;

export const BUILD_VARIANT: string = typeof __MVRSP_BUILD_VARIANT__ === 'string' ? __MVRSP_BUILD_VARIANT__ : '';

/** The variant that plays "the next release" in the update test. */
export const NEXT_RELEASE_VARIANT = 'update-test';
export const IS_NEXT_RELEASE_BUILD = BUILD_VARIANT === NEXT_RELEASE_VARIANT;
