// The submit barrier: a queued submit goes only after every earlier row of the assessment is applied,
// never while a conflict is open, and the server's verdict is kept on the row.
import 'fake-indexeddb/auto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assessments, responses } from '#server/db/schema/index.ts';
import { submitKey } from '#sync/db.ts';
import { queueSubmit, recordDeferral } from '#sync/outbox.ts';
import { resolveConflict } from '#sync/resolve.ts';
import { submitBlockerFor } from '#sync/submit-state.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createClient, createWorld, type Client, type World } from './harness.ts';

type Pushed = { mutations: Array<{ kind: string }> };

describe.each([TEST_DRIVER])('submit barrier (%s)', (driver) => {
  let world: World;
  let alice: Client;
  let a: string;
  let me: { userId: string; orgId: string };

  beforeEach(async () => {
    world = await createWorld(driver);
    alice = createClient(world, world.alice);
    a = world.org.assessmentId;
    me = { userId: world.alice.userId, orgId: world.org.orgId };
  });
  afterEach(async () => {
    await alice.db.delete();
    await world.server.close();
  });

  const pushes = () => alice.net.delivered.filter((d) => d.url === '/api/sync/push').map((d) => (d.body as Pushed).mutations.map((m) => m.kind));
  const serverStatus = async () => (await world.server.deps.db.select().from(assessments).where(eq(assessments.id, a)))[0]!.status;

  /** Bob answers the first question No; Alice answers everything Yes offline and queues the submit: a conflict holds it. */
  const conflictUnderQueuedSubmit = async () => {
    const bob = createClient(world, world.bob);
    const [first, ...rest] = world.org.questionIds as [string, ...string[]];
    await bob.record(first, 'no');
    await bob.engine.drainNow();
    await alice.record(first, 'yes');
    for (const q of rest) await alice.record(q, 'yes');
    await queueSubmit(alice.db, { assessmentId: a, ...me }, alice.deps);
    await alice.engine.drainNow();
    expect(await alice.db.answers.get([a, first])).toMatchObject({ syncState: 'conflict' });
    return { bob, first, rest };
  };

  it('sends the submit only after every earlier answer was applied, then locks the assessment', async () => {
    for (const q of world.org.questionIds) await alice.record(q, 'yes');
    await queueSubmit(alice.db, { assessmentId: a, ...me }, alice.deps);
    expect(await submitBlockerFor(alice.db, a, me.userId)).toMatchObject({ phase: 'waiting', blocker: 'earlier_rows' });
    expect((await alice.engine.drainNow()).failure).toBeNull();
    const batches = pushes();
    // The submit never rides in the same batch as (or before) the answers it depends on.
    const submitBatch = batches.findIndex((kinds) => kinds.includes('assessment.submit'));
    expect(submitBatch).toBeGreaterThan(0);
    expect(batches[submitBatch]).toEqual(['assessment.submit']);
    expect(batches.slice(0, submitBatch).flat()).toHaveLength(world.org.questionIds.length);
    expect(await serverStatus()).toBe('submitted');
    expect(await alice.db.outbox.count()).toBe(0);
    expect((await alice.db.meta.get(`assessment:${a}`))?.value).toMatchObject({ status: 'submitted' });
  });

  it('holds the submit while a conflict is open, and sends it once the conflict is resolved', async () => {
    const { bob, first } = await conflictUnderQueuedSubmit();
    expect(pushes().flat()).not.toContain('assessment.submit');
    expect(await serverStatus()).toBe('in_progress');
    expect(await submitBlockerFor(alice.db, a, me.userId)).toMatchObject({ phase: 'waiting', blocker: 'conflict' });

    await resolveConflict(alice.db, { assessmentId: a, questionId: first, choice: 'theirs', ...me }, alice.deps);
    await alice.engine.drainNow();
    expect(pushes().flat()).toContain('assessment.submit');
    expect(await serverStatus()).toBe('submitted');
    await bob.db.delete();
  });

  it('"Keep mine" on the conflict that holds a queued submit is sent first, then the submit', async () => {
    const { bob, first, rest } = await conflictUnderQueuedSubmit();

    expect(await resolveConflict(alice.db, { assessmentId: a, questionId: first, choice: 'mine', ...me }, alice.deps)).toEqual({ ok: true, value: undefined });
    // Other edits stay locked while the submit is queued.
    await expect(alice.record(rest[0]!, 'no')).rejects.toThrow('submit_queued');
    await alice.engine.drainNow();
    const sent = pushes();
    const submitAt = sent.findIndex((kinds) => kinds.includes('assessment.submit'));
    expect(submitAt).toBeGreaterThan(0);
    expect(sent[submitAt]).toEqual(['assessment.submit']);
    expect(await serverStatus()).toBe('submitted');
    const [kept] = await world.server.deps.db.select().from(responses).where(and(eq(responses.assessmentId, a), eq(responses.questionId, first)));
    expect(kept?.answer).toBe('yes');
    expect(await alice.db.outbox.count()).toBe(0);
    await bob.db.delete();
  });

  it('keeps the server’s refusal visible on the submit row (incomplete assessment)', async () => {
    await alice.record(world.org.questionIds[0]!, 'yes');
    await queueSubmit(alice.db, { assessmentId: a, ...me }, alice.deps);
    await alice.engine.drainNow();
    const [row] = await alice.db.outbox.where('entityKey').equals(submitKey(a)).toArray();
    expect(row).toMatchObject({ status: 'rejected', lastError: { code: 'incomplete_assessment' } });
    expect(await submitBlockerFor(alice.db, a, me.userId)).toMatchObject({ phase: 'rejected', error: { code: 'incomplete_assessment' } });
    expect(await serverStatus()).toBe('in_progress');
  });

  it('sends a deferral and shows the server’s record of it', async () => {
    const q = world.org.questionIds[1]!;
    await recordDeferral(alice.db, { assessmentId: a, questionId: q, deferToUserId: world.bob.userId, ...me }, alice.deps);
    expect(await alice.db.deferrals.toArray()).toEqual([expect.objectContaining({ questionId: q, syncState: 'pending' })]);
    await alice.engine.drainNow();
    expect(await alice.db.deferrals.toArray()).toEqual([
      expect.objectContaining({ questionId: q, deferredTo: world.bob.userId, deferredToName: 'AcmeBob Tester', status: 'open', syncState: 'synced' }),
    ]);
  });
});
