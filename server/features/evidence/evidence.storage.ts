// Evidence bytes in the object store (deps.storage: server/lib/storage, ADR 020). A file lives
// under `<orgId>/<evidenceId>`; the chunks of a resumable upload under
// `<orgId>/<evidenceId>.part.<offset, 12 digits>` until /complete joins them. Keys are ids only,
// never a user's file name, and every store re-checks them (assertStorageKey).
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ContentInspector, type SniffResult } from '#domain/evidence-sniff.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';

export const storageKeyOf = (orgId: string, evidenceId: string) => `${orgId.toLowerCase()}/${evidenceId.toLowerCase()}`;

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

export type Assembly = { ok: true; bytes: Buffer; inspection: Inspection } | { ok: false; contiguousTo: number };

/**
 * Reads the chunks of an upload in offset order through SHA-256 and the content sniffer and joins
 * them into the file's bytes (at most `size`, which EVIDENCE_MAX_MB bounds). Chunks that do not
 * continue exactly where the previous one ended, or stop short of `size`, make it `ok: false` with
 * the offset up to which the chunks are contiguous.
 */
export async function assembleParts(store: ObjectStore, storageKey: string, size: number): Promise<Assembly> {
  const bytes = Buffer.allocUnsafe(size);
  const seen = new Inspecting();
  for await (const key of store.list(partPrefix(storageKey))) {
    if (offsetOfPart(storageKey, key) !== seen.size) return { ok: false, contiguousTo: seen.size };
    const stream = await store.get(key);
    if (!stream) return { ok: false, contiguousTo: seen.size };
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (seen.size + chunk.length > size) {
        stream.destroy();
        return { ok: false, contiguousTo: seen.size };
      }
      bytes.set(chunk, seen.size);
      seen.update(chunk);
    }
  }
  if (seen.size !== size) return { ok: false, contiguousTo: seen.size };
  return { ok: true, bytes, inspection: seen.finish() };
}

/** Removes the chunks of an upload (after completion, or when it is refused or abandoned). */
export async function removeParts(store: ObjectStore, storageKey: string): Promise<void> {
  await store.deletePrefix(partPrefix(storageKey));
}

/** Removes the file and any chunks of an evidence key (refused, detached or abandoned uploads). */
export async function removeStored(store: ObjectStore, storageKey: string): Promise<void> {
  await removeParts(store, storageKey);
  await store.delete(storageKey);
}

/** The stored file's size and bytes, or null when it is gone. */
export async function openStored(store: ObjectStore, storageKey: string): Promise<{ size: number; stream: Readable } | null> {
  const head = await store.head(storageKey);
  if (!head) return null;
  const stream = await store.get(storageKey);
  return stream ? { size: head.size, stream } : null;
}
