#!/usr/bin/env node
// `npm run bench:start`: start-up time of the compiled server on an existing data directory (PGlite).
// Builds build/server/index.js when stale, prepares a DATA_DIR with one first start (migrations,
// question bank, first admin), then starts the server N more times on it and times each from spawn
// until GET /api/ready answers 200. Target: p50 under 3 s (docs/decisions/022).
//
// Usage: npm run bench:start -- [--runs 5] [--keep] [--bundle FILE (another build, to compare)]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, SERVER_NODE_OPTIONS, SERVER_OUT, serverBuildIsStale } from '../build-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('runs', '5'));
const KEEP = process.argv.includes('--keep');
const BUNDLE = arg('bundle', SERVER_OUT);

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * CPU seconds (user + system) the process has used, from /proc (Linux; null elsewhere). Unlike the
 * wall time it hardly changes when other processes compete for the CPUs.
 */
function cpuSeconds(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** Spawns the compiled server, waits for /api/ready 200, stops it (SIGTERM); returns { ms, cpu } to ready. */
async function startOnce(dataDir) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, BUNDLE], {
    env: { NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let ms;
  let cpu;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited before it was ready');
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status === 200, () => false);
    if (ok) {
      ms = performance.now() - t0;
      cpu = cpuSeconds(child.pid);
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM`);
  return { ms, cpu };
}

if (BUNDLE === SERVER_OUT && serverBuildIsStale()) await buildServer();
const dataDir = mkdtempSync(path.join(tmpdir(), 'mvrsp-bench-start-'));
try {
  const first = await startOnce(dataDir);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await startOnce(dataDir));
  const p50 = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const wall = runs.map((r) => r.ms / 1000);
  const cpu = runs.map((r) => r.cpu).filter((c) => c !== null);
  const f = (s) => `${s.toFixed(2)} s`;
  const cpuCell = (values) => (values.length ? f(p50(values)) : 'n/a');
  console.log(`\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log('| Start | Runs | Wall p50 (min–max) | CPU p50 | Target |');
  console.log('|---|---|---|---|---|');
  console.log(`| First (empty DATA_DIR: migrations, seed, first admin) | 1 | ${f(first.ms / 1000)} | ${first.cpu === null ? 'n/a' : f(first.cpu)} | |`);
  console.log(`| Again on the same DATA_DIR | ${RUNS} | ${f(p50(wall))} (${f(Math.min(...wall))}–${f(Math.max(...wall))}) | ${cpuCell(cpu)} | < 3 s wall |`);
  console.log(`\nEach run (wall): ${wall.map(f).join(', ')}`);
} finally {
  if (KEEP) console.log(`DATA_DIR kept: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
