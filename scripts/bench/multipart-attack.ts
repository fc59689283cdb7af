// `npm run bench:multipart [-- --duration 20 --attackers 4 --probes 300]`
// A member's multipart attack on POST /api/assessments/{id}/responses against the REAL server
// (compiled like `npm start`, child process, PGlite; scripts/bench/load-server.ts): `attackers`
// parallel loops each sending forms of five 24 MB `f.exe` parts, plus one loop sending a 26 MB PDF
// (allowed type, over EVIDENCE_MAX_MB), for `duration` seconds. Meanwhile another client (a worker
// thread with its own event loop, so the attack's writes do not delay its timer) probes
// GET /api/health one request after another. Printed: health p50/p90/p99 without the attack and
// during it (same run), the server's RSS (/proc VmRSS) idle, peak during the attack and after, and
// the answers the attack got.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { buildServer, ROOT, SERVER_NODE_OPTIONS } from '../build-server.mjs';
import { sendForm, type FormPart } from '#tests/support/multipart-client.ts';
import { createOrg } from './load-setup.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    attackers: { type: 'string', default: '4' },
    probes: { type: 'string', default: '300' },
  },
});
const MB = 1024 * 1024;

function vmRss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p90: pct(s, 90), p99: pct(s, 99), max: s[s.length - 1] ?? NaN };
};
const fmt = (x: number) => x.toFixed(1);

/** GET /api/health one after another for `ms` (or `count` times) from a worker thread; latencies in ms and the statuses seen. */
function probeHealth(port: number, opts: { ms?: number; count?: number }): Promise<{ latencies: number[]; statuses: number[] }> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      const { port, ms, count } = workerData;
      const until = ms ? Date.now() + ms : Infinity;
      const latencies = [], statuses = new Set();
      for (let i = 0; (count ? i < count : true) && Date.now() < until; i++) {
        const t = performance.now();
        const res = await fetch('http://127.0.0.1:' + port + '/api/health');
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        statuses.add(res.status);
      }
      parentPort.postMessage({ latencies, statuses: [...statuses] });
    })();`;
  const worker = new Worker(source, { eval: true, workerData: { port, ...opts } });
  return new Promise((resolve, reject) => {
    worker.once('message', (m: { latencies: number[]; statuses: number[] }) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

async function main() {
  const script = path.join(ROOT, 'build', 'bench', 'load-server.js');
  await buildServer(script, path.join(import.meta.dirname, 'load-server.ts'));
  const proc = fork(script, ['', ''], { execArgv: [...SERVER_NODE_OPTIONS], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<{ appPort: number }>((resolve, reject) => {
    proc.on('message', (msg: { type: string; appPort: number }) => msg.type === 'ready' && resolve(msg));
    proc.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const port = ready.appPort;
  const pid = proc.pid!;
  try {
    const org = await createOrg(`http://127.0.0.1:${port}`, 1);
    const fields: FormPart[] = [
      { name: 'questionId', head: org.questionIds[0]! },
      { name: 'answer', head: 'yes' },
    ];
    const exeForm: FormPart[] = [...fields, ...Array.from({ length: 5 }, (_, i) => ({ name: `evidence_${i}`, filename: 'f.exe', type: 'application/x-msdownload', head: 'MZ', size: 24 * MB }))];
    const bigPdf: FormPart[] = [...fields, { name: 'evidence_0', filename: 'big.pdf', type: 'application/pdf', head: '%PDF-1.7\n', size: 26 * MB }];
    const send = (parts: FormPart[]) => sendForm({ port, path: `/api/assessments/${org.assessmentId}/responses`, token: org.admin.token, parts });

    await probeHealth(port, { count: 50 }); // warm-up
    const idleRss = vmRss(pid);
    const baseline = (await probeHealth(port, { count: Number(args.probes) })).latencies;

    const until = Date.now() + Number(args.duration) * 1000;
    const answers = new Map<string, number>();
    let sentBytes = 0;
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, vmRss(pid))), 50);
    const attacker = async (form: FormPart[]) => {
      while (Date.now() < until) {
        const res = await send(form);
        sentBytes += res.written;
        const key = `${res.status} ${res.body.code ?? ''}`;
        answers.set(key, (answers.get(key) ?? 0) + 1);
      }
    };
    const attacking = Promise.all([...Array.from({ length: Number(args.attackers) }, () => attacker(exeForm)), attacker(bigPdf)]);
    const probed = await probeHealth(port, { ms: until - Date.now() });
    const during = probed.latencies;
    const healthStatuses = probed.statuses;
    await attacking;
    clearInterval(sampler);
    const afterRss = vmRss(pid);

    const b = summary(baseline);
    const d = summary(during);
    console.log(`\nmultipart attack: ${args.attackers} loops of 5 × 24 MB f.exe forms + 1 loop of a 26 MB PDF, ${args.duration} s (server PID ${pid}, PGlite)`);
    console.log(`health without attack: n=${b.n} p50=${fmt(b.p50)} ms p90=${fmt(b.p90)} ms p99=${fmt(b.p99)} ms max=${fmt(b.max)} ms`);
    console.log(`health during attack:  n=${d.n} p50=${fmt(d.p50)} ms p90=${fmt(d.p90)} ms p99=${fmt(d.p99)} ms max=${fmt(d.max)} ms (statuses ${[...healthStatuses].join(',')})`);
    console.log(`server RSS: idle ${fmt(idleRss / MB)} MB, peak during attack ${fmt(peakRss / MB)} MB, after ${fmt(afterRss / MB)} MB`);
    console.log(`attack answers: ${[...answers].map(([k, n]) => `${k} ×${n}`).join(', ')}; ${fmt(sentBytes / MB)} MB sent before the answers`);
  } finally {
    proc.kill();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
