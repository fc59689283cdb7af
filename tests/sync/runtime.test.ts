// startSync / ensureSync wiring and the runtime's write API, against the real server.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { responses } from '#server/db/schema/index.ts';
import { SyncDatabase } from '#sync/db.ts';
import { createInProcessLock } from '#sync/lock.ts';
import { ensureSync, getSyncRuntime, haltSyncForSignOut, hasUnsent, resumeSyncAfterSignOut, type Caller, type SyncRuntime } from '#sync/runtime.ts';
import { clearForSignOut } from '#sync/sign-out.ts';
import { queueEvidence } from '#sync/evidence/queue-evidence.ts';
import { pdfBytes } from '#server/features/evidence/evidence.fixtures.ts';
import { createWorld, faultyServerFetch, fakeOnlineSignal, type World, waitFor } from './harness.ts';

describe('sync runtime (pglite)', () => {
  let world: World;
  let db: SyncDatabase;

  beforeEach(async () => {
    world = await createWorld('pglite');
    net = faultyServerFetch(world.server);
    db = new SyncDatabase(`runtime-${randomUUID()}`);
  });
  afterEach(async () => {
    holdPatch = null;
    getSyncRuntime()?.stop();
    resumeSyncAfterSignOut();
    await db.delete();
    await world.server.close();
  });

  let token = '';
  let net: ReturnType<typeof faultyServerFetch>;
  /** Upload chunks (PATCH) sent, and answered; while `holdPatch` is set a chunk waits for it before reaching the server. */
  let patches = { sent: 0, answered: 0 };
  let holdPatch: Promise<void> | null = null;
  const start = (caller: Caller | null, as = world.alice.accessToken) => {
    token = as; // the session's current token, as supabase-js would return it
    net ??= faultyServerFetch(world.server);
    patches = { sent: 0, answered: 0 };
    return ensureSync({
      db,
      caller,
      getToken: async () => token,
      fetch: async (url, init) => {
        if (init.method !== 'PATCH') return net.fetch(url, init);
        patches.sent += 1;
        if (holdPatch) await holdPatch;
        const res = await net.fetch(url, init);
        patches.answered += 1;
        return res;
      },
      serviceWorker: false,
      lock: createInProcessLock(`rt-${db.name}`),
      onlineSignal: fakeOnlineSignal(),
    });
  };

  const rt = () => getSyncRuntime()!;
  const recordAnswer = (input: Parameters<SyncRuntime['recordAnswer']>[0]) => rt().recordAnswer(input);
  const syncNow = () => rt().engine.drainNow();
  const hasUnsentChanges = () => hasUnsent(rt().unsent());

  it('does nothing while signed out, then records and sends through the runtime', async () => {
    expect(start(null)).toBeNull();
    expect(getSyncRuntime()).toBeNull();

    const alice = { userId: world.alice.userId, orgId: world.org.orgId };
    const runtime = start(alice)!;
    expect(runtime.caller()).toEqual(alice);
    expect(await recordAnswer({ assessmentId: world.org.assessmentId, questionId: world.org.questionIds[0]!, value: 'yes' })).toEqual({ ok: true, value: undefined });
    await waitFor(() => hasUnsentChanges());
    await syncNow();
    await waitFor(() => !hasUnsentChanges());
    expect((await world.server.deps.db.select().from(responses)).map((r) => r.answer)).toEqual(['yes']);
    // Same caller again: the same runtime, untouched.
    expect(start(alice)).toBe(runtime);
  });

  it('tells the update gate, as it changes, while an answer or a file waits to be sent', async () => {
    const alice = { userId: world.alice.userId, orgId: world.org.orgId };
    start(alice);
    let changes = 0;
    const unsubscribe = rt().subscribeUnsent(() => changes++);
    await recordAnswer({ assessmentId: world.org.assessmentId, questionId: world.org.questionIds[0]!, value: 'yes' });
    await waitFor(() => hasUnsentChanges());
    expect(changes).toBeGreaterThan(0);
    await syncNow();
    await waitFor(() => !hasUnsentChanges());
    // A file stored on this device but not uploaded yet also holds the update back.
    const seen = changes;
    await db.evidence.put({ id: randomUUID(), assessmentId: world.org.assessmentId, questionId: world.org.questionIds[0]!, fileName: 'policy.pdf', mimeType: 'application/pdf', sizeBytes: 4, sha256: '0'.repeat(64), bytes: new ArrayBuffer(4), status: 'failed', progress: 0 });
    await waitFor(() => hasUnsentChanges());
    expect(changes).toBeGreaterThan(seen);
    await db.evidence.clear();
    await waitFor(() => !hasUnsentChanges());
    // So does one whose bytes reached the server but that is not attached yet (it was missed).
    await db.evidence.put({ id: randomUUID(), assessmentId: world.org.assessmentId, questionId: world.org.questionIds[0]!, fileName: 'policy.pdf', mimeType: 'application/pdf', sizeBytes: 4, sha256: '0'.repeat(64), bytes: new ArrayBuffer(4), status: 'complete', progress: 1 });
    await waitFor(() => hasUnsentChanges());
    await db.evidence.clear();
    await waitFor(() => !hasUnsentChanges());
    unsubscribe();
  });

  it('holds the previous user’s rows when someone else signs in on the device', async () => {
    const alice = { userId: world.alice.userId, orgId: world.org.orgId };
    start(alice);
    net.faults.push('network-before', 'network-before', 'network-before'); // Alice is offline
    await rt().queueSubmit(world.org.assessmentId);
    await syncNow();
    const runtime = start({ userId: world.bob.userId, orgId: world.org.orgId }, world.bob.accessToken)!;
    await waitFor(() => runtime.caller()?.userId === world.bob.userId);
    await syncNow();
    const rows = await db.outbox.toArray();
    expect(rows).toEqual([expect.objectContaining({ userId: world.alice.userId, status: 'pending', kind: 'assessment.submit' })]);
    // Bob's session never carried Alice's submit (the server would have answered it).
    expect(net.delivered.filter((d) => d.url === '/api/sync/push')).toEqual([]);
  });

  it('a sign-out halts sync first: a pull still on the wire writes nothing after the clear, and nothing restarts', async () => {
    const alice = { userId: world.alice.userId, orgId: world.org.orgId };
    const runtime = start(alice)!;
    await recordAnswer({ assessmentId: world.org.assessmentId, questionId: world.org.questionIds[0]!, value: 'yes' });
    await syncNow();
    await waitFor(() => !hasUnsentChanges());
    await runtime.settled();
    // The screen opens the assessment; the pull's answer is held back until the sign-out has cleared.
    let release!: () => void;
    net.hold = new Promise<void>((resolve) => (release = resolve));
    const pulling = runtime.engine.pull(world.org.assessmentId);
    const halted = await haltSyncForSignOut(50);
    expect(halted).toBe(db);
    await clearForSignOut(db, { userId: alice.userId, keepUnsent: false });
    expect(start(alice)).toBeNull(); // the header's ensureSync cannot start a new runtime meanwhile
    net.hold = null;
    release();
    await pulling;
    await runtime.settled();
    expect(await db.answers.count()).toBe(0);
    expect((await db.meta.toArray()).map((m) => m.key)).toEqual(['clientId']);
  });

  /** Stores a file on the device, through the running runtime's scheduler (which starts sending it) when there is one. */
  const queueFile = async (userId: string, size: number) => {
    const file = new File([pdfBytes(size) as Uint8Array<ArrayBuffer>], 'policy.pdf', { type: 'application/pdf' });
    const input = { assessmentId: world.org.assessmentId, questionId: world.org.questionIds[0]!, userId, file, maxMb: 25, storage: null };
    const queued = getSyncRuntime() ? await rt().evidence.queue(input) : await queueEvidence(db, input, input);
    if (!queued.ok) throw new Error(queued.message);
    return queued.evidenceId;
  };
  const evidenceRequests = () => net.delivered.filter((d) => d.url.startsWith('/api/evidence'));

  it('sends no file while the caller is cleared, even with a session left (no user means nothing, not everyone’s)', async () => {
    // Bob kept an unsent file on this device; Alice signs in.
    const bobsFile = await queueFile(world.bob.userId, 2_000);
    const runtime = start({ userId: world.alice.userId, orgId: world.org.orgId })!;
    await runtime.evidence.kick();
    expect(evidenceRequests()).toEqual([]);
    // Alice's profile is cleared (e.g. a 403) while her token still works: the caller is null.
    await runtime.setCaller(null);
    await runtime.evidence.kick();
    expect(evidenceRequests()).toEqual([]);
    expect(await db.evidence.get(bobsFile)).toMatchObject({ status: 'queued', userId: world.bob.userId });
  });

  it('a sign-out stops an upload in progress: nothing is sent or written after the clear', async () => {
    let release!: () => void;
    holdPatch = new Promise<void>((resolve) => (release = resolve));
    const runtime = start({ userId: world.alice.userId, orgId: world.org.orgId })!;
    await queueFile(world.alice.userId, 2 * 2 * 1024 * 1024 + 1_000); // three chunks
    await waitFor(() => patches.sent === 1); // the first chunk is on the wire
    expect(await haltSyncForSignOut(50)).toBe(db); // gives up waiting: the chunk is held
    await clearForSignOut(db, { userId: world.alice.userId, keepUnsent: false });
    holdPatch = null;
    release();
    await waitFor(() => patches.answered === 1);
    await runtime.settled();
    await new Promise((r) => setTimeout(r, 50));
    expect(patches.sent).toBe(1);
    expect(await db.uploads.count()).toBe(0);
    expect(await db.evidence.count()).toBe(0);
  });

  it('a sign-out waits for the upload on the wire to end', async () => {
    let release!: () => void;
    holdPatch = new Promise<void>((resolve) => (release = resolve));
    start({ userId: world.alice.userId, orgId: world.org.orgId });
    await queueFile(world.alice.userId, 2 * 2 * 1024 * 1024 + 1_000);
    await waitFor(() => patches.sent === 1);
    setTimeout(release, 30);
    await haltSyncForSignOut(5_000);
    // The chunk's answer came back before the halt returned, and the run stopped there.
    expect(patches).toEqual({ sent: 1, answered: 1 });
    holdPatch = null;
  });
});

