// `npm run bench:load [-- --duration 30 --rate 200 --connections 50 --saturation 15 --sustain 180 --soak 60 --db pglite,postgres]`
// Load benchmark of the REAL server (child process, see load-server.ts), once on PGlite and once on
// PostgreSQL (throwaway database mvrsp_bench, dropped after), on the save-answer route
// (POST /api/assessments/{id}/responses):
//   1. open loop: a constant arrival rate (load-open.ts), latency from the scheduled send time;
//   2. saturation: a closed loop of C connections (autocannon) against the same SQL the route sends
//      per save, captured from the server and replayed with postgres.js at concurrency C
//      (load-replay.ts; PostgreSQL only);
//   3. server RSS from /proc/<pid>/status: idle (fixtures made, no load) and peak under load;
//   4. sustained saturation: the closed loop again for `--sustain` seconds in 30 s windows, then a
//      10 s pause and one more window: the save rate must hold (a driver whose queue degrades,
//      docs/decisions/028-postgres-driver-queue.md, loses a third of it within minutes);
//   then sync push timing and a soak whose every acknowledged answer is checked in the database.
import { readFileSync } from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { buildServer, ROOT, SERVER_NODE_OPTIONS } from '../build-server.mjs';
import { POOL_MAX } from '#server/db/client.ts';
import { autocannon, type CannonResult } from './autocannon.ts';
import { openLoop, type OpenLoopResult, type OpenRequest } from './load-open.ts';
import { runPushTiming, type PushResult } from './load-push.ts';
import { replaySaves, type ReplayResult } from './load-replay.ts';
import type { Captured } from './load-server.ts';
import { createOrg, type BenchOrg } from './load-setup.ts';
import { runSoak, type SoakResult } from './soak.ts';

