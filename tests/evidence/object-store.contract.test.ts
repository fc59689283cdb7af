// The ObjectStore contract (server/lib/storage/object-store.ts), run against both stores: the disk
// store in a temporary DATA_DIR and the S3 store against a real S3-compatible server.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '#server/lib/storage/object-store.disk.ts';
import { createS3Store } from '#server/lib/storage/object-store.s3.ts';
import type { ObjectStore } from '#server/lib/storage/index.ts';
import { startS3Server, type TestS3Server } from '#tests/support/s3-server.ts';

async function readAll(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

const kinds = ['disk', 's3'] as const;

describe.each(kinds)('ObjectStore contract (%s)', (kind) => {
  let store: ObjectStore;
  let stop: () => Promise<void>;
  let s3: TestS3Server | undefined;

  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startS3Server();
      store = s3.store;
      stop = s3.stop;
    } else {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'mvrsp-store-'));
      store = createDiskStore(dir);
      stop = () => rm(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await store.close();
    await stop();
  });

  it('puts, heads, gets as a stream, replaces and deletes one object; absent objects are null, deleting twice is fine', async () => {
    const key = `${randomUUID()}/${randomUUID()}`;
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 31) & 0xff);
    await store.put(key, bytes, 'application/pdf');
    expect(await store.head(key)).toEqual({ size: 300_000 });
    expect(Buffer.compare((await readAll(await store.get(key)))!, Buffer.from(bytes))).toBe(0);
    await store.put(key, new Uint8Array([1, 2, 3]), 'application/pdf');
    expect(await readAll(await store.get(key))).toEqual(Buffer.from([1, 2, 3]));
    await store.delete(key);
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
  });

  it('writes an object from a stream of known size; a stream that fails part-way rejects with its error', async () => {
    const key = `${randomUUID()}/${randomUUID()}`;
    const piece = (n: number) => new Uint8Array(64 * 1024).fill(n);
    async function* pieces(count: number, failAt = -1): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < count; i++) {
        if (i === failAt) throw new Error('source failed');
        yield piece(i);
      }
    }
    await store.putStream(key, pieces(5), 5 * 64 * 1024, 'application/pdf');
    expect(await store.head(key)).toEqual({ size: 5 * 64 * 1024 });
    expect((await readAll(await store.get(key)))!.subarray(4 * 64 * 1024)).toEqual(Buffer.from(piece(4)));
    const other = `${randomUUID()}/${randomUUID()}`;
    await expect(store.putStream(other, pieces(5, 3), 5 * 64 * 1024, 'application/pdf')).rejects.toThrow('source failed');
    if (kind === 'disk') expect(await store.head(other)).toBeNull(); // the temporary file is removed, never renamed into place
    await store.delete(key);
  });

  it('moves an object to another key (replacing it); moving an absent object answers false', async () => {
    const org = randomUUID();
    const id = randomUUID();
    await store.put(`${org}/${id}.upload`, new Uint8Array([9, 8, 7]), 'application/pdf');
    await store.put(`${org}/${id}`, new Uint8Array([1]), 'application/pdf');
    expect(await store.move(`${org}/${id}.upload`, `${org}/${id}`)).toBe(true);
    expect(await readAll(await store.get(`${org}/${id}`))).toEqual(Buffer.from([9, 8, 7]));
    expect(await store.head(`${org}/${id}.upload`)).toBeNull();
    expect(await store.move(`${org}/${id}.upload`, `${org}/${id}`)).toBe(false);
    await expect(store.move(`${org}/${id}.upload`, `${org}/../x`)).rejects.toThrow('invalid storage key');
    await store.deletePrefix(org);
  });

  it('lists and deletes an organization prefix only, parts included, in key order', async () => {
    const org = randomUUID();
    const other = randomUUID();
    const ids = [randomUUID(), randomUUID()].sort();
    const keys = [`${org}/${ids[0]}`, `${org}/${ids[0]}.part.000000000000`, `${org}/${ids[1]}`];
    for (const k of keys) await store.put(k, new Uint8Array([7]), 'text/plain');
    await store.put(`${other}/${ids[0]}`, new Uint8Array([8]), 'text/plain');
    const listed: string[] = [];
    for await (const k of store.list(org)) listed.push(k);
    expect(listed).toEqual([...keys].sort());
    expect(await store.deletePrefix(`${org}/`)).toBe(3);
    const after: string[] = [];
    for await (const k of store.list(org)) after.push(k);
    expect(after).toEqual([]);
    expect(await store.head(`${other}/${ids[0]}`)).toEqual({ size: 1 });
    expect(await store.deletePrefix(randomUUID())).toBe(0);
  });

  it('refuses keys that are not built from ids (file names, traversal, upper case, bare prefixes)', async () => {
    const org = randomUUID();
    for (const bad of [`${org}/../x`, `${org}/policy.pdf`, `../${org}`, `${org.toUpperCase()}/${randomUUID()}`, `${org}/`, 'x']) {
      await expect(store.put(bad, new Uint8Array([1]), 'text/plain'), bad).rejects.toThrow(/invalid storage key/);
      await expect(store.head(bad), bad).rejects.toThrow(/invalid storage key/);
    }
  });

  it('check() resolves while the store is usable', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('has presigned URLs only on S3 (the disk store answers null: the server streams instead)', async () => {
    const key = `${randomUUID()}/${randomUUID()}`;
    const put = await store.presignPut(key, { contentType: 'application/pdf', expiresInSeconds: 60 });
    const get = await store.presignGet(key, { fileName: 'a.pdf', contentType: 'application/pdf', expiresInSeconds: 60 });
    if (kind === 'disk') {
      expect([put, get]).toEqual([null, null]);
    } else {
      expect(put?.url).toContain(`/${key}?`);
      expect(get?.url).toContain(`/${key}?`);
      expect(get!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    }
  });
});

