// POST /api/evidence/uploads/{id}/complete joins the chunks of a resumable upload once: one request
// holds the claim (evidence.upload.service.ts, claimCompletion) and streams the chunks into the file
// object; any other request meanwhile answers 409 upload_in_progress instead of joining the file
// again. Disk and S3 stores, every database driver.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evidenceFiles } from '#server/db/schema/index.ts';
import {
  STORAGE_MATRIX,
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
import { createTestServer, type TestServer } from '#tests/setup/app.ts';

describe.each(STORAGE_MATRIX)('one /complete at a time (%s, %s)', (driver, kind) => {
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
