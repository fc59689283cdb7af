// `npm run bench:load [-- --duration 30 --connections 50 --soak 60 --users 100 --db pglite,postgres]`
// Load benchmark of the REAL server (child process, see load-server.ts), once on PGlite and once on
// PostgreSQL (throwaway database mvrsp_bench, dropped after): autocannon on the save-answer route
// and on a bare Hono JSON route in the same process, then a soak of simulated users whose every
// acknowledged answer is checked in the database at the end.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { autocannon, type CannonResult } from './autocannon.ts';
import { runPushTiming, type PushResult } from './load-push.ts';
import { createOrg, type BenchOrg } from './load-setup.ts';
import { runSoak, type SoakResult } from './soak.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
    soak: { type: 'string', default: '60' },
    users: { type: 'string', default: '100' },
    orgs: { type: 'string', default: '10' },
    db: { type: 'string', default: 'pglite,postgres' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    /** Write a V8 CPU profile of the server process to this directory (open it in Chrome DevTools). */
    'cpu-prof': { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const SOAK_SECONDS = Number(args.soak);
const SOAK_USERS = Number(args.users);
const ORGS = Number(args.orgs);
const BENCH_DB = 'mvrsp_bench';

interface Child {
  proc: ChildProcess;
  appPort: number;
  barePort: number;
  request<T>(type: string, reply?: string): Promise<T>;
}

async function startServer(databaseUrl?: string): Promise<Child> {
  const script = path.join(import.meta.dirname, 'load-server.ts');
  const proc = fork(script, databaseUrl ? [databaseUrl] : [], { execArgv: ['--import', 'tsx', ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [])], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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
  return { proc, appPort: ready.appPort, barePort: ready.barePort, request };
}

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** (a) POST /api/assessments/{id}/responses, rotating organization, question and answer per request. */
function saveAnswerLoad(base: string, orgs: BenchOrg[]) {
  let n = 0;
  let reported = 0;
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const org = orgs[n++ % orgs.length]!;
          return {
            ...req,
            path: `/api/assessments/${org.assessmentId}/responses`,
            headers: { authorization: `Bearer ${org.admin.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ questionId: pick(org.questionIds), answer: Math.random() < 0.5 ? 'yes' : 'no' }),
          };
        },
        onResponse: (status, body) => {
          if (status >= 300 && reported++ < 5) console.error(`save answer: non-2xx ${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  });
}

interface Rss { peak: number; mean: number }
interface RunResult { label: string; push: PushResult; save: CannonResult; bare: CannonResult; saveRss: Rss; bareRss: Rss; soak: SoakResult; soakRss: Rss }

async function measured<T>(child: Child, fn: () => Promise<T>): Promise<[T, Rss]> {
  await child.request('rss-reset');
  const out = await fn();
  return [out, await child.request<Rss>('rss')];
}

async function runOne(label: string, databaseUrl?: string): Promise<RunResult> {
  console.error(`\n[${label}] starting server...`);
  const child = await startServer(databaseUrl);
  try {
    const base = `http://127.0.0.1:${child.appPort}`;
    const orgs: BenchOrg[] = [];
    for (let i = 0; i < ORGS; i++) orgs.push(await createOrg(base, i));
    console.error(`[${label}] ${orgs.length} organizations ready; warm-up 3 s`);
    await autocannon({ url: `http://127.0.0.1:${child.barePort}/bench/bare`, connections: 10, duration: 3 });
    console.error(`[${label}] sync push timing (sequential)`);
    const push = await runPushTiming(base, orgs);
    console.error(`[${label}] save-answer: ${CONNECTIONS} connections, ${DURATION} s`);
    const [save, saveRss] = await measured(child, () => saveAnswerLoad(base, orgs));
    console.error(`[${label}] bare Hono route: ${CONNECTIONS} connections, ${DURATION} s`);
    const [bare, bareRss] = await measured(child, () =>
      autocannon({ url: `http://127.0.0.1:${child.barePort}/bench/bare`, connections: CONNECTIONS, duration: DURATION }),
    );
    console.error(`[${label}] soak: ${SOAK_USERS} users, ${SOAK_SECONDS} s`);
    const [soak, soakRss] = await measured(child, () => runSoak(base, child, { users: SOAK_USERS, orgs: ORGS, seconds: SOAK_SECONDS }));
    return { label, push, save, bare, saveRss, bareRss, soak, soakRss };
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
const rps = (r: CannonResult) => r.requests.average.toFixed(0);
const bad = (r: CannonResult) => `${r.errors + r.timeouts} / ${r.non2xx}`;

function report(results: RunResult[]) {
  const lines = [
    `Load: ${CONNECTIONS} connections × ${DURATION} s per route; soak: ${SOAK_USERS} users in ${ORGS} organizations × ${SOAK_SECONDS} s.`,
    '',
    '| Database | Route | Requests/s | p50 | p99 | Errors / non-2xx | Server RSS (mean / peak) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    lines.push(`| ${r.label} | save answer (POST /api/assessments/{id}/responses) | ${rps(r.save)} | ${ms(r.save.latency.p50)} | ${ms(r.save.latency.p99)} | ${bad(r.save)} | ${mb(r.saveRss.mean)} / ${mb(r.saveRss.peak)} |`);
    lines.push(`| ${r.label} | bare Hono JSON (same process) | ${rps(r.bare)} | ${ms(r.bare.latency.p50)} | ${ms(r.bare.latency.p99)} | ${bad(r.bare)} | ${mb(r.bareRss.mean)} / ${mb(r.bareRss.peak)} |`);
  }
  lines.push('', '| Database | Ratio save/bare (target ≥ 0.5) | Save p99 (target ≤ 25 ms) | Errors (target 0) |', '|---|---|---|---|');
  for (const r of results) {
    const ratio = r.save.requests.average / r.bare.requests.average;
    const errs = r.save.errors + r.save.timeouts + r.save.non2xx;
    lines.push(`| ${r.label} | ${ratio.toFixed(2)} ${ratio >= 0.5 ? '✅' : '❌'} | ${ms(r.save.latency.p99)} ${r.save.latency.p99 <= 25 ? '✅' : '❌'} | ${errs} ${errs === 0 ? '✅' : '❌'} |`);
  }
  lines.push('', '| Database | Soak users | Answers acknowledged | Answers/s | p50 | p99 | Errors | Lost (acknowledged but not in DB) | Server RSS (mean / peak) |', '|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const s = r.soak;
    lines.push(`| ${r.label} | ${s.users} | ${s.acked} | ${(s.acked / s.seconds).toFixed(0)} | ${ms(s.p50)} | ${ms(s.p99)} | ${s.errors} ${s.errors === 0 ? '✅' : '❌'} | ${s.lost} ${s.lost === 0 ? '✅' : '❌'} | ${mb(r.soakRss.mean)} / ${mb(r.soakRss.peak)} |`);
  }
  lines.push('', '| Database | Sync push of one full batch (p50 / max) | Drain of queued answers in consecutive pushes (median / max) |', '|---|---|---|');
  for (const r of results) {
    const p = r.push;
    const drains = [...p.drainMs].sort((a, b) => a - b);
    lines.push(`| ${r.label} | ${p.batch} answers: ${ms(p.p50)} / ${ms(p.max)} (${p.pushes} pushes) | ${p.drainAnswers} answers: ${ms(drains[Math.floor(drains.length / 2)] ?? 0)} / ${ms(drains[drains.length - 1] ?? 0)} (${drains.length} drains) |`);
  }
  console.log(lines.join('\n'));
}

async function main() {
  const dbs = args.db.split(',').map((s) => s.trim());
  const results: RunResult[] = [];
  if (dbs.includes('pglite')) results.push(await runOne('PGlite'));
  if (dbs.includes('postgres')) results.push(await withBenchDatabase(args['pg-url'], (url) => runOne('PostgreSQL', url)));
  report(results);
  const failed = results.some((r) => r.soak.errors > 0 || r.soak.lost > 0);
  process.exit(failed ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
