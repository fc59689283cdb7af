// PUT /api/evidence/uploads/{id}/content (the upload URL's target on this server, ADR 014): two
// requests racing with different bytes for one evidence id. One wins the row and only its bytes are
// ever written under the file's key (evidence.multipart.ts storeOne claims the row before writing);
// the other answers 409. Disk and S3 stores, every database driver.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evidenceFiles } from '#server/db/schema/index.ts';
import {
  STORAGE_RACE_MATRIX,
  downloadEvidence,
  evidenceStorage,
  orgWithAssessment,
  pdfBytes,
  request,
  sha256Hex,
  type EvidenceOrg,
  type EvidenceStorage,
} from '#server/features/evidence/evidence.fixtures.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';

const ROUNDS = 12;

describe.each(STORAGE_RACE_MATRIX)('parallel PUTs of one upload id (%s, %s)', (driver, kind) => {
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

  const put = (id: string, bytes: Uint8Array) => {
    const query = new URLSearchParams({ assessmentId: acme.assessmentId, questionId: acme.questionId, fileName: 'policy.pdf' });
    return request(server, acme.user.accessToken, 'PUT', `/api/evidence/uploads/${id}/content?${query.toString()}`, { bytes, headers: { 'content-type': 'application/pdf' } });
  };
  async function storedSha(key: string): Promise<string | null> {
    const stream = await server.deps.storage.get(key);
    if (!stream) return null;
    const parts: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
    return sha256Hex(new Uint8Array(Buffer.concat(parts)));
  }

  it('stores only the winner’s bytes, whose SHA-256 is the one recorded; the loser answers 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = randomUUID();
      const files = [pdfBytes(200_000 + round, 2 * round + 1), pdfBytes(150_000 + round, 2 * round + 2)];
      const answers = await Promise.all(files.map(async (bytes) => {
        const res = await put(id, bytes);
        return { status: res.status, body: (await res.json()) as Record<string, unknown>, sha: sha256Hex(bytes) };
      }));
      expect(answers.map((a) => a.status).sort(), `round ${round}: ${JSON.stringify(answers.map((a) => a.body))}`).toEqual([201, 409]);
      const winner = answers.find((a) => a.status === 201)!;
      expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ code: 'conflict', error: 'This evidence id is already used by another file' });
      const [row] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id));
      expect(row).toMatchObject({ status: 'attached', sha256: winner.sha });
      expect(await storedSha(row!.storageKey), `round ${round}`).toBe(row!.sha256);
    }
    // Only the files themselves are left: no staging object of either side.
    expect((await storage.keys()).filter((k) => !/^[0-9a-f-]{36}\/[0-9a-f-]{36}$/.test(k))).toEqual([]);
    expect(await storage.keys()).toHaveLength(ROUNDS);
  });

  it('a repeat of the winning PUT answers the stored file; the download is the winner’s bytes', async () => {
    const id = randomUUID();
    const bytes = pdfBytes(120_000, 3);
    const [a, b] = await Promise.all([put(id, bytes), put(id, pdfBytes(90_000, 4))]);
    const won = a.status === 201 ? bytes : null;
    if (won) {
      expect(b.status).toBe(409);
      expect((await put(id, bytes)).status).toBe(201);
    } else {
      expect([a.status, b.status]).toEqual([409, 201]);
    }
    const got = new Uint8Array(await (await downloadEvidence(server, acme.user.accessToken, id)).arrayBuffer());
    const [row] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id));
    expect(sha256Hex(got)).toBe(row!.sha256);
  });

  it('a retry of a PUT that died between claiming its row and attaching it stores the file once the claim lapsed', async () => {
    const id = randomUUID();
    const bytes = pdfBytes(50_000, 9);
    // What storeOne leaves when its process dies after the claim: an `uploading` row whose lease ran out.
    await server.deps.db.insert(evidenceFiles).values({
      id,
      organizationId: acme.orgId,
      assessmentId: acme.assessmentId,
      questionId: acme.questionId,
      fileName: 'policy.pdf',
      mimeType: 'application/pdf',
      sizeBytes: bytes.length,
      sha256: sha256Hex(bytes),
      bytesReceived: bytes.length,
      storageKey: `${acme.orgId}/${id}`,
      status: 'uploading',
      uploadedBy: acme.user.userId,
      updatedAt: sql`now() + interval '10 minutes'`,
    });
    const held = await put(id, bytes);
    expect(held.status).toBe(409);
    expect(await held.json()).toMatchObject({ code: 'upload_in_progress' });
    await server.deps.db.update(evidenceFiles).set({ updatedAt: sql`now()` }).where(eq(evidenceFiles.id, id));
    const other = await put(id, pdfBytes(50_000, 10));
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'conflict', error: 'This evidence id is already used by another file' });
    expect((await put(id, bytes)).status).toBe(201);
    const [row] = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id));
    expect(row).toMatchObject({ status: 'attached', sha256: sha256Hex(bytes) });
    expect(await storedSha(row!.storageKey)).toBe(sha256Hex(bytes));
  });
});
