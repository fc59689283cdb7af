import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerKey, SyncDatabase } from './db.ts';
import { storageProblem } from './write-guard.ts';
import { getClientId } from './client-id.ts';
import { recordAnswer } from './answer-save.ts';
import { cancelSubmit, queueSubmit, recordDeferral } from './outbox.ts';
import { resolveConflict } from './resolve.ts';

const A = randomUUID();
const Q1 = randomUUID();
const Q2 = randomUUID();
const me = { userId: randomUUID(), orgId: randomUUID() };

describe('outbox writes', () => {
  let db: SyncDatabase;
  let t = 1_000;
  const deps = { now: () => t, onEnqueue: () => void enqueued++ };
  let enqueued = 0;

  beforeEach(() => {
    db = new SyncDatabase(`outbox-${randomUUID()}`);
    enqueued = 0;
  });
  afterEach(async () => db.delete());

  const answer = (questionId: string, value: 'yes' | 'no') => recordAnswer(db, { assessmentId: A, questionId, value, ...me }, deps);

  it('writes the answer and its outbox row together', async () => {
    expect(await answer(Q1, 'yes')).toEqual({ ok: true, value: undefined });
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ kind: 'answer.set', entityKey: answerKey(A, Q1), payload: { questionId: Q1, value: 'yes' }, baseVersion: 0, status: 'pending', attempts: 0, userId: me.userId });
    expect(row!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(await db.answers.get([A, Q1])).toMatchObject({ value: 'yes', syncState: 'pending', serverVersion: 0 });
    expect(enqueued).toBe(1);
  });

  it('coalesces unsent edits of one question into one row: the latest edit, on the first edit\'s base version', async () => {
    await answer(Q1, 'yes');
    await answer(Q2, 'no');
    // A pull learnt of version 4 meanwhile; the user has not seen it (the row is pending), so the
    // edit must still be checked against the version the first edit was made on.
    await db.answers.update([A, Q1], { serverVersion: 4 });
    t += 10;
    await answer(Q1, 'no');
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.entityKey).toBe(answerKey(A, Q2));
    expect(rows[1]).toMatchObject({ entityKey: answerKey(A, Q1), payload: { value: 'no' }, clientTs: 1_010, baseVersion: 0, attempts: 0 });
  });

  describe('decided on the stored rows', () => {
    const stored = () => db.answers.get([A, Q1]);

    it('re-answering writes the same rows as a first answer', async () => {
      expect(await answer(Q1, 'yes')).toEqual({ ok: true, value: undefined });
      t += 5;
      expect(await answer(Q1, 'no')).toEqual({ ok: true, value: undefined });
      const rows = await db.outbox.toArray();
      expect(rows).toEqual([expect.objectContaining({ payload: { questionId: Q1, value: 'no' }, baseVersion: 0, status: 'pending', attempts: 0 })]);
      expect(await stored()).toMatchObject({ value: 'no', syncState: 'pending', serverVersion: 0 });
      expect(enqueued).toBe(2);
    });

    it('takes the base version and the names from the stored row', async () => {
      await db.answers.put({ assessmentId: A, questionId: Q1, value: 'yes', serverVersion: 3, serverValue: 'yes', updatedBy: 'bob', updatedByName: 'Bob B', updatedAt: null, syncState: 'synced', origin: 'answered' });
      expect((await answer(Q1, 'no')).ok).toBe(true);
      expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ baseVersion: 3, payload: { questionId: Q1, value: 'no' } })]);
      expect(await stored()).toMatchObject({ value: 'no', serverVersion: 3, serverValue: 'yes', updatedByName: 'Bob B', syncState: 'pending' });
    });

    it('re-confirms a carried answer by its own value, one by one or in bulk (ADR 019)', async () => {
      const carried = { assessmentId: A, value: 'yes', serverVersion: 1, serverValue: 'yes', updatedBy: 'bob', updatedByName: 'Bob B', updatedAt: null, syncState: 'synced', origin: 'carried' } as const;
      await db.answers.bulkPut([{ ...carried, questionId: Q1 }, { ...carried, questionId: Q2 }]);
      expect(await answer(Q1, 'yes')).toEqual({ ok: true, value: undefined });
      expect(await recordAnswer(db, { assessmentId: A, questionId: Q2, value: 'yes', bulk: true, ...me }, deps)).toEqual({ ok: true, value: undefined });
      const rows = await db.outbox.orderBy('seq').toArray();
      expect(rows.map((r) => [r.payload, r.baseVersion])).toEqual([
        [{ questionId: Q1, value: 'yes' }, 1],
        [{ questionId: Q2, value: 'yes', bulk: true }, 1],
      ]);
      expect(await db.answers.bulkGet([[A, Q1], [A, Q2]])).toMatchObject([
        { value: 'yes', origin: 'confirmed', syncState: 'pending' },
        { value: 'yes', origin: 'bulk_confirmed', syncState: 'pending' },
      ]);
      // Once confirmed, a bulk confirmation of it again writes nothing.
      expect(await recordAnswer(db, { assessmentId: A, questionId: Q2, value: 'yes', bulk: true, ...me }, deps)).toEqual({ ok: true, value: undefined });
      expect(await db.outbox.count()).toBe(2);
    });

    it('writes nothing when the stored state refuses the save or makes it a no-op', async () => {
      await answer(Q1, 'yes');
      await queueSubmit(db, { assessmentId: A, ...me }, deps);
      const before = await db.outbox.toArray();
      expect(await answer(Q1, 'no')).toMatchObject({ ok: false, code: 'submit_queued' });
      expect(await db.outbox.toArray()).toEqual(before);
      expect(await stored()).toMatchObject({ value: 'yes' });

      await cancelSubmit(db, { assessmentId: A, userId: me.userId });
      await db.outbox.clear();
      await db.answers.update([A, Q1], { syncState: 'synced', serverVersion: 2 });
      const synced = (await stored())!;
      // The device holds a synced "yes": answering "yes" is nothing to send.
      expect(await answer(Q1, 'yes')).toEqual({ ok: true, value: undefined });
      expect(await db.outbox.count()).toBe(0);
      expect(await stored()).toEqual(synced);
    });
  });

  it('never changes a row that was already sent: a new edit appends a row', async () => {
    await answer(Q1, 'yes');
    const [sent] = await db.outbox.toArray();
    await db.outbox.update(sent!.seq!, { attempts: 1 });
    await answer(Q1, 'no');
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => (r.payload as { value: string }).value)).toEqual(['yes', 'no']);
  });

  it('keeps one client id per install', async () => {
    const a = await getClientId(db);
    expect(await getClientId(db)).toBe(a);
  });

  it('rejects an invalid value before it reaches the queue', async () => {
    const r = await recordAnswer(db, { assessmentId: A, questionId: Q1, value: 'maybe' as 'yes', ...me }, deps);
    expect(r).toMatchObject({ ok: false, code: 'invalid', message: 'Answer must be yes or no' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('locks editing while a submit is queued, until it is cancelled', async () => {
    await answer(Q1, 'yes');
    expect((await queueSubmit(db, { assessmentId: A, ...me }, deps)).ok).toBe(true);
    expect(await answer(Q1, 'no')).toMatchObject({ ok: false, code: 'submit_queued' });
    expect(await recordDeferral(db, { assessmentId: A, questionId: Q2, deferToUserId: randomUUID(), ...me }, deps)).toMatchObject({ ok: false, code: 'submit_queued' });
    expect(await cancelSubmit(db, { assessmentId: A, userId: me.userId })).toEqual({ ok: true, value: true });
    expect((await answer(Q1, 'no')).ok).toBe(true);
  });

  it('cannot cancel a submit that is already on the wire', async () => {
    await queueSubmit(db, { assessmentId: A, ...me }, deps);
    const [row] = await db.outbox.toArray();
    await db.outbox.update(row!.seq!, { status: 'inflight', attempts: 1 });
    expect(await cancelSubmit(db, { assessmentId: A, userId: me.userId })).toEqual({ ok: true, value: false });
    expect(await db.outbox.count()).toBe(1);
  });

  it('resolves a conflict: "use theirs" adopts the server value, "keep mine" re-queues on the server version', async () => {
    const conflict = { value: 'yes' as const, version: 3, by: 'bob', byName: 'Bob B', at: '2026-11-01T10:02:00.000Z' };
    const seedConflict = async () => {
      await db.answers.put({ assessmentId: A, questionId: Q1, value: 'no', serverVersion: 2, serverValue: 'no', updatedBy: me.userId, updatedByName: null, updatedAt: null, syncState: 'conflict', origin: 'answered', conflict });
      await db.outbox.add({ id: randomUUID(), clientId: 'c', ...me, assessmentId: A, kind: 'answer.set', entityKey: answerKey(A, Q1), payload: { questionId: Q1, value: 'no' }, baseVersion: 2, clientTs: 1, status: 'conflict', attempts: 1, nextAttemptAt: 0 });
    };
    await seedConflict();
    await resolveConflict(db, { assessmentId: A, questionId: Q1, choice: 'theirs', ...me }, deps);
    expect(await db.answers.get([A, Q1])).toMatchObject({ value: 'yes', serverVersion: 3, syncState: 'synced', updatedByName: 'Bob B' });
    expect(await db.outbox.count()).toBe(0);

    await seedConflict();
    await resolveConflict(db, { assessmentId: A, questionId: Q1, choice: 'mine', ...me }, deps);
    const rows = await db.outbox.toArray();
    expect(rows).toEqual([expect.objectContaining({ status: 'pending', baseVersion: 3, payload: { questionId: Q1, value: 'no' }, attempts: 0 })]);
    const local = await db.answers.get([A, Q1]);
    expect(local).toMatchObject({ value: 'no', syncState: 'pending' });
    expect(local?.conflict).toBeUndefined();
  });

  it('tells live queries about the native save, and only those whose keys it touched', async () => {
    const seen: (string | undefined)[] = [];
    let otherRuns = 0;
    const mine = liveQuery(() => db.answers.get([A, Q1])).subscribe({ next: (a) => void seen.push(a?.value) });
    const other = liveQuery(() => db.answers.where('assessmentId').equals(randomUUID()).toArray()).subscribe({ next: () => void otherRuns++ });
    await expect.poll(() => seen.length).toBe(1);
    await expect.poll(() => otherRuns).toBe(1);
    await answer(Q1, 'yes');
    await expect.poll(() => seen).toEqual([undefined, 'yes']);
    await answer(Q1, 'no');
    await expect.poll(() => seen).toEqual([undefined, 'yes', 'no']);
    expect(otherRuns).toBe(1);
    mine.unsubscribe();
    other.unsubscribe();
  });

  it('writes nothing when a read of the save fails', async () => {
    await answer(Q1, 'yes');
    const getAll = IDBIndex.prototype.getAll;
    IDBIndex.prototype.getAll = function () {
      throw new DOMException('The backing store failed.', 'UnknownError');
    };
    const r = await answer(Q1, 'no').finally(() => (IDBIndex.prototype.getAll = getAll));
    expect(r).toMatchObject({ ok: false, code: 'storage_unavailable' });
    expect(await db.answers.get([A, Q1])).toMatchObject({ value: 'yes' });
    expect((await db.outbox.toArray()).map((row) => row.payload)).toEqual([{ questionId: Q1, value: 'yes' }]);
  });

  it('turns a full disk into a result and a visible state, writing nothing', async () => {
    const add = IDBObjectStore.prototype.add;
    IDBObjectStore.prototype.add = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const r = await answer(Q1, 'yes').finally(() => (IDBObjectStore.prototype.add = add));
    expect(r).toMatchObject({ ok: false, code: 'storage_full' });
    expect(storageProblem()).toBe('storage_full');
    expect(await db.answers.count()).toBe(0);
    expect(enqueued).toBe(0);
  });

  it('reopens a closed connection once and completes the write', async () => {
    await getClientId(db);
    db.close({ disableAutoOpen: true });
    expect(await answer(Q1, 'yes')).toEqual({ ok: true, value: undefined });
    expect(await db.outbox.count()).toBe(1);
    expect(storageProblem()).toBeNull();
  });
});
