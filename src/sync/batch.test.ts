import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerKey, SyncDatabase, type OutboxRow } from './db.ts';
import { claimBatch } from './batch.ts';

const A = randomUUID();
const [Q1, Q2, Q3] = [randomUUID(), randomUUID(), randomUUID()];
const me = randomUUID();
const other = randomUUID();

describe('claimBatch', () => {
  let db: SyncDatabase;
  beforeEach(() => void (db = new SyncDatabase(`batch-${randomUUID()}`)));
  afterEach(async () => db.delete());

  const add = (questionId: string, value: 'yes' | 'no', extra: Partial<OutboxRow> = {}) =>
    db.outbox.add({ id: randomUUID(), clientId: 'c', userId: me, orgId: 'o', assessmentId: A, kind: 'answer.set', entityKey: answerKey(A, questionId), payload: { questionId, value }, baseVersion: 0, clientTs: 1, status: 'pending', attempts: 0, nextAttemptAt: 0, ...extra });

  it('sends only the latest unsent edit of a question and drops the older ones; never a row that was on the wire', async () => {
    await add(Q1, 'yes');
    await add(Q2, 'no');
    await add(Q3, 'yes', { attempts: 1 });
    await add(Q1, 'no');
    await add(Q3, 'no');
    await add(Q1, 'yes', { userId: other });

    const batch = await claimBatch(db, { userId: me, now: 10, force: true });
    expect(batch.map((r) => [r.entityKey, (r.payload as { value: string }).value])).toEqual([
      [answerKey(A, Q2), 'no'],
      [answerKey(A, Q3), 'yes'],
      [answerKey(A, Q1), 'no'],
    ]);
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((r) => [r.userId === me ? 'me' : 'other', r.entityKey, (r.payload as { value: string }).value, r.status])).toEqual([
      ['me', answerKey(A, Q2), 'no', 'inflight'],
      ['me', answerKey(A, Q3), 'yes', 'inflight'],
      ['me', answerKey(A, Q1), 'no', 'inflight'],
      ['me', answerKey(A, Q3), 'no', 'pending'],
      ['other', answerKey(A, Q1), 'yes', 'pending'],
    ]);
  });
});