const { values: args } = parseArgs({
  options: {
    /** Seconds of the open-loop run. */
    duration: { type: 'string', default: '30' },
    /** Arrival rate of the open loop, saves per second. */
    rate: { type: 'string', default: '200' },
    /** Concurrency C of the closed loop and of the SQL replay. */
    connections: { type: 'string', default: '50' },
    /** Seconds of the closed loop and of the SQL replay each. */
    saturation: { type: 'string', default: '15' },
    /** Seconds of sustained saturation (30 s windows, at most 20); 0 skips it. */
    sustain: { type: 'string', default: '180' },
    /** Seconds of the soak; 0 skips it (and the push timing). */
    soak: { type: 'string', default: '60' },
    users: { type: 'string', default: '100' },
    orgs: { type: 'string', default: '10' },
    db: { type: 'string', default: 'pglite,postgres' },
    /** postgres.js pool size of the server (and of the replay); default server/db/client.ts POOL_MAX. */
    pool: { type: 'string', default: String(POOL_MAX) },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    /** Write a V8 CPU profile of the server process to this directory (open it in Chrome DevTools). */
    'cpu-prof': { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const RATE = Number(args.rate);
const CONNECTIONS = Number(args.connections);
const SATURATION = Number(args.saturation);
const SOAK_SECONDS = Number(args.soak);
const SUSTAIN_WINDOW = 30;
/** Windows of sustained saturation: bounded, whatever --sustain says (10 minutes at most). */
const SUSTAIN_WINDOWS = Math.min(20, Math.ceil(Number(args.sustain) / SUSTAIN_WINDOW));
/** The last window (and the one after the pause) must keep this share of the first window's rate. */
const SUSTAIN_HOLD = 0.85;
const SOAK_USERS = Number(args.users);
const ORGS = Number(args.orgs);
const POOL = Number(args.pool);
const BENCH_DB = 'mvrsp_bench';
const TARGET = { p99: 25, ratio: 0.6, rssPostgres: 250, rssPglite: 600 };

interface Child {
  proc: ChildProcess;
  appPort: number;
  request<T>(type: string, reply?: string): Promise<T>;
}

/**
 * The benchmark's server process is compiled like the production server (scripts/build-server.mjs,
 * ADR 022) and runs under plain Node: no tsx loader and no in-memory TypeScript in the figures,
 * and the same heap settings as `npm start` (SERVER_NODE_OPTIONS).
 */
async function compiledServerScript(): Promise<string> {
  const out = path.join(ROOT, 'build', 'bench', 'load-server.js');
  await buildServer(out, path.join(import.meta.dirname, 'load-server.ts'));
  return out;
}

async function startServer(databaseUrl?: string): Promise<Child> {
  const script = await compiledServerScript();
  const execArgv = [...SERVER_NODE_OPTIONS, ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [])];
  const proc = fork(script, [databaseUrl ?? '', String(POOL)], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<string, (msg: any) => void>();
  proc.on('message', (msg: any) => waiting.get(msg.type)?.(msg));
  proc.on('exit', (code) => {
    if (code !== 0) console.error(`bench server exited with code ${code}`);
  });
  const request = <T>(type: string, reply = type) =>
    new Promise<T>((resolve) => {
      waiting.set(reply, resolve as (m: any) => void);
      proc.send({ type });
    });
  const ready = await new Promise<any>((resolve, reject) => {
    waiting.set('ready', resolve);
    proc.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { proc, appPort: ready.appPort, request };
}

/** VmRSS of a process in bytes (Linux /proc). */
function vmRss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** CPU time (user + system) of processes in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // the process ended
    }
  }
  return ticks * 10;
}

/** PostgreSQL backends connected to the bench database (the server's pool, or the replay's). */
async function backendPids(databaseUrl: string | undefined): Promise<number[]> {
  if (!databaseUrl) return [];
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
    return rows.map((r) => r.pid);
  } finally {
    await admin.end();
  }
}

/** CPU spent per save during fn, in ms: server process, PostgreSQL backends, this load generator. */
interface CpuSplit {
  server: number;
  database: number;
  client: number;
}

async function cpuPerSave<T>(serverPid: number | null, databaseUrl: string | undefined, fn: () => Promise<T>, saves: (out: T) => number): Promise<[T, CpuSplit]> {
  // Backends are sampled while fn runs: a connection fn closes at its end is gone from /proc by then.
  const backends = new Map<number, { first: number; last: number }>();
  const sample = (pids: number[]) => {
    for (const pid of pids) {
      const now = cpuMs([pid]);
      const seen = backends.get(pid);
      if (!seen) backends.set(pid, { first: now, last: now });
      else if (now >= seen.last) seen.last = now;
    }
  };
  let known = await backendPids(databaseUrl);
  sample(known);
  const s0 = serverPid ? cpuMs([serverPid]) : 0;
  const c0 = process.cpuUsage();
  let polling = false;
  const poll = setInterval(() => {
    if (polling) return;
    polling = true;
    void backendPids(databaseUrl)
      .then((p) => {
        for (const pid of p) if (!known.includes(pid)) backends.set(pid, { first: 0, last: cpuMs([pid]) }); // new: counted from its start
        known = [...new Set([...known, ...p])];
      })
      .finally(() => (polling = false));
  }, 1000);
  const fast = setInterval(() => sample(known), 200);
  let out: T;
  try {
    out = await fn();
  } finally {
    clearInterval(poll);
    clearInterval(fast);
  }
  sample(known);
  const c = process.cpuUsage(c0);
  const n = Math.max(1, saves(out));
  const database = [...backends.values()].reduce((sum, b) => sum + (b.last - b.first), 0);
  return [out, { server: serverPid ? (cpuMs([serverPid]) - s0) / n : 0, database: database / n, client: (c.user + c.system) / 1000 / n }];
}

/** Runs fn while sampling the child's RSS every 100 ms; returns fn's result and the peak. */
async function sampled<T>(child: Child, fn: () => Promise<T>): Promise<[T, number]> {
  const pid = child.proc.pid!;
  let peak = vmRss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, vmRss(pid))), 100);
  try {
    const out = await fn();
    return [out, Math.max(peak, vmRss(pid))];
  } finally {
    clearInterval(timer);
  }
}

/**
 * Save requests over the organizations and their questions in turn; each (assessment, question)
 * alternates 'yes' and 'no', so every save writes a new version (no same-value no-ops).
 */
