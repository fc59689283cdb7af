#!/usr/bin/env node
// Size budgets of the built SPA (dist/): first-route JavaScript (the entry module script and the
// modulepreload links of index.html, gzip) <= 100 KB and the service-worker precache <= 2 MB.
// Prints a table; exits 1 when a budget is over. `node scripts/check-budgets.mjs [distDir]`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const KB = 1024;
export const BUDGETS = { firstRouteJsGzip: 100 * KB, precache: 2 * KB * KB };

const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const fmt = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** The JavaScript files index.html loads before the first route renders. */
export function firstRouteScripts(html) {
  const urls = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) urls.add(m[1]);
  return [...urls].map((u) => u.replace(/^\//, ''));
}

/** The files in sw.js's injected precache manifest (self.__WB_MANIFEST). */
export function precacheEntries(swSource) {
  const urls = new Set();
  for (const m of swSource.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}|\{"url":"([^"]+)","revision":(?:"[^"]*"|null)\}/g)) {
    urls.add(m[1] ?? m[2]);
  }
  return [...urls];
}

/** Measures dist/ against the budgets. */
export function measure(dist = path.join(root, 'dist')) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = firstRouteScripts(html).map((f) => ({ file: f, raw: statSync(path.join(dist, f)).size, gzip: gzipSize(path.join(dist, f)) }));
  const sw = path.join(dist, 'sw.js');
  if (!existsSync(sw)) throw new Error(`${sw} is missing: build with vite-plugin-pwa first`);
  const precache = precacheEntries(readFileSync(sw, 'utf8')).map((f) => ({ file: f, raw: statSync(path.join(dist, f)).size }));
  if (scripts.length === 0) throw new Error('index.html loads no module script');
  if (precache.length === 0) throw new Error('sw.js has no precache manifest entries');
  const firstRouteJsGzip = scripts.reduce((s, f) => s + f.gzip, 0);
  // A build run with NODE_ENV≠production ships React's development build (jsx-dev-runtime).
  const developmentBuild = readdirSync(path.join(dist, 'assets')).some((f) => f.startsWith('jsx-dev-runtime'));
  const precacheBytes = precache.reduce((s, f) => s + f.raw, 0);
  return {
    scripts,
    precache,
    developmentBuild,
    rows: [
      { budget: 'First-route JS (gzip)', actual: firstRouteJsGzip, limit: BUDGETS.firstRouteJsGzip, detail: `${scripts.length} files` },
      { budget: 'Precache (raw bytes)', actual: precacheBytes, limit: BUDGETS.precache, detail: `${precache.length} files` },
    ],
  };
}

export function printReport(result) {
  if (result.developmentBuild) console.log('WARNING: dist/ is a development build (React jsx-dev-runtime); rebuild with `npm run build`.\n');
  console.log('First-route scripts:');
  for (const s of result.scripts) console.log(`  ${s.file.padEnd(48)} ${fmt(s.raw).padStart(10)} raw ${fmt(s.gzip).padStart(10)} gzip`);
  console.log('');
  console.log(`| Budget | Actual | Limit | Files | Status |`);
  console.log(`|---|---|---|---|---|`);
  for (const r of result.rows) {
    console.log(`| ${r.budget} | ${fmt(r.actual)} | ${fmt(r.limit)} | ${r.detail} | ${r.actual <= r.limit ? 'OK' : 'OVER'} |`);
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const result = measure(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  printReport(result);
  const over = result.rows.filter((r) => r.actual > r.limit);
  if (over.length > 0) {
    console.error(`\nOver budget: ${over.map((r) => r.budget).join(', ')}`);
    process.exit(1);
  }
}
