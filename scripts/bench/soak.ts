// Soak: simulated users in several organizations answer questions (with think time) for a while;
// at the end every acknowledged answer must be in the database (response_history / responses).
import { createOrg, joinOrg, type BenchOrg, type BenchUser } from './load-setup.ts';

export interface SoakResult {
  users: number;
  seconds: number;
  acked: number;
  errors: number;
  lost: number;
  p50: number;
  p99: number;
}

interface Ack { assessmentId: string; questionId: string; version: number; answer: string }
interface DbRow { assessment_id: string; question_id: string; version: number; answer: string }
interface Verifier { request<T>(type: string): Promise<T> }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function userLoop(base: string, user: BenchUser, org: BenchOrg, until: number, acks: Ack[], latencies: number[], errors: string[]) {
  while (Date.now() < until) {
    const questionId = org.questionIds[Math.floor(Math.random() * org.questionIds.length)]!;
    const answer = Math.random() < 0.5 ? 'yes' : 'no';
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/api/assessments/${org.assessmentId}/responses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ questionId, answer }),
      });
      const body = (await res.json()) as { answer?: { version: number; answer: string } };
      latencies.push(performance.now() - t0);
      if (res.status !== 200 || !body.answer) errors.push(`${res.status} ${JSON.stringify(body)}`);
      else acks.push({ assessmentId: org.assessmentId, questionId, version: body.answer.version, answer: body.answer.answer });
    } catch (err) {
      errors.push(String(err));
    }
    await sleep(50 + Math.random() * 150); // think time: a person clicking Yes/No and Next
  }
}

/** Every acknowledged (version, answer) must exist in history, and the newest acknowledged version is current. */
function countLost(acks: Ack[], history: DbRow[], current: DbRow[]): number {
  const key = (a: string, q: string, v?: number) => `${a}|${q}${v === undefined ? '' : `|${v}`}`;
  const hist = new Map(history.map((r) => [key(r.assessment_id, r.question_id, Number(r.version)), r.answer]));
  const cur = new Map(current.map((r) => [key(r.assessment_id, r.question_id), r]));
  const newest = new Map<string, Ack>();
  let lost = 0;
  for (const a of acks) {
    if (hist.get(key(a.assessmentId, a.questionId, a.version)) !== a.answer) lost += 1;
    const k = key(a.assessmentId, a.questionId);
    if ((newest.get(k)?.version ?? -1) < a.version) newest.set(k, a);
  }
  for (const [k, a] of newest) {
    const row = cur.get(k);
    if (!row || Number(row.version) !== a.version || row.answer !== a.answer) lost += 1;
  }
  return lost;
}

export async function runSoak(base: string, verifier: Verifier, opts: { users: number; orgs: number; seconds: number }): Promise<SoakResult> {
  const orgs: BenchOrg[] = [];
  for (let i = 0; i < opts.orgs; i++) orgs.push(await createOrg(base, 1000 + i));
  const users: { user: BenchUser; org: BenchOrg }[] = orgs.map((org) => ({ user: org.admin, org }));
  for (let i = users.length; i < opts.users; i++) {
    const org = orgs[i % orgs.length]!;
    users.push({ user: await joinOrg(base, org.admin, i), org });
  }
  const acks: Ack[] = [];
  const latencies: number[] = [];
  const errors: string[] = [];
  const until = Date.now() + opts.seconds * 1000;
  await Promise.all(users.map(({ user, org }) => userLoop(base, user, org, until, acks, latencies, errors)));
  const soakIds = new Set(orgs.map((o) => o.assessmentId));
  const { rows, current } = await verifier.request<{ rows: DbRow[]; current: DbRow[] }>('history');
  const inSoak = (r: DbRow) => soakIds.has(r.assessment_id);
  if (errors.length > 0) console.error(`soak errors (first 3): ${errors.slice(0, 3).join(' | ')}`);
  latencies.sort((a, b) => a - b);
  return {
    users: users.length,
    seconds: opts.seconds,
    acked: acks.length,
    errors: errors.length,
    lost: countLost(acks, rows.filter(inSoak), current.filter(inSoak)),
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
  };
}
