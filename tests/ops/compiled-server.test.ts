// The compiled server (build/server/index.js, what `npm start` runs) as a child process: its run-time
// imports, readiness, JSON logs, /metrics, a second start on the same data directory, and graceful
// shutdown on SIGTERM with a request in flight.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { startS3Server } from '#tests/support/s3-server.ts';
import { ROOT, buildBundle, startCompiled, type Bundle, type RunningServer } from './compiled-server.ts';

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const METRICS_TOKEN = 'ops-test-metrics-token-0123456789';

let bundle: Bundle;
beforeAll(async () => {
  bundle = await buildBundle();
});
afterAll(() => bundle?.remove());

describe('the server bundle', () => {
  it('imports at run time only packages listed in "dependencies"', () => {
    expect(bundle.packages.length).toBeGreaterThan(5);
    const missing = bundle.packages.filter((p) => !(p in pkg.dependencies));
    expect(missing).toEqual([]);
    // The text agrees with esbuild's metafile: every bare specifier of a static or dynamic import.
    const code = readFileSync(bundle.outfile, 'utf8');
    const specifiers = [...code.matchAll(/(?:^|\n)\s*import\s[^'"]*?from\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]!);
    const bare = specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('node:'));
    for (const s of bare) expect(bundle.packages).toContain(s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]);
  });

  it('refuses a bad configuration with one JSON line naming the key, and exit code 1', () => {
    const run = spawnSync(process.execPath, [bundle.outfile], { cwd: ROOT, env: { PORT: 'not-a-port', DATA_DIR: tmpdir() }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { level: string; msg: string; issues: string[] };
    expect(entry).toMatchObject({ level: 'error', msg: expect.stringContaining('invalid configuration') });
    expect(entry.issues.join(' ')).toContain('PORT');
  });

  it('needs no build tool at run time', () => {
    for (const tool of ['tsx', 'typescript', 'esbuild', 'vite', 'react', '@vitejs/plugin-react', 'tailwindcss', 'vite-plugin-pwa']) {
      expect(bundle.packages).not.toContain(tool);
      expect(pkg.dependencies).not.toHaveProperty(tool);
    }
  });
});

/** Opens a TCP connection; resolves true when it is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

const metricsText = async (server: RunningServer) =>
  (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();

// One data directory for the whole file (a first start on an empty one takes several seconds): the
// first server is checked and stopped, a second starts on the same directory for the shutdown test.
describe('the compiled server', { timeout: 120_000 }, () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'mvrsp-ops-'));
    // The test talks to the server from loopback as a load balancer would: its X-Request-Id is kept.
    server = await startCompiled(bundle, { dataDir, env: { METRICS_TOKEN, TRUSTED_PROXIES: '127.0.0.1' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers liveness and readiness without caching', async () => {
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'ok', db: 'pglite', auth: 'embedded' });
    const ready = await fetch(`${server.baseUrl}/api/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('logs one JSON object per line, with an access line per request that never carries the query', async () => {
    const secret = 'tok-very-secret-9f1c';
    const res = await fetch(`${server.baseUrl}/auth/v1/verify?token=${secret}&type=signup&redirect_to=x`, { redirect: 'manual', headers: { 'x-request-id': 'ops-req-1' } });
    expect(res.headers.get('x-request-id')).toBe('ops-req-1');
    await expect.poll(() => server.lines.some((l) => l.includes('ops-req-1'))).toBe(true);
    const logs = server.logs(); // throws on a line that is not JSON
    for (const entry of logs) {
      expect(typeof entry.time).toBe('string');
      expect(['debug', 'info', 'warn', 'error']).toContain(entry.level);
      expect(typeof entry.msg).toBe('string');
    }
    const access = logs.filter((l) => l.requestId === 'ops-req-1' && l.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ method: 'GET', route: '/auth/v1/verify', status: res.status });
    expect(typeof access[0]!.durationMs).toBe('number');
    expect(server.lines.join('\n')).not.toContain(secret);
    expect(server.lines.join('\n')).not.toContain('Ops-admin-password-1!');
  });

  it('serves its metrics only with the bearer token', async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(401);
    await fetch(`${server.baseUrl}/api/health`);
    const res = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="2xx"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/ready",status="2xx"\} [1-9]/m);
    expect(text).toMatch(/^queue_depth\{queue="notifications_pending"\} \d+/m);
    expect(text).toMatch(/^queue_depth\{queue="jobs_due"\} \d+/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    // The scheduler's first tick runs every job once at start-up.
    await expect.poll(async () => /^scheduled_job_runs_total\{job="notifications.dispatch",outcome="ok"\} 1$/m.test(await metricsText(server))).toBe(true);
  });

  it('stops on SIGTERM with exit code 0 and starts again on the same data directory', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.logs().map((l) => l.msg)).toContain('stopped');
    server = await startCompiled(bundle, { dataDir, env: { METRICS_TOKEN } });
    expect(server.logs().some((l) => String(l.msg).startsWith('MVRSP Assess listening'))).toBe(true);
    expect(server.lines.join('\n')).not.toContain('created the first system admin');
  });

  it('on SIGTERM finishes the request in flight, refuses new connections and exits 0', async () => {
    // A sign-in whose body is still arriving when SIGTERM comes: in flight, with no delay built
    // into the server.
    const body = JSON.stringify({ email: 'admin@ops.test', password: 'Ops-admin-password-1!' });
    let finish = () => {};
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${server.baseUrl}/auth/v1/token?grant_type=password`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), apikey: EMBEDDED_ANON_KEY } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.flushHeaders();
      req.write(body.slice(0, 10));
      finish = () => req.end(body.slice(10));
    });
    // The server is handling it (this scrape is the other request in flight), then SIGTERM.
    await expect.poll(async () => /^http_requests_in_flight 2$/m.test(await metricsText(server))).toBe(true);
    server.child.kill('SIGTERM');
    await expect.poll(() => server.lines.some((l) => l.includes('"msg":"shutting down"'))).toBe(true);
    await expect.poll(() => refused(server.port)).toBe(true);
    expect(server.child.exitCode).toBeNull(); // still draining the request
    finish();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toHaveProperty('access_token');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.logs().map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
  });
});

// The supported runtime is Node 24 LTS (package.json "engines"); Node 20 reached end of life on
// 30 April 2026 and still runs the server. .ci/run runs this file under both. With object storage
// configured (the AWS SDK checks the Node version when its client is built), a start on Node 22 or
// later logs no warning at all; on Node 20 the only one is the SDK's notice about its own support.
describe('the runtime', { timeout: 120_000 }, () => {
  it('starts without a runtime warning on a supported Node, and names the old one on Node 20', async () => {
    const s3 = await startS3Server();
    const server = await startCompiled(bundle, { env: { ...s3.env, LOG_LEVEL: 'info' } });
    try {
      // One request that uses the store, so a lazily built client exists too.
      expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);
      const warnings = server.logs().filter((l) => l.level === 'warn' && 'warning' in l);
      const major = Number(process.versions.node.split('.')[0]);
      if (major >= 22) {
        expect(warnings).toEqual([]);
      } else {
        expect(warnings.length).toBeGreaterThan(0);
        for (const w of warnings) expect(String(w.msg)).toContain('will require node >=22');
      }
    } finally {
      await server.stop();
      await s3.stop();
    }
  });
});
