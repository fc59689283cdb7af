// Evidence and the submit barrier together: a queued "submit when online" waits for every file of the
// assessment to be uploaded and attached, then goes (real server, real Dexie over fake-indexeddb).
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assessments, evidenceFiles } from '#server/db/schema/index.ts';
import { createEvidenceTransport } from '#sync/evidence/evidence-transport.ts';
import { queueEvidence } from '#sync/evidence/queue-evidence.ts';
import { createEvidenceUploader } from '#sync/evidence/uploader.ts';
import { createInProcessLock } from '#sync/lock.ts';
import { queueSubmit } from '#sync/outbox.ts';
import { submitBlockerFor } from '#sync/submit-state.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createClient, createWorld, type Client, type World } from '../sync/harness.ts';

describe.each([TEST_DRIVER])('evidence before submit (%s)', (driver) => {
  let world: World;
  let alice: Client;

  beforeEach(async () => {
    world = await createWorld(driver);
    alice = createClient(world, world.alice);
  });
  afterEach(async () => {
    await alice.db.delete();
    await world.server.close();
  });

  it('holds a queued submit until the evidence is uploaded and attached', async () => {
    const a = world.org.assessmentId;
    const me = { userId: world.alice.userId, orgId: world.org.orgId };
    for (const q of world.org.questionIds) await alice.record(q, 'yes');
    const pdf = new TextEncoder().encode('%PDF-1.7\nappointment letter\n');
    const file = new File([pdf], 'appointment.pdf', { type: 'application/pdf' });
    const queued = await queueEvidence(alice.db, { assessmentId: a, questionId: world.org.questionIds[0]!, userId: me.userId, file }, { maxMb: 25, storage: null });
    expect(queued.ok).toBe(true);
    await queueSubmit(alice.db, { assessmentId: a, ...me }, alice.deps);

    // Answers go; the submit waits for the file.
    await alice.engine.drainNow();
    expect(await submitBlockerFor(alice.db, a, me.userId)).toMatchObject({ phase: 'waiting', blocker: 'uploads' });
    const status = async () => (await world.server.deps.db.select().from(assessments).where(eq(assessments.id, a)))[0]!.status;
    expect(await status()).toBe('in_progress');

    const transport = createEvidenceTransport({ getToken: async () => world.alice.accessToken, fetch: async (url, init) => world.server.app.request(url, init) });
    const report = await createEvidenceUploader({ db: alice.db, transport, getUserId: () => me.userId, lock: createInProcessLock(`ev-${alice.db.name}`) }).run();
    expect(report.attached).toHaveLength(1);
    await alice.engine.drainNow();
    expect(await status()).toBe('submitted');
    const [stored] = await world.server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.assessmentId, a));
    expect(stored).toMatchObject({ fileName: 'appointment.pdf', status: 'attached' });
  });
});
