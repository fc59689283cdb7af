// Two server processes on one PostgreSQL database and one evidence store, behind a round-robin load
// balancer (tests/scale/cluster.ts): the sync core survives one of them being SIGKILLed mid-run,
// sign-in throttles hold across them, and evidence written through one is read through the other.
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_THRESHOLD } from '#server/auth-provider/auth.limits.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { EVIDENCE_CHUNK_BYTES } from '#domain/evidence.ts';
import { SyncDatabase } from '#sync/db.ts';
import { createEvidenceTransport } from '#sync/evidence/evidence-transport.ts';
import { sha256Hex } from '#sync/evidence/hash.ts';
import { queueEvidence } from '#sync/evidence/queue-evidence.ts';
import { createEvidenceUploader } from '#sync/evidence/uploader.ts';
import { createInProcessLock } from '#sync/lock.ts';
import { runChaos } from '#tests/chaos/chaos-run.ts';
import { createChaosWorld, type ChaosBackend, type ChaosWorld } from '#tests/chaos/chaos-world.ts';
import { nodeSupabaseClient } from '#tests/contract/contract-server.ts';
import { CHAOS_SEED } from '#tests/setup/test-env.ts';
import { startCluster, type Cluster } from './cluster.ts';

const SEED = CHAOS_SEED ?? 20261125;
const why = `two-instance chaos seed ${SEED} (replay with CHAOS_SEED=${SEED})`;

/**
 * The cluster as a chaos backend: requests go through the load balancer; a restart SIGKILLs
 * instance 1 and starts it again while traffic goes on (the balancer moves refused connections to
 * instance 0; requests cut mid-flight are lost like any dropped response).
 */
function clusterBackend(cluster: Cluster, database: Database): ChaosBackend {
  return {
    db: database.db,
    request: (url, init) => fetch(`${cluster.url}${url}`, init),
    restart: () => cluster.restart(1),
    async dispose(proxy) {
      proxy.down = true;
      await proxy.idle();
    },
  };
}