function saveRequests(orgs: BenchOrg[]) {
  const last = new Map<string, string>();
  return (n: number): OpenRequest => {
    const org = orgs[n % orgs.length]!;
    const questionId = org.questionIds[Math.floor(n / orgs.length) % org.questionIds.length]!;
    const key = `${org.assessmentId}|${questionId}`;
    const answer = last.get(key) === 'yes' ? 'no' : 'yes';
    last.set(key, answer);
    return {
      path: `/api/assessments/${org.assessmentId}/responses`,
      headers: { authorization: `Bearer ${org.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ questionId, answer }),
    };
  };
}

let reported = 0;
const reportError = (what: string) => (status: number, detail: string) => {
  if (reported++ < 5) console.error(`${what}: status ${status} ${detail.slice(0, 300)}`);
};

function closedLoop(port: number, next: (n: number) => OpenRequest, seconds = SATURATION) {
  let n = 0;
  const onError = reportError('closed loop');
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({ ...req, ...next(n++) }),
        onResponse: (status, body) => {
          if (status >= 300) onError(status, body);
        },
      },
    ],
  });
}

interface Sustained {
  /** Saves per second in each SUSTAIN_WINDOW-second window of the closed loop. */
  windows: number[];
  afterPause: number;
  errors: number;
}

/** Whether the rate held: the last window and the one after the pause keep SUSTAIN_HOLD of the first. */
const held = (s: Sustained) => Math.min(s.windows.at(-1)!, s.afterPause) >= SUSTAIN_HOLD * s.windows[0]!;

/** The closed loop for SUSTAIN_WINDOWS windows back to back, a 10 s pause, then one more window. */
async function sustained(label: string, port: number, next: (n: number) => OpenRequest): Promise<Sustained> {
  const windows: number[] = [];
  let errors = 0;
  const window = async () => {
    const r = await closedLoop(port, next, SUSTAIN_WINDOW);
    errors += r.errors + r.timeouts + r.non2xx;
    return r.requests.total / r.duration;
  };
  for (let i = 0; i < SUSTAIN_WINDOWS; i++) {
    windows.push(await window());
    console.error(`[${label}] sustained ${(i + 1) * SUSTAIN_WINDOW} s: ${windows.at(-1)!.toFixed(0)} saves/s`);
  }
  await sleep(10_000);
  const afterPause = await window();
  console.error(`[${label}] after a 10 s pause: ${afterPause.toFixed(0)} saves/s`);
  return { windows, afterPause, errors };
}

/** The statements the server sends for `count` sequential saves, one list per save. */
async function captureSaves(child: Child, next: (n: number) => OpenRequest, from: number, count: number): Promise<Captured[][]> {
  const saves: Captured[][] = [];
  for (let i = 0; i < count; i++) {
    await child.request('capture-start');
    const req = next(from + i);
    const res = await fetch(`http://127.0.0.1:${child.appPort}${req.path}`, { method: 'POST', headers: req.headers, body: req.body });
    if (res.status !== 200) throw new Error(`capture save: ${res.status} ${await res.text()}`);
    saves.push((await child.request<{ statements: Captured[] }>('capture-stop')).statements);
  }
  return saves;
}

interface RunResult {
  label: string;
  idleRss: number;
  open: OpenLoopResult;
  openRss: number;
  openCpu: CpuSplit;
  closed: CannonResult;
  closedRss: number;
  closedCpu: CpuSplit;
  replay?: ReplayResult;
  replayCpu?: CpuSplit;
  statements?: string[];
  push?: PushResult;
  soak?: SoakResult;
  soakRss?: number;
  sustained?: Sustained;
  memory: Record<string, number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runOne(label: string, databaseUrl?: string): Promise<RunResult> {
  console.error(`\n[${label}] starting server...`);
  const child = await startServer(databaseUrl);
  try {
    const base = `http://127.0.0.1:${child.appPort}`;
    const orgs: BenchOrg[] = [];
    for (let i = 0; i < ORGS; i++) orgs.push(await createOrg(base, i));
    await sleep(2000);
    const idleRss = vmRss(child.proc.pid!);
    const next = saveRequests(orgs);
    let n = 0;
    const nextSave = () => next(n++);
    console.error(`[${label}] ${orgs.length} organizations ready, idle RSS ${mb(idleRss)}; warm-up 3 s at ${RATE}/s`);
    await openLoop({ port: child.appPort, rate: RATE, seconds: 3, next: nextSave });
    let replay: ReplayResult | undefined;
    let replayCpu: CpuSplit | undefined;
    let saves: Captured[][] | undefined;
    if (databaseUrl) saves = await captureSaves(child, next, (n += 1000), Math.max(2 * CONNECTIONS, 100));
    n += 1000;
    console.error(`[${label}] open loop: ${RATE} saves/s for ${DURATION} s`);
    const pid = child.proc.pid!;
    const [[open, openCpu], openRss] = await sampled(child, () =>
      cpuPerSave(pid, databaseUrl, () => openLoop({ port: child.appPort, rate: RATE, seconds: DURATION, next: nextSave, onError: (s) => reportError('open loop')(s, '') }), (r) => r.count),
    );
    console.error(`[${label}] closed loop: ${CONNECTIONS} connections for ${SATURATION} s`);
    const [[closed, closedCpu], closedRss] = await sampled(child, () => cpuPerSave(pid, databaseUrl, () => closedLoop(child.appPort, nextSave), (r) => r.requests.total));
    if (databaseUrl && saves) {
      console.error(`[${label}] replay of the route's SQL: concurrency ${CONNECTIONS}, pool ${POOL}, ${SATURATION} s`);
      [replay, replayCpu] = await cpuPerSave(null, databaseUrl, () => replaySaves(databaseUrl, saves, { concurrency: CONNECTIONS, poolMax: POOL, seconds: SATURATION }), (r) => r.count);
    }
    let sustainedRun: Sustained | undefined;
    if (SUSTAIN_WINDOWS > 0) {
      console.error(`[${label}] sustained saturation: ${CONNECTIONS} connections, ${SUSTAIN_WINDOWS} × ${SUSTAIN_WINDOW} s, a pause, ${SUSTAIN_WINDOW} s more`);
      sustainedRun = await sustained(label, child.appPort, nextSave);
    }
    let push: PushResult | undefined;
    let soak: SoakResult | undefined;
    let soakRss: number | undefined;
    if (SOAK_SECONDS > 0) {
      console.error(`[${label}] sync push timing (sequential)`);
      push = await runPushTiming(base, orgs);
      console.error(`[${label}] soak: ${SOAK_USERS} users, ${SOAK_SECONDS} s`);
      [soak, soakRss] = await sampled(child, () => runSoak(base, child, { users: SOAK_USERS, orgs: ORGS, seconds: SOAK_SECONDS }));
    }
    const memory = await child.request<Record<string, number>>('memory');
    const statements = saves?.[0]?.map((s) => s.query.replace(/\s+/g, ' ').slice(0, 120));
    return { label, idleRss, open, openRss, openCpu, closed, closedRss, closedCpu, replay, replayCpu, statements, push, soak, soakRss, sustained: sustainedRun, memory };
  } finally {
    await child.request('stop', 'stopped');
  }
}

async function withBenchDatabase<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.unsafe(`create database ${BENCH_DB}`);
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.end();
  }
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const ok = (good: boolean) => (good ? '✅' : '❌');

function report(results: RunResult[]) {
  const lines = [
    `Open loop: ${RATE} saves/s × ${DURATION} s. Closed loop and SQL replay: concurrency ${CONNECTIONS} × ${SATURATION} s; server pool ${POOL}.`,
    '',
    '| Database | Open loop p50 | p90 | p99 | max | Errors | Achieved rate | Peak in flight | RSS idle | RSS peak under load |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const o = r.open;
    const peak = Math.max(r.openRss, r.closedRss, r.soakRss ?? 0);
    lines.push(`| ${r.label} | ${ms(o.p50)} | ${ms(o.p90)} | ${ms(o.p99)} | ${ms(o.max)} | ${o.errors} | ${o.achievedRate.toFixed(1)}/s | ${o.peakInFlight} (pool ${o.poolSize}) | ${mb(r.idleRss)} | ${mb(peak)} |`);
  }
  lines.push('', '| Database | Closed-loop saves/s | p50 | p99 | Errors / non-2xx | SQL replay saves/s (statements per save) | replay p50 / p99 | Ratio HTTP / SQL |', '|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const c = r.closed;
    const rp = r.replay;
    const replay = rp ? `${rp.rate.toFixed(0)} (${rp.statementsPerSave}) | ${ms(rp.p50)} / ${ms(rp.p99)} | ${(c.requests.average / rp.rate).toFixed(2)}` : 'n/a | n/a | n/a';
    lines.push(`| ${r.label} | ${c.requests.average.toFixed(0)} | ${ms(c.latency.p50)} | ${ms(c.latency.p99)} | ${c.errors + c.timeouts} / ${c.non2xx} | ${replay} |`);
  }
  lines.push('', '| Database | Open-loop p99 ≤ 25 ms | Errors = 0 | Ratio ≥ 0.6 | RSS peak |', '|---|---|---|---|---|');
  for (const r of results) {
    const errs = r.open.errors + r.closed.errors + r.closed.timeouts + r.closed.non2xx;
    const ratio = r.replay ? r.closed.requests.average / r.replay.rate : NaN;
    const rssTarget = r.label === 'PGlite' ? TARGET.rssPglite : TARGET.rssPostgres;
    const peak = Math.max(r.openRss, r.closedRss, r.soakRss ?? 0);
    lines.push(
      `| ${r.label} | ${ms(r.open.p99)} ${ok(r.open.p99 <= TARGET.p99)} | ${errs} ${ok(errs === 0)} | ${Number.isNaN(ratio) ? 'n/a' : `${ratio.toFixed(2)} ${ok(ratio >= TARGET.ratio)}`} | ${mb(peak)} (≤ ${rssTarget} MB) ${ok(peak <= rssTarget * 1024 * 1024)} |`,
    );
  }
  lines.push('', '| Database | Phase | CPU per save: server | PostgreSQL backends | load generator |', '|---|---|---|---|---|');
  const cpu = (c: CpuSplit, db: boolean) => `${c.server.toFixed(2)} ms | ${db ? `${c.database.toFixed(2)} ms` : 'in the server'} | ${c.client.toFixed(2)} ms`;
  for (const r of results) {
    const db = r.label !== 'PGlite';
    lines.push(`| ${r.label} | open loop ${RATE}/s | ${cpu(r.openCpu, db)} |`, `| ${r.label} | closed loop C=${CONNECTIONS} | ${cpu(r.closedCpu, db)} |`);
    if (r.replayCpu) lines.push(`| ${r.label} | SQL replay C=${CONNECTIONS} | none | ${r.replayCpu.database.toFixed(2)} ms | ${r.replayCpu.client.toFixed(2)} ms (postgres.js) |`);
  }
  for (const r of results) {
    if (r.statements) lines.push('', `${r.label}: statements per save (captured with postgres.js debug):`, ...r.statements.map((s, i) => `${i + 1}. \`${s}…\``));
    const m = r.memory;
    lines.push('', `${r.label} server memory at the end: rss ${mb(m.rss ?? 0)}, heapUsed ${mb(m.heapUsed ?? 0)}, heapTotal ${mb(m.heapTotal ?? 0)}, external ${mb(m.external ?? 0)}, arrayBuffers ${mb(m.arrayBuffers ?? 0)}`);
  }
  const sustainedRuns = results.filter((r) => r.sustained?.windows.length);
  if (sustainedRuns.length > 0) {
    lines.push('', `| Database | Sustained saturation, saves/s per ${SUSTAIN_WINDOW} s window (C=${CONNECTIONS}) | After a 10 s pause | Errors | Holds ≥ ${SUSTAIN_HOLD * 100}% of the first window |`, '|---|---|---|---|---|');
    for (const r of sustainedRuns) {
      const s = r.sustained!;
      lines.push(`| ${r.label} | ${s.windows.map((w) => w.toFixed(0)).join(' → ')} | ${s.afterPause.toFixed(0)} | ${s.errors} ${ok(s.errors === 0)} | ${ok(held(s))} |`);
    }
  }
  const soaked = results.filter((r) => r.soak && r.push);
  if (soaked.length > 0) {
    lines.push('', '| Database | Soak users | Answers acknowledged | Answers/s | p50 | p99 | Errors | Lost | RSS peak |', '|---|---|---|---|---|---|---|---|---|');
    for (const r of soaked) {
      const s = r.soak!;
      lines.push(`| ${r.label} | ${s.users} | ${s.acked} | ${(s.acked / s.seconds).toFixed(0)} | ${ms(s.p50)} | ${ms(s.p99)} | ${s.errors} ${ok(s.errors === 0)} | ${s.lost} ${ok(s.lost === 0)} | ${mb(r.soakRss ?? 0)} |`);
    }
    lines.push('', '| Database | Sync push of one full batch (p50 / max) | Drain of queued answers (median / max) |', '|---|---|---|');
    for (const r of soaked) {
      const p = r.push!;
      const drains = [...p.drainMs].sort((a, b) => a - b);
      lines.push(`| ${r.label} | ${p.batch} answers: ${ms(p.p50)} / ${ms(p.max)} (${p.pushes} pushes) | ${p.drainAnswers} answers: ${ms(drains[Math.floor(drains.length / 2)] ?? 0)} / ${ms(drains[drains.length - 1] ?? 0)} (${drains.length} drains) |`);
    }
  }
  console.log(lines.join('\n'));
}

async function main() {
  const dbs = args.db.split(',').map((s) => s.trim());
  const results: RunResult[] = [];
  if (dbs.includes('pglite')) results.push(await runOne('PGlite'));
  if (dbs.includes('postgres')) results.push(await withBenchDatabase(args['pg-url'], (url) => runOne('PostgreSQL', url)));
  report(results);
  const failed = results.some((r) => (r.soak && (r.soak.errors > 0 || r.soak.lost > 0)) || r.open.errors > 0 || (r.sustained?.windows.length && !held(r.sustained)));
  process.exit(failed ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
