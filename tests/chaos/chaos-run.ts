// One chaos sync run and everything that must hold after it, for any chaos world (an in-process
// server in tests/chaos, server processes behind a load balancer in tests/scale). Members run the
// real sync core (Dexie over fake-indexeddb, outbox, engine, fetch transport, evidence uploader)
// through the chaos proxy, which drops, duplicates, delays and reorders requests; the backend is
// restarted once mid-run.
import { expect } from 'vitest';
import { answerKey } from '#sync/db.ts';
import { sha256Hex } from '#sync/evidence/hash.ts';
import { queueEvidence } from '#sync/evidence/queue-evidence.ts';
import { resolveConflict } from '#sync/resolve.ts';
import { expectClientsMatchServer, expectEvidenceOnServer, expectNothingLostOrDoubled, expectQueuesSettled, serverState } from './chaos-checks.ts';
import { mulberry32, sleep } from './chaos-proxy.ts';
import type { ChaosClient, ChaosWorld } from './chaos-world.ts';

export interface ChaosRunOptions {
  seed: number;
  editsPerClient: number;
  /** Evidence files queued in all (by the first two clients). */
  evidenceFiles: number;
  /** How many of the assessment's questions the members edit. */
  questions: number;
  /** Prefix of every failure message (how to replay). */
  why: string;
}

export interface ChaosRunReport {
  acked: number;
  history: number;
  responses: number;
  mutations: number;
  conflictAcks: number;
  openConflictsAfterChaos: number;
  evidence: number;
}

