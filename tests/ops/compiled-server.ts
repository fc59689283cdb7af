// Runs the compiled server (scripts/build-server.mjs) as a child process, as `npm start` does: plain
// Node, no tsx. Each test file builds its own bundle once into build/test-<id>/ (inside the app
// directory, where server/lib/app-root.ts finds migrations/), so parallel files never race on one.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, SERVER_NODE_OPTIONS } from '../../scripts/build-server.mjs';
import { freePort } from '../e2e/harness.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Bundle {
  outfile: string;
  packages: string[];
  remove(): Promise<void>;
}

export async function buildBundle(): Promise<Bundle> {
  const dir = path.join(ROOT, 'build', `test-${process.pid}-${randomBytes(4).toString('hex')}`);
  const { outfile, packages } = await buildServer(path.join(dir, 'index.js'));
  return { outfile, packages, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  dataDir: string;
  /** Every stdout/stderr line so far. */
  lines: string[];
  /** Parsed JSON log lines (lines that are not JSON fail the test that checks them). */
  logs(): Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data directory (a second start); default a new temp one, removed by stop(). */
  dataDir?: string;
}

/** Spawns `node <bundle>` and resolves once GET /api/ready answers 200. */
export async function startCompiled(bundle: Bundle, opts: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'mvrsp-ops-')));
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, bundle.outfile], {
    cwd: ROOT,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@ops.test',
      ADMIN_PASSWORD: 'Ops-admin-password-1!',
      LOG_LEVEL: 'info',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffered = '';
  const collect = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    child,
    port,
    baseUrl,
    dataDir,
    lines,
    logs: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  let done = false;
  void exited.then(() => (done = true));
  for (;;) {
    if (done) throw new Error(`the compiled server exited before it was ready:\n${lines.join('\n')}`);
    const ok = await fetch(`${baseUrl}/api/ready`).then((r) => r.status === 200, () => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 50));
  }
}
