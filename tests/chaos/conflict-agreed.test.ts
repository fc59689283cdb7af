// Regression found by the chaos run (CHAOS_SEED=3): a conflict that ends because the server comes to
// hold the local value must not leave its terminal outbox row behind (it blocked submit with no
// conflict left to resolve). Fixed in src/sync/pull.ts (mergePull).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createClient, createWorld, type World } from '../sync/harness.ts';

describe.each([TEST_DRIVER])('a conflict the server comes to agree with (%s)', (driver) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(driver);
  });
  afterAll(() => world.server.close());

  it('turns synced and leaves nothing in the outbox', async () => {
    const alice = createClient(world, world.alice);
    const bob = createClient(world, world.bob);
    const q = world.org.questionIds[0]!;
    const local = () => alice.db.answers.get([world.org.assessmentId, q]);
    try {
      await alice.record(q, 'yes');
      await alice.engine.drainNow(); // v1 yes
      await bob.engine.pull(world.org.assessmentId);
      for (const v of ['no', 'yes'] as const) {
        await bob.record(q, v);
        await bob.engine.drainNow(); // v2 no, v3 yes
      }
      await alice.record(q, 'no'); // based on v1
      await alice.engine.drainNow();
      expect(await local()).toMatchObject({ value: 'no', syncState: 'conflict', conflict: { value: 'yes', version: 3 } });
      expect(await alice.db.outbox.toArray()).toMatchObject([{ status: 'conflict' }]);

      await bob.record(q, 'no');
      await bob.engine.drainNow(); // v4 no: what Alice wanted
      await alice.engine.pull(world.org.assessmentId);
      expect(await local()).toMatchObject({ value: 'no', serverVersion: 4, syncState: 'synced' });
      expect((await local())?.conflict).toBeUndefined();
      expect(await alice.db.outbox.toArray()).toEqual([]);
    } finally {
      await alice.db.delete();
      await bob.db.delete();
    }
  });
});
