// Chaos sync: three members run the real sync core (Dexie over fake-indexeddb, outbox, engine, fetch
// transport, evidence uploader) against the real server through a proxy that drops 30 % of requests
// (before or after the server handled them), duplicates 10 % (the copy arrives later), delays and
// reorders, and restarts the server once mid-run (PGlite on disk). Seeded: CHAOS_SEED=<seed> replays
// every client's decisions (the interleaving between clients follows real timers). The run and its
// checks are in chaos-run.ts; tests/scale runs the same against two server processes.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAOS_SEED } from '#tests/setup/test-env.ts';
import { runChaos } from './chaos-run.ts';
import { createChaosWorld, type ChaosWorld } from './chaos-world.ts';

const SEED = CHAOS_SEED ?? 20261122;
const why = `chaos seed ${SEED} (replay with CHAOS_SEED=${SEED})`;

describe(`chaos sync (${why})`, () => {
  let world: ChaosWorld;

  beforeAll(async () => {
    world = await createChaosWorld(SEED, 3);
  }, 60_000);
  afterAll(async () => {
    await world?.dispose();
  });

  it('loses no acknowledged write, applies none twice, surfaces conflicts and empties every queue', async () => {
    const report = await runChaos(world, { seed: SEED, editsPerClient: 100, evidenceFiles: 4, questions: 8, why });
    expect(report.acked, `${why}: acknowledged answer writes`).toBeGreaterThan(50);
  }, 180_000);
});
