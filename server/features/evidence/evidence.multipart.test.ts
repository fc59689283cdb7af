// The one-shot way in (evidence.multipart.ts) when another upload saved the same evidence id first
// (ids are client-made on the upload-URL way in, and two requests can race past its check): the
// saved row is never deleted, whichever organization it belongs to, and its stored bytes stay.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { evidenceFiles } from '../../db/schema/index.ts';
import type { EvidenceAccess } from './evidence.access.ts';
import { orgWithAssessment, pdfBytes, type EvidenceOrg } from './evidence.fixtures.ts';
import { storeMultipartEvidence } from './evidence.multipart.ts';
import { evidencePaths, storageKeyOf } from './evidence.storage.ts';

describe.each(DB_DRIVERS)('multipart evidence: a duplicate evidence id (%s)', (driver) => {
  let server: TestServer;
  let dataDir: string;
  let acme: EvidenceOrg;
  let globex: EvidenceOrg;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mvrsp-evidence-multipart-'));
    server = await createTestServer(driver, { DATA_DIR: dataDir });
    acme = await orgWithAssessment(server, 'Acme');
    globex = await orgWithAssessment(server, 'Globex');
  });
  afterEach(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const accessOf = (org: EvidenceOrg): EvidenceAccess => ({
    db: server.deps.db,
    dataDir,
    maxMb: 25,
    now: () => new Date(),
    caller: { id: org.user.userId, organization: null, organizationId: org.orgId },
  });
  const store = (org: EvidenceOrg, id: string, bytes: Uint8Array) =>
    storeMultipartEvidence(accessOf(org), {
      assessmentId: org.assessmentId,
      questionId: org.questionId,
      files: [new File([bytes as Uint8Array<ArrayBuffer>], 'policy.pdf', { type: 'application/pdf' })],
      ids: [id],
    });
  const rowOf = async (id: string) => (await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id)))[0];
  const storedBytes = (org: EvidenceOrg, id: string) => readFile(evidencePaths(dataDir, storageKeyOf(org.orgId, id)).final);

  it("another organization's upload with the id gets a 409; the saved row and its bytes stay", async () => {
    const id = randomUUID();
    const original = pdfBytes(2048, 1);
    await store(acme, id, original);
    await expect(store(globex, id, pdfBytes(2048, 2))).rejects.toMatchObject({ status: 409, message: 'This evidence id is already used by another file' });
    expect(await rowOf(id)).toMatchObject({ organizationId: acme.orgId, status: 'attached' });
    expect(new Uint8Array(await storedBytes(acme, id))).toEqual(original);
    await expect(storedBytes(globex, id)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('the same file again in the organization answers as a repeat; other bytes get a 409; the row stays', async () => {
    const id = randomUUID();
    const bytes = pdfBytes(2048, 3);
    const [first] = await store(acme, id, bytes);
    const [again] = await store(acme, id, bytes);
    expect(again).toMatchObject({ id, sha256: first!.sha256, status: 'attached' });
    expect(new Uint8Array(await storedBytes(acme, id))).toEqual(bytes);
    await expect(store(acme, id, pdfBytes(4096, 4))).rejects.toMatchObject({ status: 409 });
    expect(await rowOf(id)).toMatchObject({ organizationId: acme.orgId, status: 'attached', sha256: first!.sha256 });
  });
});
