// The SPA's evidence core (src/sync/evidence) against the REAL server: queue → chunked upload with a
// dropped connection → resume from the server's offset → complete → attach → download.
import { createHash, randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_MATRIX, evidenceStorage, orgWithAssessment, pdfBytes, type EvidenceOrg, type EvidenceStorage } from '#server/features/evidence/evidence.fixtures.ts';
import { SyncDatabase } from '#sync/db.ts';
import { DATES_OFFLINE_MESSAGE, getEvidenceFile, removeEvidence, setEvidenceDates } from '#sync/evidence/evidence-files.ts';
import { evidenceFiles, organizations } from '#server/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { createEvidenceTransport, type EvidenceTransport } from '#sync/evidence/evidence-transport.ts';
import { queueEvidence } from '#sync/evidence/queue-evidence.ts';
import { startEvidenceUploads } from '#sync/evidence/upload-scheduler.ts';
import { createEvidenceUploader } from '#sync/evidence/uploader.ts';
import type { SyncSignal } from '#sync/engine.ts';
import { createInProcessLock } from '#sync/lock.ts';
import { pullAssessment } from '#sync/pull.ts';
import { createFetchTransport } from '#sync/transport.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { verifySecondFactor } from '#tests/setup/mfa.ts';

const CHUNK = 64 * 1024;

