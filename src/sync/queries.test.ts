import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncDatabase } from './db.ts';
import { recordAnswer } from './answer-save.ts';
import { queueSubmit, recordDeferral } from './outbox.ts';
import { answersMap, outboxSummary } from './queries.ts';

describe('read models', () => {
  let db: SyncDatabase;
  const A = randomUUID();
  const [Q1, Q2, Q3] = [randomUUID(), randomUUID(), randomUUID()];
  const me = { userId: randomUUID(), orgId: randomUUID() };

  beforeEach(() => {
    db = new SyncDatabase(`queries-${randomUUID()}`);
  });
  afterEach(() => db.delete());

  it('summarises what still waits: answers per question, files and bytes left, deferrals, submit', async () => {
    await recordAnswer(db, { assessmentId: A, questionId: Q1, value: 'yes', ...me });
    await recordAnswer(db, { assessmentId: A, questionId: Q2, value: 'no', ...me });
    const [first] = await db.outbox.toArray();
    await db.outbox.update(first!.seq!, { attempts: 1 });
    await recordAnswer(db, { assessmentId: A, questionId: Q1, value: 'no', ...me }); // second row, same question
    await recordDeferral(db, { assessmentId: A, questionId: Q3, deferToUserId: randomUUID(), ...me });
    await db.evidence.bulkPut([
      { id: randomUUID(), assessmentId: A, questionId: Q1, fileName: 'a.pdf', mimeType: 'application/pdf', sizeBytes: 1000, sha256: 'x', bytes: null, status: 'uploading', progress: 0.25 },
      { id: randomUUID(), assessmentId: A, questionId: Q2, fileName: 'b.pdf', mimeType: 'application/pdf', sizeBytes: 500, sha256: 'y', bytes: null, status: 'attached', progress: 1 },
    ]);
    await queueSubmit(db, { assessmentId: A, ...me });
    expect(await outboxSummary(db, A)).toEqual({ answers: 2, files: 1, fileBytes: 750, deferrals: 1, submitQueued: true, conflicts: 0, rejected: 0 });
    expect(await outboxSummary(db, randomUUID())).toMatchObject({ answers: 0, submitQueued: false });
  });

  it('maps answers by question with their sync state', async () => {
    await recordAnswer(db, { assessmentId: A, questionId: Q1, value: 'yes', ...me });
    expect(await answersMap(db, A)).toEqual({
      [Q1]: expect.objectContaining({ value: 'yes', syncState: 'pending', conflict: null, error: null, updatedBy: me.userId }),
    });
  });
});
