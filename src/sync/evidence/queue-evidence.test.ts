import { createHash } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncDatabase } from '../db.ts';
import { queueEvidence, type PickedFile } from './queue-evidence.ts';

const ASSESSMENT = '0194f000-0000-7000-8000-000000000001';
const QUESTION = '0194f000-0000-7000-8000-000000000002';
const USER = '0194f000-0000-7000-8000-000000000003';

function picked(name: string, bytes: Uint8Array, type = '', size = bytes.length): PickedFile & { reads: number } {
  const file = {
    name,
    type,
    size,
    reads: 0,
    async arrayBuffer() {
      file.reads += 1;
      return bytes.slice().buffer as ArrayBuffer;
    },
  };
  return file;
}

const pdf = (size: number) => {
  const b = new Uint8Array(size).fill(0x41);
  b.set(new TextEncoder().encode('%PDF-1.7\n'));
  return b;
};

describe('queueEvidence', () => {
  let db: SyncDatabase;
  beforeEach(async () => {
    db = new SyncDatabase(`evidence-queue-${crypto.randomUUID()}`, { indexedDB, IDBKeyRange });
    await db.open();
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  const queue = (file: PickedFile, maxMb = 25, storage: Parameters<typeof queueEvidence>[2]['storage'] = null) =>
    queueEvidence(db, { assessmentId: ASSESSMENT, questionId: QUESTION, userId: USER, file }, { maxMb, storage });

  it('stores the bytes, their SHA-256 and an upload job in one go', async () => {
    const bytes = pdf(10_000);
    const queued: string[] = [];
    const res = await queueEvidence(db, { assessmentId: ASSESSMENT, questionId: QUESTION, userId: USER, file: picked('../Policy.pdf', bytes, 'application/pdf') }, { maxMb: 25, storage: null, onQueued: (id) => queued.push(id) });
    expect(res.ok).toBe(true);
    const id = (res as { evidenceId: string }).evidenceId;
    expect(queued).toEqual([id]);
    const row = await db.evidence.get(id);
    expect(row).toMatchObject({ fileName: 'Policy.pdf', mimeType: 'application/pdf', sizeBytes: 10_000, status: 'queued', progress: 0, userId: USER });
    expect(row!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(new Uint8Array(row!.bytes!)).toEqual(bytes);
    expect(await db.uploads.get(id)).toEqual({ evidenceId: id, offset: 0, uploadUrl: null });
  });

  it('refuses an oversize file with a clear message without reading or storing it', async () => {
    const file = picked('big.pdf', pdf(100), 'application/pdf', 26 * 1024 * 1024);
    expect(await queue(file)).toEqual({ ok: false, code: 'payload_too_large', message: 'This file is larger than 25 MB. Please attach a smaller file.' });
    expect(file.reads).toBe(0);
    expect(await db.evidence.count()).toBe(0);
    expect(await db.uploads.count()).toBe(0);
  });

  it('honours a smaller EVIDENCE_MAX_MB from the config', async () => {
    expect(await queue(picked('a.pdf', pdf(2 * 1024 * 1024)), 1)).toMatchObject({ ok: false, code: 'payload_too_large', message: expect.stringContaining('1 MB') });
  });

  it('refuses kinds that are not allowed, and disguised executables, before queuing', async () => {
    const exe = new Uint8Array(64);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    expect(await queue(picked('tool.exe', exe))).toMatchObject({ ok: false, code: 'unsupported_media_type', message: expect.stringContaining('Allowed: PDF') });
    expect(await queue(picked('report.pdf', exe, 'application/pdf'))).toMatchObject({
      ok: false,
      code: 'unsupported_media_type',
      message: 'The content of this file does not match its type, so it cannot be attached.',
    });
    expect(await db.evidence.count()).toBe(0);
  });

  it('refuses a file when the device lacks space for it', async () => {
    const storage = { estimate: async () => ({ quota: 1_000_000, usage: 990_000 }) };
    expect(await queue(picked('a.pdf', pdf(20_000)), 25, storage)).toMatchObject({ ok: false, code: 'storage_full' });
    expect(await db.evidence.count()).toBe(0);
  });

  it('asks once for persistent storage when space is fine', async () => {
    let asked = 0;
    const storage = { estimate: async () => ({ quota: 1e9, usage: 0 }), persisted: async () => asked > 0, persist: async () => ++asked > 0 };
    await queue(picked('a.pdf', pdf(100)), 25, storage);
    await queue(picked('b.pdf', pdf(100)), 25, storage);
    expect(asked).toBe(1);
    expect(await db.evidence.count()).toBe(2);
  });
});