describe('two server processes behind a load balancer', () => {
  let cluster: Cluster;
  let database: Database;
  let world: ChaosWorld;

  beforeAll(async () => {
    cluster = await startCluster({ instances: 2 });
    database = await openDatabase({ databaseUrl: cluster.databaseUrl });
    world = await createChaosWorld(SEED, 3, { backend: clusterBackend(cluster, database) });
  });
  afterAll(async () => {
    await world?.dispose();
    await database?.close();
    await cluster?.stop();
  });

  it('loses no acknowledged write and applies none twice while one instance is SIGKILLed and restarted', async () => {
    const before = [...cluster.proxy.counts];
    const report = await runChaos(world, { seed: SEED, editsPerClient: 60, evidenceFiles: 4, questions: 8, why });
    expect(report.acked, `${why}: acknowledged answer writes`).toBeGreaterThan(30);
    expect(report.evidence, `${why}: evidence files uploaded`).toBe(4);
    // Both instances served the run, and the killed one was really gone (SIGKILL) and came back.
    expect(cluster.proxy.counts[0]! - (before[0] ?? 0)).toBeGreaterThan(50);
    expect(cluster.proxy.counts[1]! - (before[1] ?? 0)).toBeGreaterThan(50);
    expect(cluster.proxy.failovers, 'requests moved to instance 0 while instance 1 was down').toBeGreaterThan(0);
    expect(cluster.instances[1]!.exit).toBeNull();
    expect(cluster.instances[1]!.output.filter((l) => /listening on/.test(l))).toHaveLength(2);
    expect(cluster.errors()).toEqual([]);
  });

  it('serves evidence uploaded through one instance byte-identical through the other', async () => {
    const [a, b] = cluster.instances;
    const user = world.users[0]!;
    const getToken = async () => user.accessToken;
    // Two and a half chunks of random text (an allowed file type), so the upload takes three PATCHes.
    const bytes = new TextEncoder().encode(randomBytes(Math.floor(EVIDENCE_CHUNK_BYTES * 1.875)).toString('base64'));
    expect(bytes.byteLength).toBeGreaterThan(2 * EVIDENCE_CHUNK_BYTES);
    const db = new SyncDatabase(`scale-evidence-${Date.now()}`);
    try {
      const queued = await queueEvidence(
        db,
        { assessmentId: world.org.assessmentId, questionId: world.org.questionIds[1]!, userId: user.userId, file: { name: 'export-log.txt', type: 'text/plain', size: bytes.byteLength, arrayBuffer: async () => bytes.slice().buffer } },
        { maxMb: 25, storage: null },
      );
      if (!queued.ok) throw new Error(`queueEvidence: ${queued.code} ${queued.message}`);
      // Every chunk, the completion and the attachment go to instance A only.
      const uploader = createEvidenceUploader({
        db,
        transport: createEvidenceTransport({ getToken, baseUrl: a!.url }),
        lock: createInProcessLock('scale-evidence'),
        getUserId: () => user.userId,
        retryDelaysMs: [],
      });
      await uploader.run();
      expect((await db.evidence.get(queued.evidenceId))?.status).toBe('attached');

      const got = await createEvidenceTransport({ getToken, baseUrl: b!.url }).download(queued.evidenceId);
      if (!got.ok) throw new Error(`download through instance B: ${got.status} ${got.message}`);
      expect(got.value.bytes.byteLength).toBe(bytes.byteLength);
      expect(await sha256Hex(got.value.bytes)).toBe(await sha256Hex(bytes));
      expect(Buffer.from(got.value.bytes).equals(Buffer.from(bytes))).toBe(true);

      // The bytes are in the shared bucket under the organization's prefix, and nowhere else.
      expect(await cluster.s3.keys()).toContain(`${world.org.orgId}/${queued.evidenceId}`);
      // An API client downloading through instance B is sent to a short-lived presigned GET.
      const direct = await fetch(`${b!.url}/api/evidence/${queued.evidenceId}/download`, { headers: { authorization: `Bearer ${user.accessToken}` }, redirect: 'manual' });
      expect(direct.status).toBe(302);
      const presigned = direct.headers.get('location') ?? '';
      expect(presigned).toContain('X-Amz-Signature=');
      const viaBucket = Buffer.from(await (await fetch(presigned)).arrayBuffer());
      expect(viaBucket.equals(Buffer.from(bytes))).toBe(true);
    } finally {
      await db.delete();
    }
  });

  /** Sign-ins through the balancer (alternating instances) or to one instance, as one client address. */
  const signInAs = (baseUrl: string, ip: string) => {
    const client = nodeSupabaseClient(baseUrl, { 'x-forwarded-for': ip });
    return (email: string, password: string) => client.auth.signInWithPassword({ email, password });
  };

  /** How many wrong passwords are answered before the account is locked. */
  async function failuresUntilLocked(signIn: ReturnType<typeof signInAs>, email: string): Promise<number> {
    for (let attempt = 1; attempt <= LOCKOUT_THRESHOLD + 3; attempt++) {
      const { error } = await signIn(email, `Wrong-password-${attempt}`);
      if (error?.code === 'over_request_rate_limit') return attempt - 1;
      expect(error).toMatchObject({ code: 'invalid_credentials', status: 400 });
    }
    throw new Error('never locked');
  }

  it('locks an account after the same number of wrong passwords whichever instance answers', async () => {
    const [a] = cluster.instances;
    const one = await failuresUntilLocked(signInAs(a!.url, '198.51.100.10'), world.users[1]!.email);
    const before = [...cluster.proxy.counts];
    const both = await failuresUntilLocked(signInAs(cluster.url, '198.51.100.11'), world.users[2]!.email);
    expect(both).toBe(one);
    expect(both).toBe(LOCKOUT_THRESHOLD);
    // The guesses really alternated between the instances.
    expect(cluster.proxy.counts[0]! - before[0]!).toBeGreaterThanOrEqual(3);
    expect(cluster.proxy.counts[1]! - before[1]!).toBeGreaterThanOrEqual(3);
    // Locked on both: even the right password is refused through either instance.
    for (const inst of cluster.instances) {
      const { error } = await signInAs(inst.url, '198.51.100.12')(world.users[2]!.email, world.users[2]!.password);
      expect(error).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
    }
  });

  it('spends one per-address sign-in budget across both instances (30 per 5 minutes)', async () => {
    const signIn = signInAs(cluster.url, '203.0.113.77');
    for (let i = 0; i < 30; i++) {
      const { error } = await signIn(`nobody-${i}@scale.test`, 'Some-password-123');
      expect(error, `attempt ${i + 1}`).toMatchObject({ code: 'invalid_credentials' });
    }
    const { error } = await signIn('nobody-31@scale.test', 'Some-password-123');
    expect(error, 'the 31st sign-in from one address is refused whichever instance answers: the budget must live in shared storage, not per process').toMatchObject({ code: 'over_request_rate_limit', status: 429 });
  });
});
