// Two devices, both offline, answer the same question: compare-and-set turns the later one into a conflict.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { responses } from '#server/db/schema/index.ts';
import { resolveConflict } from '#sync/resolve.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createClient, createWorld, type Client, type World } from './harness.ts';

describe.each([TEST_DRIVER])('conflicts between teammates (%s)', (driver) => {
  let world: World;
  let alice: Client;
  let bob: Client;
  let q: string;
  let a: string;

  beforeEach(async () => {
    world = await createWorld(driver);
    alice = createClient(world, world.alice);
    bob = createClient(world, world.bob);
    q = world.org.questionIds[0]!;
    a = world.org.assessmentId;
  });
  afterEach(async () => {
    await alice.db.delete();
    await bob.db.delete();
    await world.server.close();
  });

  const serverRow = async () => (await world.server.deps.db.select().from(responses))[0];

  it('shows the later writer a conflict with the teammate’s answer; "keep mine" wins on top of it', async () => {
    await alice.record(q, 'yes');
    await bob.record(q, 'no');
    expect((await bob.engine.drainNow()).failure).toBeNull();
    expect((await alice.engine.drainNow()).failure).toBeNull();
    const local = await alice.db.answers.get([a, q]);
    expect(local).toMatchObject({
      value: 'yes',
      syncState: 'conflict',
      serverVersion: 1,
      conflict: { value: 'no', version: 1, by: world.bob.userId, byName: 'AcmeBob Tester' },
    });
    expect(await serverRow()).toMatchObject({ answer: 'no', version: 1 });
    expect(await alice.engine.status()).toMatchObject({ phase: 'in-sync', pendingCount: 0 });

    await resolveConflict(alice.db, { assessmentId: a, questionId: q, choice: 'mine', userId: world.alice.userId, orgId: world.org.orgId }, alice.deps);
    await alice.engine.drainNow();
    expect(await alice.db.answers.get([a, q])).toMatchObject({ value: 'yes', syncState: 'synced', serverVersion: 2 });
    expect(await serverRow()).toMatchObject({ answer: 'yes', version: 2 });
    // Bob's device learns about it on its next pull.
    await bob.engine.pull(a);
    expect(await bob.db.answers.get([a, q])).toMatchObject({ value: 'yes', serverVersion: 2, syncState: 'synced', updatedByName: 'AcmeAlice Tester' });
  });

  it('"use theirs" adopts the teammate’s answer and sends nothing', async () => {
    await alice.record(q, 'yes');
    await bob.record(q, 'no');
    await bob.engine.drainNow();
    await alice.engine.drainNow();
    const pushesBefore = alice.net.delivered.filter((d) => d.url === '/api/sync/push').length;
    await resolveConflict(alice.db, { assessmentId: a, questionId: q, choice: 'theirs', userId: world.alice.userId, orgId: world.org.orgId }, alice.deps);
    await alice.engine.drainNow();
    expect(alice.net.delivered.filter((d) => d.url === '/api/sync/push')).toHaveLength(pushesBefore);
    expect(await alice.db.answers.get([a, q])).toMatchObject({ value: 'no', syncState: 'synced', serverVersion: 1 });
    expect(await serverRow()).toMatchObject({ answer: 'no', version: 1 });
  });

  it('same answer from both devices is no conflict', async () => {
    await alice.record(q, 'yes');
    await bob.record(q, 'yes');
    await bob.engine.drainNow();
    await alice.engine.drainNow();
    expect(await alice.db.answers.get([a, q])).toMatchObject({ value: 'yes', syncState: 'synced', serverVersion: 1 });
  });

  it('a pull never overwrites a question that still has a pending row', async () => {
    await bob.record(q, 'no');
    await bob.engine.drainNow();
    await alice.record(q, 'yes');
    alice.net.faults.push('network-before'); // the push fails, the row stays pending
    await alice.engine.drainNow();
    await alice.engine.pull(a);
    expect(await alice.db.answers.get([a, q])).toMatchObject({ value: 'yes', syncState: 'pending', serverVersion: 1, serverValue: 'no' });
    // The pending row keeps its original base, so the server still detects the collision.
    alice.clock.advance(10_000);
    await alice.engine.drainNow();
    expect(await alice.db.answers.get([a, q])).toMatchObject({ syncState: 'conflict', conflict: { value: 'no' } });
  });

  it('a pull adopts teammates’ answers for questions with nothing pending', async () => {
    const [q1, q2] = world.org.questionIds as [string, string];
    await bob.record(q1, 'no');
    await bob.record(q2, 'yes');
    await bob.engine.drainNow();
    expect(await alice.engine.pull(a)).toBeNull();
    expect(await alice.db.answers.where('assessmentId').equals(a).toArray()).toHaveLength(2);
    expect(await alice.db.answers.get([a, q2])).toMatchObject({ value: 'yes', syncState: 'synced', serverVersion: 1 });
  });
});