describe.each(STORAGE_MATRIX)('evidence client against the real server (%s, %s)', (driver, kind) => {
  let server: TestServer;
  let storage: EvidenceStorage;
  let acme: EvidenceOrg;
  let db: SyncDatabase;
  let calls: { method: string; path: string; offset: string | null; status: number }[];
  /** When set, the request is processed by the server but the response is "lost" (network error). */
  let dropAfter: ((method: string, n: number) => boolean) | null;

  beforeEach(async () => {
    storage = await evidenceStorage(kind);
    server = await createTestServer(driver, storage.env);
    acme = await orgWithAssessment(server, 'Acme');
    db = new SyncDatabase(`evidence-client-${randomUUID()}`, { indexedDB, IDBKeyRange });
    calls = [];
    dropAfter = null;
  });
  afterEach(async () => {
    db.close();
    await db.delete();
    await server.close();
    await storage.stop();
  });

  function transport(token = () => acme.user.accessToken): EvidenceTransport {
    let patches = 0;
    return createEvidenceTransport({
      getToken: async () => token(),
      fetch: async (url, init) => {
        const res = await server.app.request(url, init);
        const headers = new Headers(init.headers);
        calls.push({ method: init.method ?? 'GET', path: url, offset: headers.get('upload-offset'), status: res.status });
        if (init.method === 'PATCH') patches += 1;
        if (dropAfter?.(init.method ?? 'GET', patches)) throw new TypeError('Failed to fetch');
        return res;
      },
    });
  }

  const uploader = (t: EvidenceTransport, retryDelaysMs: number[] = []) =>
    createEvidenceUploader({ db, transport: t, getUserId: () => acme.user.userId, chunkBytes: CHUNK, lock: createInProcessLock(`ev-${randomUUID()}`), retryDelaysMs, sleep: async () => undefined });

  async function queue(bytes: Uint8Array, name = 'policy.pdf', dates?: { effectiveOn: string | null; expiresOn: string | null }) {
    const file = new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' });
    const res = await queueEvidence(db, { assessmentId: acme.assessmentId, questionId: acme.questionId, userId: acme.user.userId, file, dates }, { maxMb: 25, storage: null });
    if (!res.ok) throw new Error(res.message);
    return res.evidenceId;
  }

  it('resumes from the server offset after a dropped connection, then completes, attaches and downloads', async () => {
    const bytes = pdfBytes(5 * CHUNK + 1000);
    const id = await queue(bytes);
    const t = transport();
    // The third chunk reaches the server, but the connection drops before its response arrives.
    dropAfter = (method, n) => method === 'PATCH' && n === 3;
    const first = await uploader(t).run();
    expect(first.stoppedBy).toMatchObject({ code: 'network' });
    const mid = await db.evidence.get(id);
    expect(mid).toMatchObject({ status: 'uploading', error: { code: 'network' } });
    expect(mid!.progress).toBeCloseTo((2 * CHUNK) / bytes.length);

    dropAfter = null;
    calls = [];
    const second = await uploader(t).run();
    expect(second).toMatchObject({ acquired: true, attached: [id], failed: [], stoppedBy: null });
    // The re-declaration reports offset 3×CHUNK, so the third chunk is not sent again.
    const patches = calls.filter((c) => c.method === 'PATCH').map((c) => Number(c.offset));
    expect(patches).toEqual([3 * CHUNK, 4 * CHUNK, 5 * CHUNK]);
    expect(await db.evidence.get(id)).toMatchObject({ status: 'attached', progress: 1, bytes: null });
    expect(await db.uploads.get(id)).toBeUndefined();

    const file = await getEvidenceFile(db, t, id);
    expect(file.ok).toBe(true);
    const got = new Uint8Array(await (file as { blob: Blob }).blob.arrayBuffer());
    expect(createHash('sha256').update(got).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((file as { fileName: string }).fileName).toBe('policy.pdf');
  });

  it('sends the dates chosen offline with the declaration, and changes them once the file is on the server', async () => {
    const id = await queue(pdfBytes(CHUNK), 'insurance.pdf', { effectiveOn: '2024-01-15', expiresOn: '2025-01-14' });
    // Still only on this device: the change stays local and needs no connection.
    const offline = createEvidenceTransport({ getToken: async () => acme.user.accessToken, fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await setEvidenceDates(db, offline, id, { effectiveOn: '2024-01-15', expiresOn: '2025-01-15' })).toEqual({ ok: true });
    expect(await db.evidence.get(id)).toMatchObject({ effectiveOn: '2024-01-15', expiresOn: '2025-01-15', status: 'queued' });

    const t = transport();
    expect(await uploader(t).run()).toMatchObject({ attached: [id] });
    const [row] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id));
    expect(row).toMatchObject({ effectiveOn: '2024-01-15', expiresOn: '2025-01-15' });

    // On the server now: offline it is refused with a clear message and nothing changes.
    expect(await setEvidenceDates(db, offline, id, { effectiveOn: '2024-01-15', expiresOn: null })).toEqual({ ok: false, message: DATES_OFFLINE_MESSAGE });
    expect(await db.evidence.get(id)).toMatchObject({ expiresOn: '2025-01-15' });
    expect(await setEvidenceDates(db, t, id, { effectiveOn: '2024-01-15', expiresOn: '2024-01-01' })).toEqual({ ok: false, message: 'The expiry date cannot be before the effective date' });
    expect(await setEvidenceDates(db, t, id, { effectiveOn: '2024-02-01', expiresOn: null })).toEqual({ ok: true });
    expect(await db.evidence.get(id)).toMatchObject({ effectiveOn: '2024-02-01', expiresOn: null });
    const [after] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id));
    expect(after).toMatchObject({ effectiveOn: '2024-02-01', expiresOn: null });
  });

  it('sends nothing without a signed-in user (no user is nobody, not everyone)', async () => {
    const id = await queue(pdfBytes(2 * CHUNK));
    const report = await createEvidenceUploader({ db, transport: transport(), getUserId: () => null, chunkBytes: CHUNK, lock: createInProcessLock(`ev-${randomUUID()}`), retryDelaysMs: [] }).run();
    expect(report).toMatchObject({ attached: [], failed: [], stoppedBy: null });
    expect(calls).toEqual([]);
    expect(await db.evidence.get(id)).toMatchObject({ status: 'queued' });
  });

  it('re-asks the offset and carries on within the same run after a dropped chunk (tus-style retries)', async () => {
    const bytes = pdfBytes(4 * CHUNK);
    const id = await queue(bytes);
    dropAfter = (method, n) => method === 'PATCH' && n === 2;
    const report = await uploader(transport(), [0, 0]).run();
    expect(report).toMatchObject({ attached: [id], stoppedBy: null });
    const sent = calls.filter((c) => c.method === 'PATCH').map((c) => Number(c.offset));
    expect(sent).toEqual([0, CHUNK, 2 * CHUNK, 3 * CHUNK]);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/evidence/uploads')).toHaveLength(2);
  });

  it('moves to the server offset when its own idea of the offset is stale (409)', async () => {
    const bytes = pdfBytes(3 * CHUNK);
    const id = await queue(bytes);
    const t = transport();
    // Another tab already sent the first chunk.
    await t.declare({ evidenceId: id, assessmentId: acme.assessmentId, questionId: acme.questionId, fileName: 'policy.pdf', mimeType: 'application/pdf', size: bytes.length, sha256: (await db.evidence.get(id))!.sha256 });
    await t.patch(id, 0, bytes.subarray(0, CHUNK));
    const stale = await t.patch(id, 0, bytes.subarray(0, CHUNK));
    expect(stale).toMatchObject({ ok: false, status: 409, offset: CHUNK });
    expect((await uploader(t).run()).attached).toEqual([id]);
  });

  it('marks a file failed with the server message when the bytes were corrupted on this device', async () => {
    const id = await queue(pdfBytes(2 * CHUNK));
    const row = (await db.evidence.get(id))!;
    const corrupted = new Uint8Array(row.bytes!.slice(0));
    corrupted[100] = corrupted[100]! ^ 0xff;
    await db.evidence.update(id, { bytes: corrupted.buffer });
    const report = await uploader(transport()).run();
    expect(report.failed).toEqual([id]);
    expect(await db.evidence.get(id)).toMatchObject({ status: 'failed', error: { code: 'hash_mismatch', http: 422 } });
    expect(await server.json('GET', `/api/assessments/${acme.assessmentId}/evidence`, undefined, acme.user.accessToken)).toMatchObject({ body: [] });
  });

  it('holds the queue on 401 and lets teammates see (through the sync pull), open and remove attached files', async () => {
    const id = await queue(pdfBytes(1000));
    const anonymous = await uploader(transport(() => '')).run();
    expect(anonymous.stoppedBy).toMatchObject({ http: 401 });
    expect((await db.evidence.get(id))!.status).toBe('queued');
    const t = transport();
    expect((await uploader(t).run()).attached).toEqual([id]);

    const other = new SyncDatabase(`evidence-teammate-${randomUUID()}`, { indexedDB, IDBKeyRange });
    try {
      // The teammate's device learns of the file the way the app does: the engine's pull (pull.ts).
      const sync = createFetchTransport({ getToken: async () => acme.user.accessToken, fetch: async (url, init) => server.app.request(url, init) });
      expect(await pullAssessment(other, sync, acme.assessmentId)).toBeNull();
      expect(await other.evidence.get(id)).toMatchObject({ status: 'attached', fileName: 'policy.pdf', bytes: null });
      expect((await getEvidenceFile(other, t, id)).ok).toBe(true);
      expect(await removeEvidence(other, t, id)).toEqual({ ok: true });
      expect(await other.evidence.get(id)).toBeUndefined();
      expect((await t.download(id)).ok).toBe(false);
    } finally {
      other.close();
      await other.delete();
    }
  });

  it('holds the queue while the organization asks for a second factor (403 mfa_required), and sends it once the session has one', async () => {
    const id = await queue(pdfBytes(1000));
    await server.deps.db.update(organizations).set({ requireMfa: true }).where(eq(organizations.id, acme.orgId));
    const held = await uploader(transport()).run();
    expect(held.stoppedBy).toMatchObject({ http: 403, code: 'mfa_required' });
    expect(held.failed).toEqual([]);
    expect((await db.evidence.get(id))!.status).toBe('queued');
    // The user verifies a second factor (the SPA's /mfa screen): the same queue goes out with the aal2 token.
    const aal2 = await verifySecondFactor(server, acme.user);
    expect((await uploader(transport(() => aal2.access_token)).run()).attached).toEqual([id]);
  });

  it('retries with backoff while offline and uploads as soon as the device is back online', async () => {
    const id = await queue(pdfBytes(3000));
    let online = false;
    const timers: { fn: () => void; ms: number }[] = [];
    const listeners: ((s: SyncSignal) => void)[] = [];
    const attachedIds: string[][] = [];
    const t = createEvidenceTransport({
      getToken: async () => acme.user.accessToken,
      fetch: async (url, init) => {
        if (!online) throw new TypeError('Failed to fetch');
        return server.app.request(url, init);
      },
    });
    const uploads = startEvidenceUploads({
      db,
      getToken: async () => acme.user.accessToken,
      getUserId: () => acme.user.userId,
      transport: t,
      random: () => 0.5,
      retryDelaysMs: [],
      scheduler: { setTimeout: (fn, ms) => timers.push({ fn, ms }), clearTimeout: () => undefined },
      onlineSignal: { isOnline: () => online, subscribe: (fn) => (listeners.push(fn), () => undefined) },
      onAttached: (ids) => attachedIds.push(ids),
    });
    try {
      await expect.poll(() => timers.length).toBeGreaterThan(0);
      expect(timers[0]!.ms).toBeGreaterThanOrEqual(1000);
      expect((await db.evidence.get(id))!.error).toMatchObject({ code: 'network' });
      online = true;
      listeners.forEach((fn) => fn('online'));
      await expect.poll(async () => (await db.evidence.get(id))?.status).toBe('attached');
      expect(attachedIds).toEqual([[id]]);
    } finally {
      uploads.stop();
    }
  });
});
