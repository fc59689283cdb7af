// Evidence bytes in the object store (deps.storage: server/lib/storage, ADR 020). A file lives
// under `<orgId>/<evidenceId>`; the chunks of a resumable upload under
// `<orgId>/<evidenceId>.part.<offset, 12 digits>` until /complete joins them; a presigned PUT
// under `<orgId>/<evidenceId>.upload` until /complete moves it. Keys are ids only,
// never a user's file name, and every store re-checks them (assertStorageKey).
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ContentInspector, type SniffResult } from '#domain/evidence-sniff.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';

export const storageKeyOf = (orgId: string, evidenceId: string) => `${orgId.toLowerCase()}/${evidenceId.toLowerCase()}`;

/**
 * Where a presigned PUT (POST /upload-url on S3) writes: never the file's own key, so a URL that is
 * still valid after /complete cannot replace checked bytes. /complete moves it to the file's key
 * before checking it (evidence.upload.service.ts).
 */
export const STAGING_SUFFIX = '.upload';
export const stagingKeyOf = (storageKey: string) => `${storageKey}${STAGING_SUFFIX}`;

const OFFSET_DIGITS = 12; // up to 999 GB, far beyond EVIDENCE_MAX_MB's 1 GB ceiling (server/env.ts)
const partPrefix = (storageKey: string) => `${storageKey}.part.`;
/** The key of the chunk that starts at `offset`; zero-padded, so key order is offset order. */
export const partKey = (storageKey: string, offset: number) => `${partPrefix(storageKey)}${String(offset).padStart(OFFSET_DIGITS, '0')}`;
const offsetOfPart = (storageKey: string, key: string) => Number(key.slice(partPrefix(storageKey).length));

/** Stores one chunk under its offset: a retried chunk replaces the earlier copy rather than appending. */
export async function writeChunk(store: ObjectStore, storageKey: string, offset: number, chunk: Uint8Array): Promise<void> {
  await store.put(partKey(storageKey, offset), chunk, 'application/octet-stream');
}

export interface Inspection {
  size: number;
  sha256: string;
  sniffed: { format: SniffResult; zipText: string };
}

class Inspecting {
  private readonly hash = createHash('sha256');
  private readonly inspector = new ContentInspector();
  size = 0;
  update(chunk: Uint8Array) {
    this.size += chunk.length;
    this.hash.update(chunk);
    this.inspector.update(chunk);
  }
  finish(): Inspection {
    return { size: this.size, sha256: this.hash.digest('hex'), sniffed: this.inspector.finish() };
  }
}

/**
 * Streams a stored object through SHA-256 and the content sniffer, stopping once it has seen more
 * than `limit` bytes (the reported size then exceeds the limit). Null when there is no such object.
 */
export async function inspectObject(store: ObjectStore, key: string, limit: number): Promise<Inspection | null> {
  const stream = await store.get(key);
  if (!stream) return null;
  const seen = new Inspecting();
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    seen.update(chunk);
    if (seen.size > limit) {
      stream.destroy();
      break;
    }
  }
  return seen.finish();
}

export type Assembly = { ok: true; inspection: Inspection } | { ok: false; contiguousTo: number };

/**
 * Streams the chunks of an upload in offset order through SHA-256 and the content sniffer into the
 * object under `storageKey` (written from the stream: memory stays bounded by one chunk, ADR 020).
 * Chunks that do not continue exactly where the previous one ended, or stop short of `size` or go
 * beyond it, make it `ok: false` with the offset up to which they are contiguous, and nothing is
 * written. The written object counts only once the caller has checked the inspection.
 */
export async function assembleParts(store: ObjectStore, storageKey: string, size: number, contentType: string): Promise<Assembly> {
  const seen = new Inspecting();
  let broken = false;
  const gap = () => {
    broken = true;
    return new Error(`the chunks of ${storageKey} are not contiguous at ${seen.size}`);
  };
  async function* joined(): AsyncGenerator<Uint8Array> {
    for await (const key of store.list(partPrefix(storageKey))) {
      if (offsetOfPart(storageKey, key) !== seen.size) throw gap();
      const stream = await store.get(key);
      if (!stream) throw gap();
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (seen.size + chunk.length > size) {
          stream.destroy();
          throw gap();
        }
        seen.update(chunk);
        yield chunk;
      }
    }
    if (seen.size !== size) throw gap();
  }
  // The chunk keys and sizes first, so a gap is found before anything is written (chunks do not change
  // while /complete holds its claim: every offset is already received).
  let expected = 0;
  for await (const key of store.list(partPrefix(storageKey))) {
    const head = offsetOfPart(storageKey, key) === expected ? await store.head(key) : null;
    if (!head) return { ok: false, contiguousTo: expected };
    expected += head.size;
  }
  if (expected !== size) return { ok: false, contiguousTo: Math.min(expected, size) };
  try {
    await store.putStream(storageKey, joined(), size, contentType);
  } catch (err) {
    if (broken) return { ok: false, contiguousTo: seen.size };
    throw err;
  }
  return { ok: true, inspection: seen.finish() };
}

/** Removes the chunks of an upload (after completion, or when it is refused or abandoned). */
export async function removeParts(store: ObjectStore, storageKey: string): Promise<void> {
  await store.deletePrefix(partPrefix(storageKey));
}

/** Removes the file, any chunks and any presigned upload of an evidence key (refused, detached or abandoned uploads). */
export async function removeStored(store: ObjectStore, storageKey: string): Promise<void> {
  await removeParts(store, storageKey);
  await store.delete(stagingKeyOf(storageKey));
  await store.delete(storageKey);
}

/** The stored file's size and bytes, or null when it is gone. */
export async function openStored(store: ObjectStore, storageKey: string): Promise<{ size: number; stream: Readable } | null> {
  const head = await store.head(storageKey);
  if (!head) return null;
  const stream = await store.get(storageKey);
  return stream ? { size: head.size, stream } : null;
}
