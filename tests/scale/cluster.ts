// Several real server processes on one PostgreSQL database, one evidence store and one SMTP
// capture, behind a round-robin proxy on loopback: the deployment shape of ADR 019 (stateless
// instances; shared state only in PostgreSQL and the object store). Each instance is a child
// `node` process running the production entry point; tests can SIGKILL one and restart it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '#server/db/client.ts';
import { startSmtpCapture, type SmtpCapture } from '#tests/mail/smtp-capture.ts';
import { createPostgresDatabase } from '#tests/setup/db.ts';
import { TEST_ADMIN, TEST_DATABASE_URL, WORKER_ID } from '#tests/setup/test-env.ts';
import { startS3Server, type TestS3Server } from '#tests/support/s3-server.ts';
import { SERVER_NODE_OPTIONS } from '../../scripts/build-server.mjs';
import { buildBundle, type Bundle } from '../ops/compiled-server.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

/**
 * The ONE command that runs an instance: the compiled server (scripts/build-server.mjs, ADR 022)
 * under plain Node, as `npm start` runs it in production. Built once per test file.
 */
let bundle: Promise<Bundle> | undefined;
export async function instanceCommand(): Promise<{ command: string; args: string[] }> {
  bundle ??= buildBundle();
  const built = await bundle;
  return { command: process.execPath, args: [...SERVER_NODE_OPTIONS, built.outfile] };
}

/**
 * The ONE place the evidence store of the cluster is configured: one S3-compatible server (a real
 * s3rver behind a SigV4 check, tests/support/s3-server.ts) that every instance uses; each instance
 * has its own DATA_DIR, so nothing is shared through the local disk.
 */
export async function storageEnv(): Promise<{ env: Record<string, string>; s3: TestS3Server; close: () => Promise<void> }> {
  const s3 = await startS3Server();
  return { env: s3.env, s3, close: () => s3.stop() };
}

export interface Instance {
  index: number;
  port: number;
  url: string;
  /** Everything the process wrote to stdout and stderr (its JSON log lines). */
  output: string[];
  child: ChildProcess | null;
  /** How the last process ended (null while running). */
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
}

export interface ClusterOptions {
  instances?: number;
  /** Extra or replacing environment for every instance. */
  env?: Record<string, string>;
  /** An existing database (already prepared by the test) instead of a fresh empty one. */
  database?: { url: string; drop: () => Promise<void> };
  /** Start the instances but do not wait for them (the test waits itself). */
  noWait?: boolean;
}

export interface Cluster {
  /** The proxy's URL (also the instances' APP_URL). */
  url: string;
  proxy: RoundRobinProxy;
  instances: Instance[];
  databaseUrl: string;
  smtp: SmtpCapture;
  /** The shared environment every instance gets (without PORT). */
  env: Record<string, string>;
  /** The S3-compatible server holding every instance's evidence. */
  s3: TestS3Server;
  /** A connection of the test's own to the cluster's database (opened on first use). */
  db(): Promise<Database>;
  waitReady(index: number): Promise<void>;
  /** SIGKILL: no shutdown hook runs, in-flight requests are cut. Resolves when the process is gone. */
  kill(index: number): Promise<void>;
  /** Starts the instance again on the same port and waits until it is ready. */
  restart(index: number): Promise<void>;
  /** Log lines at level error, and any other stderr text (a crash), of every instance so far. */
  errors(): string[];
  stop(): Promise<void>;
}

/**
 * Without a built SPA (`dist/`, made by the build) the static handler of @hono/node-server says so
 * on stderr once per process; that is the checkout, not the server, so it is no error here.
 */
const NO_SPA_BUILT = !existsSync(path.join(ROOT, 'dist/index.html'));
const NO_SPA_MESSAGE = "serveStatic: root path 'dist' is not found";

let databases = 0;

/**
 * An error in an instance's output: a log line at level error, in the logger's text format
 * (server/lib/logger.ts) or as a JSON line, or stderr text that is no log line (a crash).
 */
function isErrorLine(line: string): boolean {
  const err = line.startsWith('stderr: ');
  const text = err ? line.slice('stderr: '.length) : line;
  try {
    const level = (JSON.parse(text) as { level?: string | number }).level;
    return level === 'error' || level === 'fatal' || (typeof level === 'number' && level >= 50);
  } catch {
    const logged = /^\[[^\]]+\] (DEBUG|INFO|WARN|ERROR) /.exec(text);
    return logged ? logged[1] === 'ERROR' : err;
  }
}

