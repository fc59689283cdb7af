import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signInWithSecondFactor } from '#tests/setup/auth.ts';
import { TEST_ADMIN } from '#tests/setup/test-env.ts';
import { evidenceFiles } from '../../db/schema/index.ts';
import { STORAGE_MATRIX, evidenceStorage, orgWithAssessment, patchChunk, pdfBytes, request, sha256Hex, type EvidenceOrg, type EvidenceStorage } from './evidence.fixtures.ts';

describe.each(STORAGE_MATRIX)('evidence uploads (%s, %s)', (driver, kind) => {
  let server: TestServer;
  let storage: EvidenceStorage;
  let acme: EvidenceOrg;

  beforeEach(async () => {
    storage = await evidenceStorage(kind);
    server = await createTestServer(driver, storage.env);
    acme = await orgWithAssessment(server, 'Acme');
  });
  afterEach(async () => {
    await server.close();
    await storage.stop();
  });

  const declare = (org: EvidenceOrg, over: Record<string, unknown> = {}, bytes = pdfBytes(300_000)) =>
    request(server, org.user.accessToken, 'POST', '/api/evidence/uploads', {
      json: {
        evidenceId: randomUUID(),
        assessmentId: org.assessmentId,
        questionId: org.questionId,
        fileName: 'policy.pdf',
        mimeType: 'application/pdf',
        size: bytes.length,
        sha256: sha256Hex(bytes),
        ...over,
      },
    });

  async function uploadAll(org: EvidenceOrg, bytes: Uint8Array, over: Record<string, unknown> = {}) {
    const evidenceId = randomUUID();
    expect((await declare(org, { evidenceId, ...over }, bytes)).status).toBe(201);
    expect((await patchChunk(server, org.user.accessToken, evidenceId, 0, bytes)).status).toBe(200);
    const done = await request(server, org.user.accessToken, 'POST', `/api/evidence/uploads/${evidenceId}/complete`);
    return { evidenceId, done };
  }

  it('uploads in three chunks, resumes from the server offset after a dropped response, completes, attaches and downloads', async () => {
    const bytes = pdfBytes(300_000);
    const evidenceId = randomUUID();
    const token = acme.user.accessToken;
    const created = await declare(acme, { evidenceId }, bytes);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ evidenceId, offset: 0, size: 300_000, status: 'uploading' });

    expect(await (await patchChunk(server, token, evidenceId, 0, bytes.subarray(0, 100_000))).json()).toMatchObject({ offset: 100_000 });
    // The second chunk arrives but its response is "lost"; the client re-sends it and is told the real offset.
    await patchChunk(server, token, evidenceId, 100_000, bytes.subarray(100_000, 200_000));
    const resent = await patchChunk(server, token, evidenceId, 100_000, bytes.subarray(100_000, 200_000));
    expect(resent.status).toBe(409);
    expect((await resent.json()).details).toEqual({ offset: 200_000 });
    const head = await request(server, token, 'HEAD', `/api/evidence/uploads/${evidenceId}`);
    expect(head.headers.get('upload-offset')).toBe('200000');
    const state = await request(server, token, 'GET', `/api/evidence/uploads/${evidenceId}`);
    expect(await state.json()).toMatchObject({ offset: 200_000, status: 'uploading' });
    // Each chunk is its own object under the ids, zero-padded by offset; the file name appears nowhere.
    const part = (offset: number) => `${acme.orgId}/${evidenceId}.part.${String(offset).padStart(12, '0')}`;
    expect(await storage.keys()).toEqual([part(0), part(100_000)]);
    // Declaring again is idempotent and also reports the offset.
    expect(await (await declare(acme, { evidenceId }, bytes)).json()).toMatchObject({ offset: 200_000 });

    expect((await patchChunk(server, token, evidenceId, 200_000, bytes.subarray(200_000))).status).toBe(200);
    const done = await request(server, token, 'POST', `/api/evidence/uploads/${evidenceId}/complete`);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'complete', offset: 300_000 });
    const attached = await request(server, token, 'POST', `/api/evidence/${evidenceId}/attach`);
    expect(await attached.json()).toMatchObject({ id: evidenceId, status: 'attached', file_name: 'policy.pdf', uploaded_by: acme.user.userId });

    const list = await request(server, token, 'GET', `/api/assessments/${acme.assessmentId}/evidence`);
    expect(await list.json()).toEqual([
      expect.objectContaining({ id: evidenceId, question_id: acme.questionId, mime_type: 'application/pdf', size_bytes: 300_000, sha256: sha256Hex(bytes) }),
    ]);
    const download = await request(server, token, 'GET', `/api/evidence/${evidenceId}/download?delivery=stream`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="policy.pdf"; filename*=UTF-8''policy.pdf`);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    const got = new Uint8Array(await download.arrayBuffer());
    expect(sha256Hex(got)).toBe(sha256Hex(bytes));
    expect(Buffer.compare(Buffer.from(got), Buffer.from(bytes))).toBe(0);
    expect(await storage.keys()).toEqual([`${acme.orgId}/${evidenceId}`]);
  });

  it('refuses a declared size above EVIDENCE_MAX_MB with 413 and writes nothing', async () => {
    const res = await declare(acme, { size: 25 * 1024 * 1024 + 1 });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large', error: expect.stringContaining('25 MB') });
    expect(await server.deps.db.select().from(evidenceFiles)).toHaveLength(0);
    expect(await storage.keys()).toEqual([]);
  });

  it('refuses chunks beyond the declared size with 413', async () => {
    const bytes = pdfBytes(1000);
    const evidenceId = randomUUID();
    await declare(acme, { evidenceId }, bytes);
    const res = await patchChunk(server, acme.user.accessToken, evidenceId, 0, pdfBytes(1001));
    expect(res.status).toBe(413);
    const state = await request(server, acme.user.accessToken, 'GET', `/api/evidence/uploads/${evidenceId}`);
    expect((await state.json()).offset).toBe(0);
  });

  it('refuses disallowed kinds at declaration with 415', async () => {
    for (const over of [{ fileName: 'setup.exe', mimeType: 'application/x-msdownload' }, { fileName: 'report.pdf', mimeType: 'text/html' }]) {
      const res = await declare(acme, over);
      expect(res.status).toBe(415);
      expect((await res.json()).code).toBe('unsupported_media_type');
    }
    expect(await server.deps.db.select().from(evidenceFiles)).toHaveLength(0);
  });

  it('refuses a disguised executable (MZ header named report.pdf) with 415 and leaves nothing behind', async () => {
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03], 0);
    const { evidenceId, done } = await uploadAll(acme, exe, { fileName: 'report.pdf' });
    expect(done.status).toBe(415);
    expect(await done.json()).toMatchObject({ code: 'unsupported_media_type' });
    expect(await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, evidenceId))).toHaveLength(0);
    expect(await storage.keys()).toEqual([]);
  });

  it('refuses HTML behind a leading comment disguised as a PDF (and SVG behind an XML declaration as .txt) with 415', async () => {
    const disguised = [
      { fileName: 'report.pdf', text: '<!-- x --><html><script>alert(document.cookie)</script></html>\n%PDF-1.4\n' },
      { fileName: 'notes.txt', text: '<?xml version="1.0"?>\n<!-- x -->\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' },
    ];
    for (const { fileName, text } of disguised) {
      const bytes = new TextEncoder().encode(text);
      const { evidenceId, done } = await uploadAll(acme, bytes, { fileName, mimeType: fileName.endsWith('.pdf') ? 'application/pdf' : 'text/plain' });
      expect(done.status, fileName).toBe(415);
      expect(await done.json()).toMatchObject({ code: 'unsupported_media_type' });
      expect(await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, evidenceId))).toHaveLength(0);
    }
  });

  it('stores a path-traversal file name safely, only under the organization folder', async () => {
    const bytes = pdfBytes(2048);
    const { evidenceId, done } = await uploadAll(acme, bytes, { fileName: '../../etc/passwd.pdf' });
    expect(done.status).toBe(200);
    const [row] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, evidenceId));
    expect(row).toMatchObject({ fileName: 'passwd.pdf', storageKey: `${acme.orgId}/${evidenceId}` });
    expect(await storage.keys()).toEqual([`${acme.orgId}/${evidenceId}`]);
    const download = await request(server, acme.user.accessToken, 'GET', `/api/evidence/${evidenceId}/download?delivery=stream`);
    expect(download.headers.get('content-disposition')).toContain('filename="passwd.pdf"');
  });

  it('refuses a hash mismatch with 422 hash_mismatch and nothing left on disk', async () => {
    const bytes = pdfBytes(5000);
    const { evidenceId, done } = await uploadAll(acme, bytes, { sha256: sha256Hex(pdfBytes(5000, 99)) });
    expect(done.status).toBe(422);
    expect(await done.json()).toMatchObject({ code: 'hash_mismatch' });
    expect(await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, evidenceId))).toHaveLength(0);
    expect(await storage.keys()).toEqual([]);
  });

  it('hides evidence from other organizations (404) and anonymous callers (401)', async () => {
    const bytes = pdfBytes(3000);
    const { evidenceId } = await uploadAll(acme, bytes);
    const other = await orgWithAssessment(server, 'Globex');
    const t = other.user.accessToken;
    const probes: [string, string][] = [
      ['GET', `/api/evidence/uploads/${evidenceId}`],
      ['POST', `/api/evidence/uploads/${evidenceId}/complete`],
      ['POST', `/api/evidence/${evidenceId}/attach`],
      ['GET', `/api/evidence/${evidenceId}/download`],
      ['DELETE', `/api/evidence/${evidenceId}`],
      ['GET', `/api/assessments/${acme.assessmentId}/evidence`],
    ];
    for (const [method, url] of probes) {
      expect((await request(server, t, method, url)).status, `${method} ${url}`).toBe(404);
      expect((await request(server, null, method, url)).status, `anonymous ${method} ${url}`).toBe(401);
    }
    expect((await patchChunk(server, t, evidenceId, 0, bytes)).status).toBe(404);
    // Uploading into another organization's assessment is refused too.
    expect((await declare(other, { assessmentId: acme.assessmentId })).status).toBe(404);
    expect((await request(server, null, 'POST', '/api/evidence/uploads', { json: {} })).status).toBe(401);
    // A system admin belongs to no organization: evidence is not theirs to read either.
    const admin = await signInWithSecondFactor(server, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await request(server, admin.accessToken, 'GET', `/api/evidence/${evidenceId}/download`)).status).toBe(404);
    expect((await request(server, admin.accessToken, 'GET', `/api/assessments/${acme.assessmentId}/evidence`)).status).toBe(404);
    const [row] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, evidenceId));
    expect(row?.status).toBe('complete');
  });
});
