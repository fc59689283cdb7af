// POST /api/evidence/uploads/{id}/complete joins the chunks of a resumable upload once: one request
// holds the claim (evidence.claim.ts, claimUpload) and streams the chunks into the file object; any
// other request meanwhile answers 409 upload_in_progress instead of joining the file again. The
// claim is a short lease (EVIDENCE_CLAIM_SECONDS) renewed while its holder works: a crashed holder's
// claim lapses within one lease, a live one keeps it for as long as it works. Disk and S3 stores,
// every database driver.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evidenceFiles } from '#server/db/schema/index.ts';
import {
  STORAGE_RACE_MATRIX,
  downloadEvidence,
  evidenceStorage,
  orgWithAssessment,
  patchChunk,
  pdfBytes,
  request,
  sha256Hex,
  type EvidenceOrg,
  type EvidenceStorage,
} from '#server/features/evidence/evidence.fixtures.ts';
import type { EvidenceContext } from '#server/features/evidence/evidence.access.ts';
import { claimUpload } from '#server/features/evidence/evidence.claim.ts';
import { finishClaim } from '#server/features/evidence/evidence.upload.service.ts';
import { createObjectStore, type ObjectStore } from '#server/lib/storage/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { testEnv } from '#tests/setup/test-env.ts';

describe.each(STORAGE_RACE_MATRIX)('one /complete at a time (%s, %s)', (driver, kind) => {
  let server: TestServer;
  let storage: EvidenceStorage;
  let acme: EvidenceOrg;

  beforeEach(async () => {
    storage = await evidenceStorage(kind);
    server = await createTestServer(driver, { ...storage.env, EVIDENCE_MAX_MB: '1' });
    acme = await orgWithAssessment(server, 'Acme');
  });
  afterEach(async () => {
    await server.close();
    await storage.stop();
  });

  const CHUNK = 64 * 1024;
  async function uploadAllChunks(bytes: Uint8Array): Promise<string> {
    const id = randomUUID();
    const declared = await request(server, acme.user.accessToken, 'POST', '/api/evidence/uploads', {
      json: { evidenceId: id, assessmentId: acme.assessmentId, questionId: acme.questionId, fileName: 'policy.pdf', size: bytes.length, sha256: sha256Hex(bytes) },
    });
    expect(declared.status).toBe(201);
    for (let off = 0; off < bytes.length; off += CHUNK) {
      expect((await patchChunk(server, acme.user.accessToken, id, off, bytes.subarray(off, off + CHUNK))).status).toBe(200);
    }
    return id;
  }
  const complete = (id: string) => request(server, acme.user.accessToken, 'POST', `/api/evidence/uploads/${id}/complete`);

  it('answers 409 upload_in_progress while another request holds the claim, and completes once it is released', async () => {
    const bytes = pdfBytes(5 * CHUNK + 1000);
    const id = await uploadAllChunks(bytes);
    await server.deps.db.update(evidenceFiles).set({ updatedAt: sql`now() + interval '10 minutes'` }).where(eq(evidenceFiles.id, id));
    const busy = await complete(id);
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ code: 'upload_in_progress', error: 'This file is being checked by another request. Ask for its state again in a moment.' });
    expect(await storage.keys()).not.toContain(`${acme.orgId}/${id}`);
    // An empty chunk at the end does not end a claim in flight.
    expect((await patchChunk(server, acme.user.accessToken, id, bytes.length, new Uint8Array(0))).status).toBe(200);
    expect((await complete(id)).status).toBe(409);
    await server.deps.db.update(evidenceFiles).set({ updatedAt: sql`now()` }).where(eq(evidenceFiles.id, id));
    const done = await complete(id);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'complete', offset: bytes.length });
    expect(await storage.keys()).toEqual([`${acme.orgId}/${id}`]);
  });

  it('parallel completes join the file once: each answers the completed file or 409 upload_in_progress', async () => {
    const bytes = pdfBytes(8 * CHUNK + 123);
    const id = await uploadAllChunks(bytes);
    const answers = await Promise.all(Array.from({ length: 8 }, () => complete(id).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }))));
    for (const a of answers) {
      if (a.status === 200) expect(a.body).toMatchObject({ status: 'complete', size: bytes.length });
      else expect(a).toMatchObject({ status: 409, body: { code: 'upload_in_progress' } });
    }
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect((await complete(id)).status).toBe(200);
    expect(await storage.keys()).toEqual([`${acme.orgId}/${id}`]);
    expect((await request(server, acme.user.accessToken, 'POST', `/api/evidence/${id}/attach`)).status).toBe(200);
    const got = await downloadEvidence(server, acme.user.accessToken, id);
    expect(sha256Hex(new Uint8Array(await got.arrayBuffer()))).toBe(sha256Hex(bytes));
  });

  it('writes no file object when a chunk is missing, and starts the upload again from 0', async () => {
    const bytes = pdfBytes(4 * CHUNK);
    const id = await uploadAllChunks(bytes);
    await server.deps.storage.delete(`${acme.orgId}/${id}.part.${String(2 * CHUNK).padStart(12, '0')}`);
    const res = await complete(id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'conflict', details: { offset: 0 } });
    expect(await storage.keys(), JSON.stringify(await storage.keys())).toEqual([]);
    expect(await (await request(server, acme.user.accessToken, 'GET', `/api/evidence/uploads/${id}`)).json()).toMatchObject({ offset: 0, status: 'uploading' });
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The store the env selects, whose chunk reads wait until `open()` (a /complete that takes as long as the test wants). */
function gatedStore(inner: ObjectStore): ObjectStore & { reached: Promise<void>; open(): void } {
  let open!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const reachedGate = new Promise<void>((resolve) => (reached = resolve));
  return Object.assign(Object.create(inner) as ObjectStore, {
    reached: reachedGate,
    open,
    async get(key: string) {
      if (key.includes('.part.')) {
        reached();
        await gate;
      }
      return inner.get(key);
    },
  });
}

describe.each(STORAGE_RACE_MATRIX)('a /complete claim is a short lease (%s, %s)', (driver, kind) => {
  const LEASE_SECONDS = 1;
  let server: TestServer;
  let storage: EvidenceStorage;
  let store: ReturnType<typeof gatedStore>;
  let acme: EvidenceOrg;

  beforeEach(async () => {
    storage = await evidenceStorage(kind);
    const env = { ...storage.env, EVIDENCE_MAX_MB: '1', EVIDENCE_CLAIM_SECONDS: String(LEASE_SECONDS) };
    store = gatedStore(createObjectStore(testEnv(env)));
    server = await createTestServer(driver, env, { storage: store });
    acme = await orgWithAssessment(server, 'Acme');
  });
  afterEach(async () => {
    store.open();
    await server.close();
    await store.close();
    await storage.stop();
  });

  const CHUNK = 64 * 1024;
  async function uploadAllChunks(bytes: Uint8Array): Promise<string> {
    const id = randomUUID();
    const declared = await request(server, acme.user.accessToken, 'POST', '/api/evidence/uploads', {
      json: { evidenceId: id, assessmentId: acme.assessmentId, questionId: acme.questionId, fileName: 'policy.pdf', size: bytes.length, sha256: sha256Hex(bytes) },
    });
    expect(declared.status).toBe(201);
    for (let off = 0; off < bytes.length; off += CHUNK) {
      expect((await patchChunk(server, acme.user.accessToken, id, off, bytes.subarray(off, off + CHUNK))).status).toBe(200);
    }
    return id;
  }
  const complete = (id: string) => request(server, acme.user.accessToken, 'POST', `/api/evidence/uploads/${id}/complete`);
  const access = (): EvidenceContext => ({
    db: server.deps.db,
    storage: server.deps.storage,
    env: { EVIDENCE_MAX_MB: 1, EVIDENCE_CLAIM_SECONDS: LEASE_SECONDS },
    now: () => new Date(),
    caller: { id: acme.user.userId, organization: null, organizationId: acme.orgId },
  });
  /** /complete again and again (a client's retries) until it answers something else than 409 upload_in_progress. */
  async function completeOnceFree(id: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const res = await complete(id);
      if (res.status !== 409 || attempt === 100) return res;
      expect(await res.json()).toMatchObject({ code: 'upload_in_progress' });
      await pause(100);
    }
  }

  it('a claim abandoned by a crashed request (never released, never renewed) lets a retry complete after one lease', async () => {
    store.open();
    const bytes = pdfBytes(3 * CHUNK + 17);
    const id = await uploadAllChunks(bytes);
    const crashed = await claimUpload(access(), id);
    expect(crashed).toBeDefined();
    await crashed!.stop(); // the process is gone: no heartbeat, no release
    const busy = await complete(id);
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ code: 'upload_in_progress' });
    const done = await completeOnceFree(id);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'complete', offset: bytes.length });
    const got = await downloadAfterAttach(id);
    expect(sha256Hex(got)).toBe(sha256Hex(bytes));
  });

  it('a live /complete keeps its claim past several leases: every other request meanwhile answers 409', async () => {
    const bytes = pdfBytes(4 * CHUNK + 5);
    const id = await uploadAllChunks(bytes);
    const first = complete(id);
    await store.reached; // the first request holds the claim and waits inside the join
    for (let i = 0; i < 4 * LEASE_SECONDS * 4; i++) {
      await pause(250);
      const other = await complete(id);
      expect(other.status, `after ${(i + 1) * 250} ms`).toBe(409);
      expect(await other.json()).toMatchObject({ code: 'upload_in_progress' });
    }
    store.open();
    const done = await first;
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'complete', offset: bytes.length });
    expect(await storage.keys()).toEqual([`${acme.orgId}/${id}`]);
    expect(sha256Hex(await downloadAfterAttach(id))).toBe(sha256Hex(bytes));
  });

  it('a holder that stalled past its lease cannot finish the row once another request claimed it', async () => {
    store.open();
    const id = await uploadAllChunks(pdfBytes(2 * CHUNK));
    const stalled = (await claimUpload(access(), id))!;
    await stalled.stop(); // no renewals while it stalls
    let taker = await claimUpload(access(), id);
    for (let attempt = 0; !taker && attempt < 100; attempt++) {
      await pause(100);
      taker = await claimUpload(access(), id);
    }
    expect(taker).toBeDefined();
    await expect(finishClaim(access(), stalled, { status: 'complete', mimeType: 'application/pdf' })).rejects.toMatchObject({ status: 409, code: 'upload_in_progress' });
    await stalled.release(); // a no-op: the claim is the taker's
    expect((await complete(id)).status).toBe(409);
    await taker!.release();
    expect((await complete(id)).status).toBe(200);
  });

  async function downloadAfterAttach(id: string): Promise<Uint8Array> {
    expect((await request(server, acme.user.accessToken, 'POST', `/api/evidence/${id}/attach`)).status).toBe(200);
    return new Uint8Array(await (await downloadEvidence(server, acme.user.accessToken, id)).arrayBuffer());
  }
});
