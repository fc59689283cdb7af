// A file carried into the next assessment (ADR 019) shares its stored bytes with the file it was
// carried from: removing either row keeps the other downloadable; the bytes go with the last one.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf } from '#tests/setup/api-client.ts';
import { createOrgAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { answerAll, createAssessment, getQuestions, postAnswer } from '../assessments/assessments.test-helpers.ts';
import { evidenceFiles } from '../../db/schema/index.ts';
import { releaseStoredBytes } from './evidence.release.ts';
import { STORAGE_MATRIX, downloadEvidence, evidenceStorage, type EvidenceStorage } from './evidence.fixtures.ts';

const BYTES = 'item,owner\nPOC,Ada\n';

describe.each(STORAGE_MATRIX)('carried evidence shares stored bytes (%s, %s)', (driver, kind) => {
  let server: TestServer;
  let storage: EvidenceStorage;
  let admin: Member;
  beforeEach(async () => {
    storage = await evidenceStorage(kind);
    server = await createTestServer(driver, storage.env);
    admin = await createOrgAdmin(server);
  });
  afterEach(async () => {
    await server.close();
    await storage.stop();
  });

  const download = (id: string) => downloadEvidence(server, admin.accessToken, id);
  const del = (evidenceId: string) => apiClient(server, admin.accessToken).evidence[':evidenceId'].$delete({ param: { evidenceId } });
  const rowOf = async (id: string) => (await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id)))[0]!;
  const setStatus = (id: string, status: 'attached' | 'detached') => server.deps.db.update(evidenceFiles).set({ status }).where(eq(evidenceFiles.id, id));

  /** A submitted assessment with one file, and the next assessment carrying a copy of it. */
  async function carriedPair(): Promise<{ previous: EvidenceView; copy: EvidenceView }> {
    const first = await createAssessment(server, admin.accessToken, admin.organizationId);
    const [q] = await getQuestions(server, admin.accessToken, first);
    const saved = await postAnswer(server, admin.accessToken, first, { questionId: q!.id, answer: 'yes', evidence_0: new File([BYTES], 'roster.csv', { type: 'text/csv' }) });
    expect(saved.status).toBe(200);
    await answerAll(server, admin.accessToken, first, () => 'yes', (x) => x.id === q!.id);
    const api = apiClient(server, admin.accessToken).assessments[':id'];
    expect((await api.submit.$post({ param: { id: first } })).status).toBe(200);
    const next = await createAssessment(server, admin.accessToken, admin.organizationId);
    const files: EvidenceView[] = await (await api.evidence.$get({ param: { id: next } })).json();
    expect(files).toHaveLength(1);
    return { previous: saved.body.evidence[0] as EvidenceView, copy: files[0]! };
  }

  it('deleting the carried copy keeps the previous assessment’s file downloadable', async () => {
    const { previous, copy } = await carriedPair();
    expect(copy).toMatchObject({ carried_from: previous.id, sha256: previous.sha256 });
    expect((await rowOf(copy.id)).storageKey).toBe((await rowOf(previous.id)).storageKey);
    expect(await bodyOf(del(copy.id))).toMatchObject({ id: copy.id, status: 'detached' });
    const res = await download(previous.id);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(BYTES);
    // The submitted assessment's own file cannot be deleted through the API at all.
    expect((await del(previous.id)).status).toBe(409);
  });

  it('removing the previous file keeps the carried copy downloadable; the last reference removes the bytes', async () => {
    const { previous, copy } = await carriedPair();
    const prevRow = await rowOf(previous.id);
    // No API removes a submitted assessment's file, so the release is driven directly.
    await setStatus(previous.id, 'detached');
    expect(await releaseStoredBytes(server.deps, prevRow)).toBe(false);
    const res = await download(copy.id);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(BYTES);

    // With the copy detached too, nothing references the key any more: its bytes are removed.
    expect((await del(copy.id)).status).toBe(200);
    expect(await server.deps.storage.head(prevRow.storageKey)).toBeNull();
    expect(await storage.keys()).toEqual([]);
    await setStatus(previous.id, 'attached');
    expect((await download(previous.id)).status).toBe(404);
  });
});
