// `npm run bench:multipart [-- --duration 20 --attackers 4 --probes 300]`
// A member's multipart attack on POST /api/assessments/{id}/responses against the REAL server
// (compiled like `npm start`, child process, PGlite; scripts/bench/load-server.ts): `attackers`
// parallel loops each sending forms of five 24 MB `f.exe` parts, plus one loop sending a 26 MB PDF
// (allowed type, over EVIDENCE_MAX_MB), for `duration` seconds. Meanwhile another client probes
// GET /api/health one request after another. Printed: health p50/p90/p99 without the attack and
// during it (same run), the server's RSS (/proc VmRSS) idle, peak during the attack and after, and
// the answers the attack got.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer, ROOT, SERVER_NODE_OPTIONS } from '../build-server.mjs';
import { sendForm, timedGet, type FormPart } from '#tests/support/multipart-client.ts';
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

    for (let i = 0; i < 50; i++) await timedGet(port, '/api/health'); // warm-up
    const idleRss = vmRss(pid);
    const baseline: number[] = [];
    for (let i = 0; i < Number(args.probes); i++) baseline.push((await timedGet(port, '/api/health')).ms);

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
    const during: number[] = [];
    const healthStatuses = new Set<number>();
    while (Date.now() < until) {
      const r = await timedGet(port, '/api/health');
      during.push(r.ms);
      healthStatuses.add(r.status);
    }
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
