import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { isServerPath } from '#domain/server-prefixes.ts';
import type { AppEnv } from './lib/factory.ts';

/**
 * Serves the built SPA: hashed assets cached for a year, the shell and service worker never cached,
 * and the build's .br/.gz siblings (scripts/vite-precompress.ts) to browsers that accept them.
 */
export function serveSpa(app: Hono<AppEnv>, staticDir: string) {
  const root = path.relative(process.cwd(), path.resolve(staticDir)) || '.';
  const indexFile = path.resolve(staticDir, 'index.html');

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    await next();
    const p = c.req.path;
    if (p === '/sw.js' || p.endsWith('.webmanifest') || p === '/' || p.endsWith('.html')) {
      c.header('Cache-Control', 'no-cache');
    }
  });
  // Without a build, serveStatic would print a (non-JSON) warning on every request; the handler below answers 503.
  if (existsSync(staticDir)) app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    if (isServerPath(c.req.path)) return c.notFound();
    // A hashed file the build does not have (an older build's chunk after a deploy) is a 404: the
    // shell under that name would be cached for a year by the /assets/* header above and break the page.
    if (c.req.path === '/assets' || c.req.path.startsWith('/assets/')) return c.notFound();
    if (!existsSync(indexFile)) return c.text('The web app is not built. Run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
