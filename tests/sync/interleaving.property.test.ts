// Seeded property: two teammates edit the same questions offline in any interleaving, with lost
// requests and lost responses. No acknowledged write is lost or silently overwritten, and both
// devices converge on the server's state.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMutations, responseHistory, responses } from '#server/db/schema/index.ts';
import { resolveConflict } from '#sync/resolve.ts';
import { createClient, createWorld, type Client, type World } from './harness.ts';

type Op =
  | { kind: 'answer'; who: 0 | 1; q: 0 | 1; value: 'yes' | 'no' }
  | { kind: 'drain'; who: 0 | 1; fault: 'none' | 'network-before' | 'network-after' }
  | { kind: 'resolve'; who: 0 | 1; choice: 'mine' | 'theirs' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('answer' as const), who: fc.constantFrom(0 as const, 1 as const), q: fc.constantFrom(0 as const, 1 as const), value: fc.constantFrom('yes' as const, 'no' as const) }),
  fc.record({ kind: fc.constant('drain' as const), who: fc.constantFrom(0 as const, 1 as const), fault: fc.constantFrom('none' as const, 'network-before' as const, 'network-after' as const) }),
  fc.record({ kind: fc.constant('resolve' as const), who: fc.constantFrom(0 as const, 1 as const), choice: fc.constantFrom('mine' as const, 'theirs' as const) }),
);

describe('two devices, any interleaving (pglite)', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld('pglite');
  });
  afterAll(() => world.server.close());

  async function reset() {
    const db = world.server.deps.db;
    await db.delete(responseHistory).where(eq(responseHistory.assessmentId, world.org.assessmentId));
    await db.delete(responses).where(eq(responses.assessmentId, world.org.assessmentId));
    await db.delete(clientMutations);
  }

  async function resolveAll(c: Client, choice: 'mine' | 'theirs') {
    const conflicted = await c.db.answers.filter((a) => a.syncState === 'conflict').toArray();
    for (const a of conflicted) await resolveConflict(c.db, { assessmentId: a.assessmentId, questionId: a.questionId, choice, userId: c.user.userId, orgId: world.org.orgId }, c.deps);
  }

  it('keeps every overwrite based on the version it replaced, and converges', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        await reset();
        const devices = [createClient(world, world.alice), createClient(world, world.bob)] as const;
        const qs = world.org.questionIds.slice(0, 2);
        try {
          for (const op of ops) {
            const c = devices[op.who];
            if (op.kind === 'answer') await c.record(qs[op.q]!, op.value);
            if (op.kind === 'drain') {
              if (op.fault !== 'none') c.net.faults.push(op.fault);
              await c.engine.drainNow();
              c.net.faults.length = 0;
            }
            if (op.kind === 'resolve') await resolveAll(c, op.choice);
          }
          // Settle: everyone online, conflicts resolved in favour of the server, then a final pull.
          for (let round = 0; round < 3; round++) {
            for (const c of devices) {
              await resolveAll(c, 'theirs');
              await c.engine.drainNow();
            }
          }
          for (const c of devices) await c.engine.pull(world.org.assessmentId);

          // 1. Compare-and-set: each version n > 1 was written by a mutation based on n - 1
          //    (or on the same author's unacknowledged write, rebased) — nobody overwrote what they never saw.
          const sentBase = new Map<string, number | null>();
          for (const c of devices)
            for (const d of c.net.delivered)
              for (const m of ((d.body as { mutations?: Array<{ id: string; baseVersion: number | null }> })?.mutations ?? [])) sentBase.set(m.id, m.baseVersion);
          const history = await world.server.deps.db.select().from(responseHistory).where(eq(responseHistory.assessmentId, world.org.assessmentId));
          for (const h of history) {
            if (h.version === 1) continue;
            expect(sentBase.get(h.mutationId!)).toBe(h.version - 1);
          }
          // 2. Convergence: nothing left to send, and both devices show the server's answers.
          const server = await world.server.deps.db.select().from(responses).where(eq(responses.assessmentId, world.org.assessmentId));
          for (const c of devices) {
            expect(await c.db.outbox.filter((r) => r.status === 'pending' || r.status === 'inflight').count()).toBe(0);
            for (const r of server) {
              expect(await c.db.answers.get([world.org.assessmentId, r.questionId])).toMatchObject({ value: r.answer, serverVersion: r.version, syncState: 'synced' });
            }
          }
        } finally {
          for (const c of devices) await c.db.delete();
        }
      }),
      { numRuns: 25, seed: 20261122 },
    );
  });
});
