#!/usr/bin/env node
// Compiles the server (server/index.ts and everything it imports from domain/ and server/) into one
// ESM file for Node 20 with esbuild, so `npm start` runs plain JavaScript: no TypeScript compiler or
// tsx at run time. Packages stay external (imported from node_modules at run time, which is why they
// are "dependencies" in package.json); the "#domain/*"-style imports (package.json "imports") are
// resolved and bundled at build time. Paths to migrations/ and dist/ are found at run time by
// server/lib/app-root.ts, so the output may live anywhere inside the application directory.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(ROOT, 'build', 'server', 'index.js');
/**
 * The Node flags the compiled server runs with (`npm start`, the tests that start it, the load
 * benchmark). The old-space cap makes V8 collect instead of growing: under a sustained load the
 * server's live heap stays near 50 MB, but without a cap V8 let the heap grow to about 240 MB of
 * mostly garbage (RSS 310-380 MB; BENCHMARKS.md section 1). 192 MB leaves four times the live heap;
 * evidence bytes are Buffers outside this heap. An operator's own --max-old-space-size in
 * NODE_OPTIONS wins.
 */
export const SERVER_NODE_OPTIONS = [
  '--enable-source-maps',
  ...(/--max-old-space-size/.test(process.env.NODE_OPTIONS ?? '') ? [] : ['--max-old-space-size=192']),
];
const SOURCES = ['server', 'domain', 'src/sync', 'package.json', 'package-lock.json'];

/** Newest modification time under `p` (a file or a folder), ignoring node_modules and test files. */
export function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || /\.test(-d)?\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** True when the bundle is missing or older than a server source file. */
export function serverBuildIsStale(outfile = SERVER_OUT) {
  if (!existsSync(outfile)) return true;
  const builtAt = statSync(outfile).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > builtAt);
}

/**
 * Bundles server/index.ts (or another server entry, e.g. the load benchmark's server process) into
 * `outfile` (default build/server/index.js) with a source map.
 * Returns the file and the packages it imports at run time (static and dynamic, from esbuild's
 * metafile), which must all be "dependencies" in package.json (checked by tests/ops/compiled-server.test.ts).
 */
export async function buildServer(outfile = SERVER_OUT, entry = path.join(ROOT, 'server', 'index.ts')) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
  });
  const packages = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imp of output.imports) if (imp.external) packages.add(packageName(imp.path));
  }
  packages.delete(null);
  return { outfile, packages: [...packages].sort() };
}

/** "pdfkit", "@aws-sdk/client-s3/x" → "@aws-sdk/client-s3"; Node built-ins → null. */
export function packageName(specifier) {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { outfile } = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : SERVER_OUT);
  console.log(`Built ${path.relative(ROOT, outfile)}`);
}
