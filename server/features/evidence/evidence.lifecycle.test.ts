import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_TARGET_MESSAGE } from '#domain/contracts/evidence.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { assessments, evidenceFiles, organizations, responses } from '../../db/schema/index.ts';
import {
  STORAGE_MATRIX,
  downloadEvidence,
  evidenceStorage,
  orgWithAssessment,
  patchChunk,
  pdfBytes,
  putToUploadUrl,
  request,
  sha256Hex,
  type EvidenceOrg,
  type EvidenceStorage,
} from './evidence.fixtures.ts';

describe.each(STORAGE_MATRIX)('evidence lifecycle (%s, %s)', (driver, kind) => {
  let server: TestServer;
  let storage: EvidenceStorage;
  let acme: EvidenceOrg;
  const token = () => acme.user.accessToken;

  beforeEach(async () => {
    storage = await evidenceStorage(kind);
    server = await createTestServer(driver, storage.env);
    acme = await orgWithAssessment(server, 'Acme');
  });
  afterEach(async () => {
    await server.close();
    await storage.stop();
  });

  async function upload(bytes: Uint8Array, fileName: string, mimeType = '') {
    const evidenceId = randomUUID();
    const json = { evidenceId, assessmentId: acme.assessmentId, questionId: acme.questionId, fileName, mimeType, size: bytes.length, sha256: sha256Hex(bytes) };
    expect((await request(server, token(), 'POST', '/api/evidence/uploads', { json })).status).toBe(201);
    expect((await patchChunk(server, token(), evidenceId, 0, bytes)).status).toBe(200);
    return { evidenceId, done: await request(server, token(), 'POST', `/api/evidence/uploads/${evidenceId}/complete`) };
  }

  it('accepts a CSV, serves it as text with an RFC 5987 name, and detaches it (bytes deleted)', async () => {
    const csv = new TextEncoder().encode('control,owner\nCI-01,Åsa\n');
    const { evidenceId, done } = await upload(csv, 'Prüfung "Q3".csv', 'application/vnd.ms-excel');
    expect(done.status).toBe(200);
    const attach = () => request(server, token(), 'POST', `/api/evidence/${evidenceId}/attach`);
    expect((await attach()).status).toBe(200);
    expect((await attach()).status).toBe(200); // replay: no-op
    const download = await downloadEvidence(server, token(), evidenceId);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Pr_fung _Q3_.csv"; filename*=UTF-8''Pr%C3%BCfung%20_Q3_.csv`,
    );
    expect(await download.text()).toBe('control,owner\nCI-01,Åsa\n');

    expect((await request(server, token(), 'DELETE', `/api/evidence/${evidenceId}`)).status).toBe(200);
    expect((await request(server, token(), 'DELETE', `/api/evidence/${evidenceId}`)).status).toBe(200);
    expect(await storage.keys()).toEqual([]);
    expect(await (await request(server, token(), 'GET', `/api/assessments/${acme.assessmentId}/evidence`)).json()).toEqual([]);
    expect((await request(server, token(), 'GET', `/api/evidence/${evidenceId}/download`)).status).toBe(404);
    expect((await attach()).status).toBe(409);
  });

  it('refuses to attach before the upload is complete', async () => {
    const bytes = pdfBytes(1000);
    const evidenceId = randomUUID();
    const json = { evidenceId, assessmentId: acme.assessmentId, questionId: acme.questionId, fileName: 'a.pdf', size: 1000, sha256: sha256Hex(bytes) };
    await request(server, token(), 'POST', '/api/evidence/uploads', { json });
    await patchChunk(server, token(), evidenceId, 0, bytes.subarray(0, 500));
    const res = await request(server, token(), 'POST', `/api/evidence/${evidenceId}/attach`);
    expect(res.status).toBe(409);
    expect((await res.json()).details).toEqual({ offset: 500 });
    const early = await request(server, token(), 'POST', `/api/evidence/uploads/${evidenceId}/complete`);
    expect(early.status).toBe(409);
  });

  it('sweeps partial uploads abandoned for two weeks when the organization declares a new one', async () => {
    const bytes = pdfBytes(1000);
    const stale = randomUUID();
    const json = { evidenceId: stale, assessmentId: acme.assessmentId, questionId: acme.questionId, fileName: 'a.pdf', size: 1000, sha256: sha256Hex(bytes) };
    await request(server, token(), 'POST', '/api/evidence/uploads', { json });
    await patchChunk(server, token(), stale, 0, bytes.subarray(0, 400));
    expect(await storage.keys()).toEqual([`${acme.orgId}/${stale}.part.000000000000`]);
    await server.deps.db.update(evidenceFiles).set({ updatedAt: new Date(Date.now() - 15 * 86_400_000) }).where(eq(evidenceFiles.id, stale));
    const fresh = randomUUID();
    await request(server, token(), 'POST', '/api/evidence/uploads', { json: { ...json, evidenceId: fresh } });
    expect((await server.deps.db.select().from(evidenceFiles)).map((r) => r.id)).toEqual([fresh]);
    expect(await storage.keys()).toEqual([]);
  });

  it('locks evidence of a submitted assessment and of a suspended organization', async () => {
    const { evidenceId } = await upload(pdfBytes(800), 'a.pdf');
    await server.deps.db.update(assessments).set({ status: 'submitted' }).where(eq(assessments.id, acme.assessmentId));
    const bytes = pdfBytes(100);
    const json = { evidenceId: randomUUID(), assessmentId: acme.assessmentId, questionId: acme.questionId, fileName: 'b.pdf', size: 100, sha256: sha256Hex(bytes) };
    const declared = await request(server, token(), 'POST', '/api/evidence/uploads', { json });
    expect(declared.status).toBe(409);
    expect((await declared.json()).code).toBe('assessment_locked');
    expect((await request(server, token(), 'POST', `/api/evidence/${evidenceId}/attach`)).status).toBe(409);
    expect((await request(server, token(), 'DELETE', `/api/evidence/${evidenceId}`)).status).toBe(409);
    // Still readable.
    expect((await downloadEvidence(server, token(), evidenceId)).status).toBe(200);

    await server.deps.db.update(assessments).set({ status: 'in_progress' }).where(eq(assessments.id, acme.assessmentId));
    await server.deps.db.update(organizations).set({ status: 'suspended', suspendedReason: 'unpaid' }).where(eq(organizations.id, acme.orgId));
    const suspended = await request(server, token(), 'POST', '/api/evidence/uploads', { json });
    expect(suspended.status).toBe(403);
    expect((await suspended.json()).code).toBe('organization_suspended');
    expect((await request(server, token(), 'GET', `/api/assessments/${acme.assessmentId}/evidence`)).status).toBe(200);
  });

  it('stores evidence_0..n of the multipart responses endpoint and refuses disguised files with nothing written', async () => {
    const form = new FormData();
    form.set('questionId', acme.questionId);
    form.set('answer', 'yes');
    form.set('evidence_0', new File([pdfBytes(1200) as Uint8Array<ArrayBuffer>], 'policy.pdf', { type: 'application/pdf' }));
    form.set('evidence_1', new File(['a,b\n1,2\n'], '../../minutes.csv', { type: 'text/csv' }));
    const url = `/api/assessments/${acme.assessmentId}/responses`;
    const res = await server.app.request(url, { method: 'POST', headers: { authorization: `Bearer ${token()}` }, body: form });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.evidence.map((e: { file_name: string; status: string }) => [e.file_name, e.status])).toEqual([
      ['policy.pdf', 'attached'],
      ['minutes.csv', 'attached'],
    ]);
    expect((await storage.keys()).filter((k) => k.startsWith(`${acme.orgId}/`))).toHaveLength(2);

    const bad = new FormData();
    bad.set('questionId', acme.questionId);
    bad.set('answer', 'no');
    bad.set('evidence_0', new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0])], 'report.pdf', { type: 'application/pdf' }));
    const refused = await server.app.request(url, { method: 'POST', headers: { authorization: `Bearer ${token()}` }, body: bad });
    expect(refused.status).toBe(415);
    expect(await server.deps.db.select().from(evidenceFiles)).toHaveLength(2);
    const [answer] = await server.deps.db.select().from(responses).where(eq(responses.questionId, acme.questionId));
    expect(answer?.answer).toBe('yes');
  });

  it('keeps the upload-URL way in working: PUT the whole file to the returned URL, then confirm it', async () => {
    const [resp] = await server.deps.db
      .insert(responses)
      .values({ assessmentId: acme.assessmentId, organizationId: acme.orgId, questionId: acme.questionId, answer: 'yes' })
      .returning();
    const urlRes = await request(server, token(), 'POST', '/api/evidence/upload-url', { json: { responseId: resp!.id, fileName: 'scan.png', fileType: 'image/png', size: 300 } });
    expect(urlRes.status).toBe(200);
    const answer = await urlRes.json();
    const { evidenceId } = answer;
    expect(answer).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png' }, completeUrl: `/api/evidence/uploads/${evidenceId}/complete` });
    const png = new Uint8Array(300);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const put = await putToUploadUrl(server, token(), answer, png);
    expect(put.ok).toBe(true);
    const confirmed = await request(server, token(), 'POST', answer.completeUrl);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ evidenceId, status: 'attached', size: 300 });
    const [view] = await (await request(server, token(), 'GET', `/api/assessments/${acme.assessmentId}/evidence`)).json();
    expect(view).toMatchObject({ id: evidenceId, file_name: 'scan.png', mime_type: 'image/png', status: 'attached', sha256: sha256Hex(png) });
    const wrong = await request(server, token(), 'POST', '/api/evidence/upload-url', { json: { responseId: resp!.id, fileName: 'x.exe', size: 300 } });
    expect(wrong.status).toBe(415);
  });

  it('takes the assessment and question ids instead of a response id (no answer needed), inside the caller\'s organization only', async () => {
    const globex = await orgWithAssessment(server, 'Globex');
    const ask = (json: Record<string, unknown>, t = token()) =>
      request(server, t, 'POST', '/api/evidence/upload-url', { json: { fileName: 'scan.png', fileType: 'image/png', size: 300, ...json } });
    const png = new Uint8Array(300);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    // The question has no answer yet: nothing carries a response id, and none is needed.
    expect(await server.deps.db.select().from(responses).where(eq(responses.assessmentId, acme.assessmentId))).toEqual([]);
    const urlRes = await ask({ assessmentId: acme.assessmentId, questionId: acme.questionId.toUpperCase() });
    expect(urlRes.status).toBe(200);
    const answer = await urlRes.json();
    expect((await putToUploadUrl(server, token(), answer, png)).ok).toBe(true);
    expect((await request(server, token(), 'POST', answer.completeUrl)).status).toBe(200);
    const [view] = await (await request(server, token(), 'GET', `/api/assessments/${acme.assessmentId}/evidence`)).json();
    expect(view).toMatchObject({ id: answer.evidenceId, assessment_id: acme.assessmentId, question_id: acme.questionId, status: 'attached' });

    // Another organization's assessment reads as one that does not exist, and leaves nothing behind.
    const rowsBefore = await server.deps.db.select().from(evidenceFiles);
    for (const [who, json] of [
      [globex.user.accessToken, { assessmentId: acme.assessmentId, questionId: acme.questionId }],
      [token(), { assessmentId: globex.assessmentId, questionId: globex.questionId }],
      [token(), { assessmentId: randomUUID(), questionId: acme.questionId }],
    ] as const) {
      const res = await ask(json, who);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe('Assessment not found');
    }
    // A question the assessment does not ask.
    const notAsked = await ask({ assessmentId: acme.assessmentId, questionId: randomUUID() });
    expect(notAsked.status).toBe(400);
    expect((await notAsked.json()).error).toBe('This question is not part of the assessment');
    expect(await server.deps.db.select().from(evidenceFiles)).toEqual(rowsBefore);

    // One way to name the target: a response id, or both ids, never a mix or half of it.
    const [resp] = await server.deps.db
      .insert(responses)
      .values({ assessmentId: acme.assessmentId, organizationId: acme.orgId, questionId: acme.questionId, answer: 'yes' })
      .returning();
    for (const json of [{}, { assessmentId: acme.assessmentId }, { questionId: acme.questionId }, { responseId: resp!.id, assessmentId: acme.assessmentId, questionId: acme.questionId }]) {
      const res = await ask(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).error).toBe(UPLOAD_TARGET_MESSAGE);
    }
  });
});
