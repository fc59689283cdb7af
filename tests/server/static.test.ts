// The built SPA is served compressed when the browser accepts it (files compressed once at build time).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { WORKER_ID } from '#tests/setup/test-env.ts';
import { precompressDir } from '../../scripts/vite-precompress.ts';

describe('static SPA serving', () => {
  let server: TestServer;
  let spa: ReturnType<typeof createApp>;
  const dist = path.resolve(`node_modules/.tmp/static-spa-${WORKER_ID}`);
  const script = `export const pages = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `page ${i}`))};\n`;

  beforeAll(async () => {
    server = await createTestServer('pglite');
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>MVRSP Assess</title><script type="module" src="/assets/app-abc123.js"></script>${'<!-- pad -->'.repeat(100)}`);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'tiny.js'), 'console.log(1)');
    expect(precompressDir(dist)).toBe(2); // index.html and app.js; tiny.js is under the threshold
    spa = createApp(server.deps, { authProvider: undefined, staticDir: dist });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts br, with the original type and a year of caching', async () => {
    const res = await spa.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await spa.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await spa.request('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('serves the shell compressed and uncached, and client routes still get the shell', async () => {
    const shell = await spa.request('/', { headers: { 'accept-encoding': 'br' } });
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await shell.arrayBuffer())).toString()).toContain('MVRSP Assess');
    const route = await spa.request('/dashboard');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('MVRSP Assess');
  });

  it('answers 404 for an asset the build does not have, never the shell with a year of caching', async () => {
    // A browser still running an older build asks for its old hashed chunk after a deploy: the
    // shell under that name would be cached for a year as "JavaScript" and break the page.
    for (const p of ['/assets/app-old999.js', '/assets/nested/missing.css', '/assets/']) {
      const res = await spa.request(p, { headers: { 'accept-encoding': 'br' } });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('cache-control') ?? '', p).not.toMatch(/max-age=31536000|immutable/);
      expect(await res.text(), p).not.toContain('MVRSP Assess');
    }
  });
});
