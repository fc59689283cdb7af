#!/usr/bin/env node
// `npm start`: builds the SPA (dist/) and the server bundle (build/server/index.js) when missing or
// older than their sources, then runs the compiled server with plain Node: no TypeScript compiler
// or tsx at run time (docs/decisions/022-production-server-and-operations.md). SIGINT/SIGTERM are
// passed to the server, which shuts down gracefully; this process exits with the server's code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, newestMtime, SERVER_NODE_OPTIONS, SERVER_OUT, serverBuildIsStale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['src', 'worker', 'domain', 'public', 'index.html', 'vite.config.ts', 'package.json'];

export function buildIsStale() {
  const built = path.join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

export function buildSpa() {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('vite build failed');
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (buildIsStale()) {
    console.log('Building the web app (dist/ is missing or out of date)...');
    buildSpa();
  }
  if (serverBuildIsStale()) {
    console.log('Building the server (build/server/ is missing or out of date)...');
    await buildServer();
  }
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_OUT], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
