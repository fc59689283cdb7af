// The schema upgrade of an existing device: rows stored by an older version read with today's names.
import { randomUUID } from 'node:crypto';
import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncDatabase } from './db.ts';

/** The version-2 schema exactly as shipped before version 3 renamed evidence fields. */
function openVersion2(name: string): Dexie {
  const old = new Dexie(name, { indexedDB, IDBKeyRange });
  old.version(1).stores({
    answers: '[assessmentId+questionId], assessmentId, syncState',
    outbox: '++seq, &id, entityKey, [assessmentId+status], nextAttemptAt',
    evidence: 'id, assessmentId, [assessmentId+questionId], status',
    uploads: 'evidenceId',
    deferrals: 'id, assessmentId, [assessmentId+questionId]',
    meta: 'key',
  });
  old.version(2).stores({ outbox: '++seq, &id, entityKey, [assessmentId+status], nextAttemptAt, status, [userId+status]' });
  return old;
}

describe('sync database upgrade to version 3', () => {
  const name = `db-upgrade-${randomUUID()}`;
  afterEach(async () => {
    await new Dexie(name, { indexedDB, IDBKeyRange }).delete();
  });

  it("rewrites a stored 'uploaded' file to 'complete' and its `name`, `mime`, `size` to `fileName`, `mimeType`, `sizeBytes`", async () => {
    const old = openVersion2(name);
    const base = { assessmentId: 'a', questionId: 'q', mime: 'application/pdf', size: 3, sha256: 'x', progress: 1, userId: 'u' };
    await old.table('evidence').bulkPut([
      { ...base, id: 'done', name: 'policy.pdf', bytes: new ArrayBuffer(3), status: 'uploaded' },
      { ...base, id: 'on-server', name: 'roster.pdf', bytes: null, status: 'attached' },
    ]);
    old.close();

    const db = new SyncDatabase(name, { indexedDB, IDBKeyRange });
    try {
      expect(await db.evidence.get('done')).toMatchObject({ status: 'complete', fileName: 'policy.pdf', mimeType: 'application/pdf', sizeBytes: 3 });
      expect(await db.evidence.get('on-server')).toMatchObject({ status: 'attached', fileName: 'roster.pdf', mimeType: 'application/pdf', sizeBytes: 3 });
      for (const id of ['done', 'on-server']) {
        const row = await db.evidence.get(id);
        for (const old of ['name', 'mime', 'size']) expect(row, `${id}.${old}`).not.toHaveProperty(old);
      }
      // The status index follows the rewrite: the upload still counts as waiting to be sent.
      expect(await db.evidence.where('status').equals('complete').primaryKeys()).toEqual(['done']);
      expect(await db.evidence.where('status').equals('uploaded').count()).toBe(0);
    } finally {
      db.close();
    }
  });
});