/** Runs the members' sessions with one backend restart half-way, heals the network, settles and checks. */
export async function runChaos(world: ChaosWorld, opts: ChaosRunOptions): Promise<ChaosRunReport> {
  const { seed: SEED, editsPerClient: EDITS_PER_CLIENT, evidenceFiles: EVIDENCE_FILES, questions: QUESTIONS, why } = opts;
  const evidence = new Map<string, string>();
  let edits = 0;
  const restartAt = Math.floor((world.clients.length * EDITS_PER_CLIENT) / 2);

  async function resolveOne(c: ChaosClient, rand: () => number) {
    const conflicted = await c.db.answers.where('syncState').equals('conflict').toArray();
    const pick = conflicted[Math.floor(rand() * conflicted.length)];
    if (!pick) return;
    const r = await resolveConflict(c.db, { assessmentId: pick.assessmentId, questionId: pick.questionId, choice: rand() < 0.5 ? 'mine' : 'theirs', userId: c.user.userId, orgId: world.org.orgId }, c.deps);
    expect(r.ok, `${why}: resolveConflict`).toBe(true);
  }

  async function addEvidence(c: ChaosClient, n: number, questionId: string) {
    const text = `Evidence ${n} from client ${c.index}, seed ${SEED}.\n`.repeat(20 + n);
    const bytes = new TextEncoder().encode(text);
    const file = { name: `evidence-${c.index}-${n}.txt`, type: 'text/plain', size: bytes.byteLength, arrayBuffer: async () => bytes.slice().buffer };
    const r = await queueEvidence(c.db, { assessmentId: world.org.assessmentId, questionId, userId: c.user.userId, file }, { maxMb: 25, storage: null });
    if (!r.ok) throw new Error(`${why}: queueEvidence ${r.code} ${r.message}`);
    evidence.set(r.evidenceId, await sha256Hex(bytes));
  }

  /** One member's session: random answers, drains, conflict resolutions and evidence, in seeded order. */
  async function session(c: ChaosClient) {
    const rand = mulberry32(SEED * 7 + c.index);
    const questions = world.org.questionIds.slice(0, QUESTIONS);
    for (let i = 0; i < EDITS_PER_CLIENT; i++) {
      const q = questions[Math.floor(rand() * questions.length)]!;
      await c.record(q, rand() < 0.5 ? 'yes' : 'no');
      world.clock.advance(1_000);
      edits += 1;
      if (edits === restartAt) await world.restart();
      const roll = rand();
      if (roll < 0.6) await c.engine.drainNow();
      else if (roll < 0.7) await resolveOne(c, rand);
      if (c.index < 2 && i % Math.floor(EDITS_PER_CLIENT / (EVIDENCE_FILES / 2)) === 7) await addEvidence(c, i, q);
      if (rand() < 0.2) await c.uploader.run();
      await sleep(Math.floor(rand() * 5));
    }
  }

  /** Faults off: drain and upload until nothing is left to send (bounded). */
  async function settle(label: string) {
    for (let round = 0; round < 40; round++) {
      for (const c of world.clients) {
        await c.engine.drainNow();
        await c.uploader.run();
      }
      let busy = 0;
      for (const c of world.clients) {
        busy += await c.db.outbox.filter((r) => r.status === 'pending' || r.status === 'inflight').count();
        busy += await c.db.evidence.filter((e) => e.status !== 'attached' && e.status !== 'failed').count();
      }
      if (!busy) return round;
    }
    throw new Error(`${why}: ${label}: queues did not empty`);
  }

  await Promise.all(world.clients.map((c) => session(c)));
  expect(world.restarts, `${why}: the server restarted mid-run`).toBe(1);
  const { stats } = world.proxy;
  expect(stats.droppedBefore + stats.droppedAfter, `${why}: the proxy dropped requests`).toBeGreaterThan(20);
  expect(stats.duplicated, `${why}: the proxy duplicated requests`).toBeGreaterThan(5);

  // A last offline burst on the same questions: someone must lose the race, and must be told.
  const intents = new Map<string, { value: 'yes' | 'no'; id: string }>();
  for (const c of world.clients) {
    for (const [k, q] of world.org.questionIds.slice(0, 3).entries()) {
      const local = await c.db.answers.get([world.org.assessmentId, q]);
      const value = local?.value === 'yes' ? 'no' : 'yes';
      await c.record(q, value);
      const row = await c.db.outbox.where('entityKey').equals(answerKey(world.org.assessmentId, q)).last();
      intents.set(`${c.index}:${k}`, { value, id: row!.id });
    }
  }
  await Promise.all(world.clients.map((c) => c.engine.drainNow()));

  // The network heals; late duplicates still arrive before we look.
  world.proxy.chaos = false;
  await world.proxy.idle();
  await settle('after chaos');
  for (const c of world.clients) await c.engine.pull(world.org.assessmentId);
  await expectQueuesSettled(world, why);
  const counts = await expectNothingLostOrDoubled(world, why);
  await expectClientsMatchServer(world, why, true);
  await expectEvidenceOnServer(world, why, evidence);
  for (const c of world.clients)
    for (const [k, q] of world.org.questionIds.slice(0, 3).entries()) {
      // Applied (then possibly overwritten by someone who saw it: checked by compare-and-set below), or shown as a conflict.
      const local = await c.db.answers.get([world.org.assessmentId, q]);
      const mine = intents.get(`${c.index}:${k}`)!;
      const s = await serverState(world);
      const stored = s.mutations.find((m) => m.mutationId === mine.id)?.result as { status: string; answer?: { version: number } } | undefined;
      const applied = stored?.status === 'applied' && s.history.some((h) => h.questionId === q && h.version === stored.answer?.version && h.answer === mine.value);
      const surfaced = local?.syncState === 'conflict' && local.value === mine.value && stored?.status === 'conflict';
      // …or the conflict ended because the server came to hold the same value.
      const agreed = stored?.status === 'conflict' && local?.syncState === 'synced' && s.responses.find((r) => r.questionId === q)?.answer === mine.value;
      expect(applied || surfaced || agreed, `${why}: client ${c.index}'s last answer on ${q} (${mine.value}) is neither applied, nor shown as a conflict, nor agreed: ${JSON.stringify({ local, stored })}`).toBe(true);
    }
  const conflictAcks = [...world.proxy.acks.values()].filter((a) => a.status === 'conflict').length;
  expect(conflictAcks, `${why}: concurrent edits produced conflicts`).toBeGreaterThan(0);
  const conflicts = (await Promise.all(world.clients.map((c) => c.db.answers.where('syncState').equals('conflict').count()))).reduce((a, b) => a + b, 0);

  // Everyone resolves what is left ("use theirs" converges), and all devices agree with the server.
  for (let round = 0; round < 5; round++) {
    for (const c of world.clients) {
      for (const a of await c.db.answers.where('syncState').equals('conflict').toArray())
        await resolveConflict(c.db, { assessmentId: a.assessmentId, questionId: a.questionId, choice: 'theirs', userId: c.user.userId, orgId: world.org.orgId }, c.deps);
    }
    await settle('after resolving');
  }
  for (const c of world.clients) await c.engine.pull(world.org.assessmentId);
  await expectQueuesSettled(world, why);
  await expectNothingLostOrDoubled(world, why);
  await expectClientsMatchServer(world, why, false);
  const report = { ...counts, conflictAcks, openConflictsAfterChaos: conflicts, evidence: evidence.size };
  console.info(`[chaos] ${why}: ${JSON.stringify({ ...stats, acks: world.proxy.acks.size, ...report })}`);
  return report;
}
