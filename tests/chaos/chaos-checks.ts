// What must hold after a chaos run, read from the server's tables and each client's Dexie.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clientMutations, evidenceFiles, responseHistory, responses } from '#server/db/schema/index.ts';
import type { ChaosWorld } from './chaos-world.ts';
import { isUnsentFile } from '#sync/db.ts';

type SentMutation = { id: string; kind: string; payload: { questionId?: string; value?: string }; baseVersion: number | null };

/** Every mutation any client put on the wire (before the proxy's faults), by id. */
export function sentMutations(world: ChaosWorld): Map<string, SentMutation> {
  const sent = new Map<string, SentMutation>();
  for (const c of world.clients)
    for (const d of c.net.delivered) for (const m of ((d.body as { mutations?: SentMutation[] } | null)?.mutations ?? [])) sent.set(m.id, m);
  return sent;
}

export async function serverState(world: ChaosWorld) {
  const db = world.backend.db;
  const id = world.org.assessmentId;
  return {
    responses: await db.select().from(responses).where(eq(responses.assessmentId, id)),
    history: await db.select().from(responseHistory).where(eq(responseHistory.assessmentId, id)),
    mutations: await db.select().from(clientMutations),
    evidence: await db.select().from(evidenceFiles).where(eq(evidenceFiles.assessmentId, id)),
  };
}

/** Nothing left to send: only terminal rows remain, and each is visible on its answer. */
export async function expectQueuesSettled(world: ChaosWorld, why: string) {
  for (const c of world.clients) {
    const rows = await c.db.outbox.toArray();
    expect(rows.filter((r) => r.status === 'pending' || r.status === 'inflight'), `${why}: client ${c.index} outbox`).toEqual([]);
    for (const r of rows) {
      const q = (r.payload as { questionId: string }).questionId;
      const local = await c.db.answers.get([r.assessmentId, q]);
      expect(local?.syncState, `${why}: client ${c.index} terminal ${r.status} row on ${q} must be visible: ${JSON.stringify({ row: r, local, later: rows.filter((o) => o.entityKey === r.entityKey && o.seq !== r.seq) })}`).toBe(r.status);
      if (r.status === 'conflict') expect(local?.conflict, `${why}: conflict details on ${q}`).toBeTruthy();
    }
    const unsent = await c.db.evidence.filter(isUnsentFile).toArray();
    expect(unsent.map((e) => `${e.fileName}:${e.status}:${e.error?.code ?? ''}`), `${why}: client ${c.index} evidence`).toEqual([]);
  }
}

/** Acknowledged writes are on the server, each applied at most once, and every overwrite saw what it replaced. */
export async function expectNothingLostOrDoubled(world: ChaosWorld, why: string) {
  const s = await serverState(world);
  const sent = sentMutations(world);
  const historyAt = new Map(s.history.map((h) => [`${h.questionId}@${h.version}`, h]));

  // No mutation applied twice; no version written twice.
  const byMutation = new Map<string, number>();
  for (const h of s.history) if (h.mutationId) byMutation.set(h.mutationId, (byMutation.get(h.mutationId) ?? 0) + 1);
  expect([...byMutation].filter(([, n]) => n > 1), `${why}: mutations applied twice`).toEqual([]);
  expect(historyAt.size, `${why}: a (question, version) written twice`).toBe(s.history.length);

  // Every acknowledged applied/duplicate answer is recorded once and its value is on the server at its version.
  const recorded = new Map(s.mutations.map((m) => [m.mutationId, m]));
  let acked = 0;
  for (const [id, ack] of world.proxy.acks) {
    const m = sent.get(id);
    if (m?.kind !== 'answer.set' || (ack.status !== 'applied' && ack.status !== 'duplicate')) continue;
    acked += 1;
    expect(recorded.get(id)?.kind, `${why}: acknowledged ${id} not in client_mutations`).toBe('answer.set');
    const stored = recorded.get(id)!.result as { status: string; answer?: { version: number; answer: string } };
    expect(stored.status, `${why}: ${id} stored result`).toBe('applied');
    const version = ack.answer?.version ?? stored.answer!.version;
    const h = historyAt.get(`${m.payload.questionId}@${version}`);
    expect(h?.answer, `${why}: acknowledged ${id} (${m.payload.value} at v${version}) missing from response_history`).toBe(m.payload.value);
    const current = s.responses.find((r) => r.questionId === m.payload.questionId);
    expect(current && current.version >= version, `${why}: responses behind acknowledged ${id}`).toBe(true);
  }

  // Compare-and-set: version n > 1 was written by a mutation that had seen version n - 1.
  for (const h of s.history) {
    if (h.version === 1) continue;
    const m = h.mutationId ? sent.get(h.mutationId) : undefined;
    expect(m?.baseVersion, `${why}: v${h.version} of ${h.questionId} by ${h.mutationId} overwrote a version it never saw`).toBe(h.version - 1);
  }
  // responses agree with the newest history row.
  for (const r of s.responses) expect(historyAt.get(`${r.questionId}@${r.version}`)?.answer, `${why}: responses vs history on ${r.questionId}`).toBe(r.answer);
  return { acked, history: s.history.length, responses: s.responses.length, mutations: s.mutations.length };
}

/** After a pull, every client shows the server's answer, unless the question shows an open conflict. */
export async function expectClientsMatchServer(world: ChaosWorld, why: string, allowConflicts: boolean) {
  const s = await serverState(world);
  for (const c of world.clients) {
    const locals = await c.db.answers.where('assessmentId').equals(world.org.assessmentId).toArray();
    for (const local of locals) {
      const server = s.responses.find((r) => r.questionId === local.questionId);
      if (allowConflicts && local.syncState === 'conflict') {
        expect(local.conflict?.value ?? null, `${why}: client ${c.index} conflict on ${local.questionId} shows the server's value`).not.toBeNull();
        continue;
      }
      expect({ q: local.questionId, value: local.value, version: local.serverVersion, state: local.syncState }, `${why}: client ${c.index}`).toEqual({
        q: local.questionId,
        value: server?.answer,
        version: server?.version,
        state: 'synced',
      });
    }
  }
}

export async function expectEvidenceOnServer(world: ChaosWorld, why: string, queued: Map<string, string>) {
  const s = await serverState(world);
  expect(s.evidence.length, `${why}: evidence rows on the server`).toBe(queued.size);
  for (const e of s.evidence) {
    expect(e.status, `${why}: evidence ${e.id}`).toBe('attached');
    expect(e.sha256, `${why}: evidence ${e.id} hash`).toBe(queued.get(e.id));
    expect(e.bytesReceived, `${why}: evidence ${e.id} bytes`).toBe(e.sizeBytes);
  }
}
