// The one-shot way in (evidence.multipart.ts) when another upload saved the same evidence id first
// (ids are client-made on the upload-URL way in, and two requests can race past its check): the
// saved row is never deleted, whichever organization it belongs to, and its stored bytes stay.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { evidenceFiles } from '../../db/schema/index.ts';
import type { EvidenceContext } from './evidence.access.ts';
import { STORAGE_MATRIX, evidenceStorage, orgWithAssessment, pdfBytes, type EvidenceOrg, type EvidenceStorage } from './evidence.fixtures.ts';
import { storeWholeFile } from './evidence.multipart.ts';
import { storageKeyOf } from './evidence.storage.ts';

describe.each(STORAGE_MATRIX)('multipart evidence: a duplicate evidence id (%s, %s)', (driver, kind) => {
  let server: TestServer;
  let storage: EvidenceStorage;
  let acme: EvidenceOrg;
  let globex: EvidenceOrg;

  beforeEach(async () => {
    storage = await evidenceStorage(kind);
    server = await createTestServer(driver, storage.env);
    acme = await orgWithAssessment(server, 'Acme');
    globex = await orgWithAssessment(server, 'Globex');
  });
  afterEach(async () => {
    await server.close();
    await storage.stop();
  });

  const accessOf = (org: EvidenceOrg): EvidenceContext => ({
    db: server.deps.db,
    storage: server.deps.storage,
    env: { EVIDENCE_MAX_MB: 25, EVIDENCE_CLAIM_SECONDS: 30 },
    now: () => new Date(),
    caller: { id: org.user.userId, organization: null, organizationId: org.orgId },
  });
  const store = async (org: EvidenceOrg, id: string, bytes: Uint8Array) => [
    await storeWholeFile(accessOf(org), { assessmentId: org.assessmentId, questionId: org.questionId, id, fileName: 'policy.pdf', fileType: 'application/pdf', bytes }),
  ];
  const rowOf = async (id: string) => (await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id)))[0];
  /** The stored bytes under the organization's key for the id, or null when there are none. */
  const storedBytes = async (org: EvidenceOrg, id: string) => {
    const stream = await server.deps.storage.get(storageKeyOf(org.orgId, id));
    if (!stream) return null;
    const parts: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(Buffer.from(chunk));
    return new Uint8Array(Buffer.concat(parts));
  };

  it("another organization's upload with the id gets a 409; the saved row and its bytes stay", async () => {
    const id = randomUUID();
    const original = pdfBytes(2048, 1);
    await store(acme, id, original);
    await expect(store(globex, id, pdfBytes(2048, 2))).rejects.toMatchObject({ status: 409, message: 'This evidence id is already used by another file' });
    expect(await rowOf(id)).toMatchObject({ organizationId: acme.orgId, status: 'attached' });
    expect(await storedBytes(acme, id)).toEqual(original);
    expect(await storedBytes(globex, id)).toBeNull();
  });

  it('the same file again in the organization answers as a repeat; other bytes get a 409; the row stays', async () => {
    const id = randomUUID();
    const bytes = pdfBytes(2048, 3);
    const [first] = await store(acme, id, bytes);
    const [again] = await store(acme, id, bytes);
    expect(again).toMatchObject({ id, sha256: first!.sha256, status: 'attached' });
    expect(await storedBytes(acme, id)).toEqual(bytes);
    await expect(store(acme, id, pdfBytes(4096, 4))).rejects.toMatchObject({ status: 409 });
    expect(await rowOf(id)).toMatchObject({ organizationId: acme.orgId, status: 'attached', sha256: first!.sha256 });
    expect(await storedBytes(acme, id)).toEqual(bytes); // the refused upload never wrote over the saved file
    const keys: string[] = [];
    for await (const key of server.deps.storage.list(`${acme.orgId}/`)) keys.push(key);
    expect(keys).toEqual([storageKeyOf(acme.orgId, id)]); // nothing staged is left behind
  });
});
