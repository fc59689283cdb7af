// Evidence with S3 storage (ADR 020), end to end over real HTTP to a real S3 server: POST
// /api/evidence/upload-url answers a presigned PUT straight to the bucket, the file counts only once
// POST completeUrl has checked it, and downloads answer 302 to a presigned GET that expires.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assessments, evidenceFiles, responses } from '#server/db/schema/index.ts';
import {
  evidenceStorage,
  orgWithAssessment,
  pdfBytes,
  putToUploadUrl,
  request,
  sha256Hex,
  type EvidenceOrg,
  type EvidenceStorage,
  type UploadUrlAnswer,
} from '#server/features/evidence/evidence.fixtures.ts';
import { JOBS } from '#server/features/jobs/index.ts';
import { MAX_OPEN_UPLOADS } from '#server/features/evidence/evidence.upload.service.ts';
import { RATE_LIMITS } from '#server/lib/rate-limit.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';

describe.each(DB_DRIVERS)('evidence straight to S3 (%s)', (driver) => {
  let server: TestServer;
  let storage: EvidenceStorage;
  let acme: EvidenceOrg;
  let globex: EvidenceOrg;
  let clock: Date | null;
  let responseId: string;

  beforeEach(async () => {
    storage = await evidenceStorage('s3');
    clock = null;
    // EVIDENCE_MAX_MB 0.05 = 52,428 bytes: big enough for the files here, small enough to exceed cheaply.
    server = await createTestServer(driver, { ...storage.env, EVIDENCE_MAX_MB: '0.05' }, { now: () => clock ?? new Date() });
    acme = await orgWithAssessment(server, 'Acme');
    globex = await orgWithAssessment(server, 'Globex');
    const [resp] = await server.deps.db
      .insert(responses)
      .values({ assessmentId: acme.assessmentId, organizationId: acme.orgId, questionId: acme.questionId, answer: 'yes' })
      .returning();
    responseId = resp!.id;
  });
  afterEach(async () => {
    await server.close();
    await storage.stop();
  });

  const askUrl = async (over: Record<string, unknown> = {}, org: EvidenceOrg = acme) => {
    const res = await request(server, org.user.accessToken, 'POST', '/api/evidence/upload-url', {
      json: { responseId, fileName: 'Board policy (final).pdf', fileType: 'application/pdf', ...over },
    });
    return { status: res.status, body: (await res.json()) as UploadUrlAnswer & { code?: string; error?: string } };
  };
  const confirm = (answer: UploadUrlAnswer, org: EvidenceOrg = acme) => request(server, org.user.accessToken, 'POST', answer.completeUrl);
  const globexResponse = async () =>
    (await server.deps.db.insert(responses).values({ assessmentId: globex.assessmentId, organizationId: globex.orgId, questionId: globex.questionId, answer: 'yes' }).returning())[0]!.id;
  const rowOf = async (id: string) => (await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id)))[0];

  it('uploads a good file straight to the bucket, counts it only after the confirm, and keys it by ids only', async () => {
    const bytes = pdfBytes(20_000);
    const { status, body: answer } = await askUrl({ size: bytes.length, sha256: sha256Hex(bytes) });
    expect(status).toBe(200);
    expect(answer).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf' }, completeUrl: `/api/evidence/uploads/${answer.evidenceId}/complete` });
    const url = new URL(answer.uploadUrl);
    expect(url.origin).toBe(storage.s3!.endpoint);
    // A staging key: the URL never reaches the key the checked file is kept under.
    expect(url.pathname).toBe(`/${storage.s3!.bucket}/${acme.orgId}/${answer.evidenceId}.upload`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(answer.uploadUrl).not.toMatch(/policy/i);
    expect(new Date(answer.expiresAt!).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    // Recorded as uploading (listed as such, like a chunked upload in progress), not downloadable before the confirm.
    expect(await rowOf(answer.evidenceId)).toMatchObject({ status: 'uploading', organizationId: acme.orgId });
    expect((await request(server, acme.user.accessToken, 'GET', `/api/evidence/${answer.evidenceId}/download`)).status).toBe(404);
    const listed = await (await request(server, acme.user.accessToken, 'GET', `/api/assessments/${acme.assessmentId}/evidence`)).json();
    expect(listed).toEqual([expect.objectContaining({ id: answer.evidenceId, status: 'uploading' })]);

    expect((await putToUploadUrl(server, acme.user.accessToken, answer, bytes)).status).toBe(200);
    const first = await confirm(answer);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ evidenceId: answer.evidenceId, status: 'attached', size: 20_000, offset: 20_000 });
    // Confirming again is a no-op that answers the same.
    const again = await confirm(answer);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ evidenceId: answer.evidenceId, status: 'attached' });
    expect(await rowOf(answer.evidenceId)).toMatchObject({ status: 'attached', sizeBytes: 20_000, sha256: sha256Hex(bytes), fileName: 'Board policy (final).pdf' });
    expect(await storage.keys()).toEqual([`${acme.orgId}/${answer.evidenceId}`]);
  });

  it('measures and hashes a file whose size and hash were not declared', async () => {
    const bytes = new TextEncoder().encode('control,owner\nCI-01,Ada\n');
    const { body: answer } = await askUrl({ fileName: 'roster.csv', fileType: 'text/csv', size: bytes.length });
    expect(answer.headers).toEqual({ 'content-type': 'text/csv' });
    expect((await putToUploadUrl(server, acme.user.accessToken, answer, bytes)).status).toBe(200);
    expect((await confirm(answer)).status).toBe(200);
    expect(await rowOf(answer.evidenceId)).toMatchObject({ status: 'attached', sizeBytes: bytes.length, sha256: sha256Hex(bytes), mimeType: 'text/csv' });
  });

  const refusedWith = async (answer: UploadUrlAnswer, status: number, code: string) => {
    const res = await confirm(answer);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ code, error: expect.any(String) });
    expect(await rowOf(answer.evidenceId)).toBeUndefined();
    expect(await storage.keys()).toEqual([]);
    expect((await confirm(answer)).status).toBe(404);
  };

  it('refuses an upload URL without a size with 400: the presigned PUT always signs the length', async () => {
    const { status, body } = await askUrl();
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed', error: "size is required: give the file's size in bytes so the upload URL can be limited to it." });
    expect(await server.deps.db.select().from(evidenceFiles)).toEqual([]);
  });

  it('refuses a declared size above EVIDENCE_MAX_MB before issuing a URL', async () => {
    const { status, body } = await askUrl({ size: 60_000 });
    expect(status).toBe(413);
    expect(body.code).toBe('payload_too_large');
    expect(await server.deps.db.select().from(evidenceFiles)).toEqual([]);
  });

  it('refuses content that is not what the name says (an executable as .pdf) with 415', async () => {
    const { body: answer } = await askUrl({ size: 4096 });
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03], 0);
    expect((await putToUploadUrl(server, acme.user.accessToken, answer, exe)).status).toBe(200);
    await refusedWith(answer, 415, 'unsupported_media_type');
  });

  it('refuses bytes whose SHA-256 is not the declared one with 422 hash_mismatch', async () => {
    const bytes = pdfBytes(8000, 1);
    const { body: answer } = await askUrl({ size: bytes.length, sha256: sha256Hex(pdfBytes(8000, 2)) });
    expect((await putToUploadUrl(server, acme.user.accessToken, answer, bytes, { ...answer.headers, 'x-amz-checksum-sha256': answer.headers['x-amz-checksum-sha256']! }))
      .status).toBe(200);
    await refusedWith(answer, 422, 'hash_mismatch');
  });

  it('the bucket refuses a PUT with another Content-Type, another length, or after the URL expired', async () => {
    const bytes = pdfBytes(5000);
    const { body: answer } = await askUrl({ size: bytes.length });
    expect((await putToUploadUrl(server, acme.user.accessToken, answer, bytes, { 'content-type': 'text/html' })).status).toBe(403);
    expect((await putToUploadUrl(server, acme.user.accessToken, answer, pdfBytes(5001))).status).toBe(403);
    expect(await storage.keys()).toEqual([]);
    // Nothing arrived: the confirm says so and the row waits (swept after 14 days like any partial upload).
    const early = await confirm(answer);
    expect(early.status).toBe(409);
    expect((await early.json()).error).toBe('The upload of this file is not complete yet.');

    clock = new Date(Date.now() - 6 * 60_000); // a URL issued six minutes ago has expired (5 min)
    const { body: stale } = await askUrl({ size: bytes.length });
    clock = null;
    const late = await putToUploadUrl(server, acme.user.accessToken, stale, bytes);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('expired');
    expect((await confirm(stale)).status).toBe(409);
    expect(await storage.keys()).toEqual([]);
  });

  it('answers downloads with a 60-second presigned redirect that serves the file as an attachment, then expires', async () => {
    const bytes = pdfBytes(12_000);
    const { body: answer } = await askUrl({ size: bytes.length });
    await putToUploadUrl(server, acme.user.accessToken, answer, bytes);
    expect((await confirm(answer)).status).toBe(200);
    const res = await request(server, acme.user.accessToken, 'GET', `/api/evidence/${answer.evidenceId}/download`);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(storage.s3!.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    const got = await fetch(location);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="Board policy (final).pdf"; filename*=UTF-8''Board%20policy%20%28final%29.pdf`);
    expect(sha256Hex(new Uint8Array(await got.arrayBuffer()))).toBe(sha256Hex(bytes));
    // The streamed delivery (the SPA's) keeps ETag and nosniff.
    const streamed = await request(server, acme.user.accessToken, 'GET', `/api/evidence/${answer.evidenceId}/download?delivery=stream`);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('etag')).toBe(`"${sha256Hex(bytes)}"`);
    expect(streamed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sha256Hex(new Uint8Array(await streamed.arrayBuffer()))).toBe(sha256Hex(bytes));
    expect((await request(server, acme.user.accessToken, 'GET', `/api/evidence/${answer.evidenceId}/download?delivery=zip`)).status).toBe(400);

    clock = new Date(Date.now() - 61_000); // a redirect issued 61 seconds ago no longer works
    const old = await request(server, acme.user.accessToken, 'GET', `/api/evidence/${answer.evidenceId}/download`);
    clock = null;
    const expired = await fetch(old.headers.get('location')!);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('expired');
  });

  it("keeps another organization out: no download, no upload URL for a foreign response, no confirming a foreign id", async () => {
    const bytes = pdfBytes(3000);
    const { body: answer } = await askUrl({ size: bytes.length });
    await putToUploadUrl(server, acme.user.accessToken, answer, bytes);
    // Globex confirming Acme's id: 404, and Acme's upload is untouched.
    expect((await confirm(answer, globex)).status).toBe(404);
    expect(await rowOf(answer.evidenceId)).toMatchObject({ status: 'uploading' });
    expect((await confirm(answer)).status).toBe(200);
    const probe = await request(server, globex.user.accessToken, 'GET', `/api/evidence/${answer.evidenceId}/download`);
    expect(probe.status).toBe(404);
    expect(probe.headers.get('location')).toBeNull();
    const foreign = await askUrl({ size: 3000 }, globex);
    expect(foreign.status).toBe(404);
    expect(foreign.body.uploadUrl).toBeUndefined();
    expect((await askUrl({ responseId: randomUUID(), size: 3000 })).status).toBe(404);
    expect((await request(server, null, 'POST', '/api/evidence/upload-url', { json: { responseId, fileName: 'a.pdf' } })).status).toBe(401);
  });

  it('detaching removes the object from the bucket', async () => {
    const { body: answer } = await askUrl({ size: 4000 });
    await putToUploadUrl(server, acme.user.accessToken, answer, pdfBytes(4000));
    expect((await confirm(answer)).status).toBe(200);
    expect(await storage.keys()).toEqual([`${acme.orgId}/${answer.evidenceId}`]);
    expect((await request(server, acme.user.accessToken, 'DELETE', `/api/evidence/${answer.evidenceId}`)).status).toBe(200);
    expect(await storage.keys()).toEqual([]);
    expect((await request(server, acme.user.accessToken, 'GET', `/api/evidence/${answer.evidenceId}/download`)).status).toBe(404);
  });

  it('a URL still valid after the confirm cannot replace the checked bytes: it only reaches a staging key that never counts', async () => {
    const good = pdfBytes(20_000);
    const { body: answer } = await askUrl({ size: good.length });
    expect((await putToUploadUrl(server, acme.user.accessToken, answer, good)).status).toBe(200);
    expect((await confirm(answer)).status).toBe(200);
    // Same length (the signed Content-Length), other content: an executable.
    const evil = new Uint8Array(good.length).fill(0x41);
    evil.set([0x4d, 0x5a], 0);
    expect((await putToUploadUrl(server, acme.user.accessToken, answer, evil)).status).toBe(200);
    const served = await request(server, acme.user.accessToken, 'GET', `/api/evidence/${answer.evidenceId}/download?delivery=stream`);
    expect(sha256Hex(new Uint8Array(await served.arrayBuffer()))).toBe(sha256Hex(good));
    // Confirming again answers the file as it is; the staging object is not moved over it.
    expect(await (await confirm(answer)).json()).toMatchObject({ status: 'attached', size: good.length });
    expect(await storage.keys()).toEqual([`${acme.orgId}/${answer.evidenceId}`, `${acme.orgId}/${answer.evidenceId}.upload`].sort());
    // Detaching removes both.
    expect((await request(server, acme.user.accessToken, 'DELETE', `/api/evidence/${answer.evidenceId}`)).status).toBe(200);
    expect(await storage.keys()).toEqual([]);
  });

  it('does not attach a file confirmed after its assessment was submitted', async () => {
    const good = pdfBytes(20_000);
    const { body: answer } = await askUrl({ size: good.length, sha256: sha256Hex(good) });
    expect((await putToUploadUrl(server, acme.user.accessToken, answer, good)).status).toBe(200);
    await server.deps.db.update(assessments).set({ status: 'submitted' }).where(eq(assessments.id, acme.assessmentId));
    const res = await confirm(answer);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'assessment_locked' });
    expect(await rowOf(answer.evidenceId)).toMatchObject({ status: 'uploading' });
  });

  it('lets one confirm at a time check a file: a second one while the first holds its claim answers 409 upload_in_progress', async () => {
    const good = pdfBytes(20_000);
    const { body: answer } = await askUrl({ size: good.length });
    expect((await putToUploadUrl(server, acme.user.accessToken, answer, good)).status).toBe(200);
    // A claim in flight, as claimUpload leaves it (updated_at ahead of the database clock).
    await server.deps.db.update(evidenceFiles).set({ updatedAt: sql`now() + interval '10 minutes'` }).where(eq(evidenceFiles.id, answer.evidenceId));
    const busy = await confirm(answer);
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ code: 'upload_in_progress', error: expect.stringContaining('being checked') });
    expect(await storage.keys()).toEqual([`${acme.orgId}/${answer.evidenceId}.upload`]);
    await server.deps.db.update(evidenceFiles).set({ updatedAt: sql`now()` }).where(eq(evidenceFiles.id, answer.evidenceId));
    // Parallel confirms: each answers the attached file or 409 upload_in_progress, never a second check.
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(answer).then(async (r) => ({ status: r.status, body: await r.json() }))));
    for (const a of answers) {
      if (a.status === 200) expect(a.body).toMatchObject({ status: 'attached', size: good.length });
      else expect(a).toMatchObject({ status: 409, body: { code: 'upload_in_progress' } });
    }
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(await rowOf(answer.evidenceId)).toMatchObject({ status: 'attached', sha256: sha256Hex(good) });
    expect(await storage.keys()).toEqual([`${acme.orgId}/${answer.evidenceId}`]);
  });

  it('spends a budget of upload URLs per user (120 an hour), then answers 429 rate_limited', async () => {
    for (let i = 0; i < RATE_LIMITS.uploadUrl.max; i++) expect((await askUrl({ responseId: randomUUID(), size: 3000 })).status).toBe(404);
    const over = await askUrl({ size: 3000 });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('rate_limited');
    expect((await askUrl({ responseId: await globexResponse(), size: 3000 }, globex)).status).toBe(200); // another user's budget is its own
  });

  it(`caps unfinished uploads at ${MAX_OPEN_UPLOADS} per organization with 429 and a message`, async () => {
    for (let i = 0; i < MAX_OPEN_UPLOADS; i++) expect((await askUrl({ size: 3000 })).status).toBe(200);
    const over = await askUrl({ size: 3000 });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'rate_limited', error: `Your organization has ${MAX_OPEN_UPLOADS} unfinished uploads. Finish or remove some before starting another.` });
    expect((await askUrl({ responseId: await globexResponse(), size: 3000 }, globex)).status).toBe(200);
  });

  it('the scheduled sweep removes abandoned uploads of every organization and stray staging objects', async () => {
    const bytes = pdfBytes(3000);
    const { body: abandoned } = await askUrl({ size: bytes.length });
    await putToUploadUrl(server, acme.user.accessToken, abandoned, bytes);
    const { body: done } = await askUrl({ size: bytes.length });
    await putToUploadUrl(server, acme.user.accessToken, done, bytes);
    expect((await confirm(done)).status).toBe(200);
    await putToUploadUrl(server, acme.user.accessToken, done, bytes); // after the confirm: a stray staging object
    const { body: fresh } = await askUrl({ responseId: await globexResponse(), size: bytes.length }, globex);
    await putToUploadUrl(server, globex.user.accessToken, fresh, bytes);
    await server.deps.db.update(evidenceFiles).set({ updatedAt: new Date(Date.now() - 15 * 86_400_000) }).where(eq(evidenceFiles.id, abandoned.evidenceId));
    const sweep = JOBS.find((j) => j.name === 'evidence.sweep_uploads')!;
    expect(await sweep.run(server.deps, new Date())).toEqual({ abandoned: 1, staging: 1 });
    expect(await rowOf(abandoned.evidenceId)).toBeUndefined();
    expect(await storage.keys()).toEqual([`${acme.orgId}/${done.evidenceId}`, `${globex.orgId}/${fresh.evidenceId}.upload`].sort());
    expect((await confirm(fresh, globex)).status).toBe(200);
  });
});
