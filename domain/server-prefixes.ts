// The URL prefixes the server answers itself: the product API and the embedded auth provider. The
// service worker never serves the app shell for them (worker/sw.ts), the server never answers them
// with the SPA (server/static.ts), and the dev server proxies them to the API (vite.config.ts).
export const SERVER_PREFIXES = ['/api/', '/auth/v1/'] as const;

/** A path under one of SERVER_PREFIXES (or the prefix itself without its trailing slash). */
export const isServerPath = (path: string): boolean => SERVER_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
