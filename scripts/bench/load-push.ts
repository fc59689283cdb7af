// Sync push timing for the load benchmark: how long the server takes to apply a full outbox batch
// (POST /api/sync/push with MAX_PUSH_BATCH answer.set mutations), and to drain 140 queued answers
// in consecutive pushes, as the browser does after a long offline stretch. Sequential, idle server.
import { randomUUID } from 'node:crypto';
import { MAX_PUSH_BATCH } from '#domain/contracts/sync-limits.ts';
import type { BenchOrg } from './load-setup.ts';

export interface PushResult {
  batch: number;
  pushes: number;
  p50: number;
  max: number;
  drainAnswers: number;
  drainMs: number[];
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

let flip = 0;
/** `count` unconditional answer.set mutations over the organization's questions (one per question per push). */
function answers(org: BenchOrg, count: number) {
  flip += 1;
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    kind: 'answer.set',
    assessmentId: org.assessmentId,
    payload: { questionId: org.questionIds[i % org.questionIds.length]!, value: (i + flip) % 2 === 0 ? 'yes' : 'no' },
    baseVersion: null,
    clientTs: Date.now(),
  }));
}

async function push(base: string, org: BenchOrg, mutations: unknown[]): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/sync/push`, {
    method: 'POST',
    headers: { authorization: `Bearer ${org.admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'bench', pendingCount: mutations.length, mutations }),
  });
  const body = (await res.json()) as { results?: Array<{ status: string }> };
  const ms = performance.now() - t0;
  const applied = body.results?.filter((r) => r.status === 'applied').length ?? 0;
  if (res.status !== 200 || applied !== mutations.length) throw new Error(`push failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return ms;
}

/** `rounds` full pushes (rotating organizations), then `drains` times 140 answers in consecutive pushes. */
export async function runPushTiming(base: string, orgs: BenchOrg[], rounds = 20, drains = 5, drainAnswers = 140): Promise<PushResult> {
  const org = (i: number) => orgs[i % orgs.length]!;
  await push(base, org(0), answers(org(0), MAX_PUSH_BATCH)); // warm-up
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push(await push(base, org(i), answers(org(i), MAX_PUSH_BATCH)));
  const drainMs: number[] = [];
  for (let d = 0; d < drains; d++) {
    const queued = answers(org(d), drainAnswers);
    const t0 = performance.now();
    for (let i = 0; i < queued.length; i += MAX_PUSH_BATCH) await push(base, org(d), queued.slice(i, i + MAX_PUSH_BATCH));
    drainMs.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { batch: MAX_PUSH_BATCH, pushes: rounds, p50: pct(times, 50), max: times[times.length - 1] ?? 0, drainAnswers, drainMs };
}