/** A new empty database on the TEST_DATABASE_URL server; the harness needs PostgreSQL. */
export function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('tests/scale needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  return createPostgresDatabase(`mvrsp_scale_${process.pid}_w${WORKER_ID}_${++databases}`);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Ready once GET /api/ready answers 200; a tree without that route answers 404, and /api/health is asked instead. */
async function isReady(url: string): Promise<boolean> {
  try {
    const ready = await fetch(`${url}/api/ready`);
    await ready.arrayBuffer();
    if (ready.status !== 404) return ready.status === 200;
    const health = await fetch(`${url}/api/health`);
    await health.arrayBuffer();
    return health.status === 200;
  } catch {
    return false;
  }
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const count = opts.instances ?? 2;
  const database = opts.database ?? (await freshDatabase());
  const smtp = await startSmtpCapture();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mvrsp-scale-'));
  const storage = await storageEnv();
  const instances: Instance[] = [];
  // Port 0: each instance's first start takes a port from the kernel and logs it (a port picked
  // here and passed in could be taken by another test's server before the instance listens).
  // A restart reuses the instance's port, as a load balancer's fixed backend address would.
  for (let index = 0; index < count; index++) instances.push({ index, port: 0, url: '', output: [], child: null, exit: null });
  const proxy = await startRoundRobinProxy(() => instances);
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_URL: proxy.url,
    DATABASE_URL: database.url,
    AUTH_MFA_KEY: 'bXZyc3Atc2NhbGUtdGVzdHMtbWZhLWtleS0zMi1ieXQ=',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'MVRSP Assess <no-reply@mvrsp.test>',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // The proxy is on loopback: per-client budgets see the address it forwards for.
    TRUSTED_PROXIES: '127.0.0.1',
    AUTH_AUTOCONFIRM: 'true',
    LOG_LEVEL: 'info',
    ...storage.env,
    ...opts.env,
  };
  const { command, args } = await instanceCommand();

  const launch = (inst: Instance) => {
    inst.exit = null;
    // Only the cluster's environment: nothing of the test process's leaks into the server's config.
    const child = spawn(command, args, { cwd: ROOT, env: { ...env, PORT: String(inst.port), DATA_DIR: path.join(dataDir, `instance-${inst.index}`) }, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (stream: 'out' | 'err') => (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        inst.output.push(stream === 'err' ? `stderr: ${line}` : line);
        const listening = inst.port === 0 ? /listening on http:\/\/[^:/]+:(\d+)/.exec(line) : null;
        if (listening) {
          inst.port = Number(listening[1]);
          inst.url = `http://127.0.0.1:${inst.port}`;
        }
      }
    };
    child.stdout.on('data', collect('out'));
    child.stderr.on('data', collect('err'));
    child.on('exit', (code, signal) => {
      inst.exit = { code, signal };
      if (inst.child === child) inst.child = null;
    });
    inst.child = child;
  };

  const waitReady = async (index: number) => {
    const inst = instances[index]!;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (inst.port === 0 || !(await isReady(inst.url))) {
      if (inst.exit) throw new Error(`instance ${index} exited (${JSON.stringify(inst.exit)}) before it was ready:\n${inst.output.slice(-30).join('\n')}`);
      if (Date.now() > deadline) throw new Error(`instance ${index} not ready after ${READY_TIMEOUT_MS} ms:\n${inst.output.slice(-30).join('\n')}`);
      await sleep(100);
    }
  };

  const kill = async (index: number) => {
    const child = instances[index]!.child;
    if (!child) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await gone;
  };

  let own: Promise<Database> | undefined;
  const cluster: Cluster = {
    url: proxy.url,
    proxy,
    instances,
    databaseUrl: database.url,
    smtp,
    s3: storage.s3,
    env,
    db: () => (own ??= openDatabase({ databaseUrl: database.url })),
    waitReady,
    kill,
    async restart(index) {
      await kill(index);
      launch(instances[index]!);
      await waitReady(index);
    },
    errors() {
      return instances.flatMap((inst) => inst.output.filter((line) => isErrorLine(line) && !(NO_SPA_BUILT && line.includes(NO_SPA_MESSAGE))));
    },
    async stop() {
      for (const inst of instances) await kill(inst.index);
      await proxy.close();
      await (await own)?.close();
      await smtp.close();
      await storage.close();
      // The bundle lives in build/test-*: removed with the cluster (the next cluster builds again).
      const built = bundle;
      bundle = undefined;
      await (await built)?.remove();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  for (const inst of instances) launch(inst);
  if (!opts.noWait) {
    try {
      await Promise.all(instances.map((inst) => waitReady(inst.index)));
    } catch (err) {
      await cluster.stop();
      throw err;
    }
  }
  return cluster;
}