describe('S3 store: paging and presigned URLs against a real S3 server', () => {
  let s3: TestS3Server;
  let store: ObjectStore;
  beforeAll(async () => {
    s3 = await startS3Server();
    store = s3.store;
  });
  afterAll(async () => {
    await s3.stop();
  });

  it('pages through more than one list page when deleting a prefix (DeleteObjects batches of 1,000)', async () => {
    const org = randomUUID();
    const keys = Array.from({ length: 1003 }, () => `${org}/${randomUUID()}`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => store.put(k, new Uint8Array([1]), 'text/plain')));
    let listed = 0;
    for await (const k of store.list(org)) if (k.startsWith(`${org}/`)) listed++;
    expect(listed).toBe(1003);
    expect(await store.deletePrefix(org)).toBe(1003);
    expect(await store.head(keys[1002]!)).toBeNull();
  });

  it('presigned URLs: a GET downloads as an attachment; a tampered or expired URL and an unsigned request are refused', async () => {
    const key = `${randomUUID()}/${randomUUID()}`;
    await store.put(key, new TextEncoder().encode('hello'), 'text/plain');
    const get = (await store.presignGet(key, { fileName: 'Bericht über 2026.txt', contentType: 'text/plain', expiresInSeconds: 60 }))!;
    const ok = await fetch(get.url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('hello');
    expect(ok.headers.get('content-disposition')).toBe(`attachment; filename="Bericht _ber 2026.txt"; filename*=UTF-8''Bericht%20%C3%BCber%202026.txt`);
    expect(ok.headers.get('content-type')).toBe('text/plain');
    const tampered = get.url.replace(/response-content-type=[^&]+/, 'response-content-type=text%2Fhtml');
    expect((await fetch(tampered)).status).toBe(403);
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/${key}`)).status).toBe(403);
    const expired = (await store.presignGet(key, { fileName: 'a.txt', contentType: 'text/plain', expiresInSeconds: 1 }))!;
    await new Promise((r) => setTimeout(r, 2100));
    const late = await fetch(expired.url);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('expired');
  });

  it('presigned PUT: signed Content-Type and length; another type or length is refused', async () => {
    const key = `${randomUUID()}/${randomUUID()}`;
    const body = new TextEncoder().encode('%PDF-1.7 tiny');
    const put = (await store.presignPut(key, { contentType: 'application/pdf', contentLength: body.length, expiresInSeconds: 60 }))!;
    expect(put.headers).toEqual({ 'content-type': 'application/pdf' });
    expect((await fetch(put.url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body })).status).toBe(403);
    expect((await fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array([...body, 1]) })).status).toBe(403);
    expect(await store.head(key)).toBeNull();
    expect((await fetch(put.url, { method: 'PUT', headers: put.headers, body })).status).toBe(200);
    expect(await store.head(key)).toEqual({ size: body.length });
  });


  it('check() fails for a bucket that does not exist and for wrong credentials', async () => {
    const base = { region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true };
    const missing = createS3Store({ ...base, bucket: `missing-${randomUUID().slice(0, 8)}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    const wrongKey = createS3Store({ ...base, bucket: s3.bucket, accessKeyId: 'S3RVER', secretAccessKey: 'not-the-secret' });
    try {
      await expect(missing.check()).rejects.toThrow();
      await expect(wrongKey.check()).rejects.toThrow();
    } finally {
      await missing.close();
      await wrongKey.close();
    }
  });
});
