// One place where stored files (evidence bytes) live: local disk under DATA_DIR, or an
// S3-compatible bucket when S3_BUCKET is set. Keys are built by the server from ids only
// (`<organizationId>/<evidenceId>[suffix]`), never from a user's file name; every store re-checks
// them, so no key can climb out of its organization's prefix.
import type { Readable } from 'node:stream';

/** Presigned URLs are signed at `now` (the server's clock, deps.now; default the system clock) and expire `expiresInSeconds` later. */
export interface PresignedRequest {
  url: string;
  /** Headers the client must send with the request (they are part of the signature). */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Writes a whole object, replacing any object under the key. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /**
   * Writes an object from a stream of exactly `size` bytes, replacing any object under the key; memory
   * stays bounded by the stream's chunks. When the stream errors the call rejects with its error and
   * the object is removed, but an S3-compatible server that keeps a cut-short body may still store
   * it afterwards: write only to keys whose contents count once the caller has checked them.
   */
  putStream(key: string, body: AsyncIterable<Uint8Array>, size: number, contentType: string): Promise<void>;
  /**
   * Moves an object to another key inside the store (S3: CopyObject, then DeleteObject; disk: rename),
   * replacing any object under `to`. False when there is no object under `from`.
   */
  move(from: string, to: string): Promise<boolean>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  /** The object's size, or null when there is no such object. */
  head(key: string): Promise<{ size: number } | null>;
  /** Removes one object; absent objects are not an error. */
  delete(key: string): Promise<void>;
  /**
   * Keys starting with `prefix`, in key order: an organization prefix (`<org>` or `<org>/`, its
   * files, for exports and deletion) or an object key (`<org>/<id>.part.`, one upload's chunks).
   */
  list(prefix: string): AsyncIterable<string>;
  /** Removes every object under a prefix; returns how many were removed. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * A short-lived URL the client PUTs the bytes to directly; null when the store has none (disk).
   * Content-Type is signed; so are the length and SHA-256 (hex) when given, where the server enforces them.
   */
  presignPut(
    key: string,
    opts: { contentType: string; expiresInSeconds: number; contentLength?: number | undefined; sha256?: string | undefined; now?: Date },
  ): Promise<PresignedRequest | null>;
  /** A short-lived URL that downloads the object as an attachment; null when the store has none (disk). */
  presignGet(key: string, opts: { fileName: string; contentType: string; expiresInSeconds: number; now?: Date }): Promise<PresignedRequest | null>;
  /** Resolves when the store is reachable and writable enough to serve (GET /api/ready); throws otherwise. */
  check(): Promise<void>;
  close(): Promise<void>;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `<uuid>/` (an organization prefix) or `<uuid>/<uuid>` with an optional `.part`-style suffix of safe characters. */
const KEY = new RegExp(`^${UUID}/(${UUID}([.][a-z0-9._-]{1,64})?)?$`);

/** The `<org>/` prefix for a list: an organization id (with or without the slash) or a key inside one. */
export function listPrefixOf(prefix: string): { orgPrefix: string; rest: string } {
  const slash = prefix.indexOf('/');
  const orgPrefix = slash < 0 ? `${prefix}/` : prefix.slice(0, slash + 1);
  const rest = slash < 0 ? '' : prefix.slice(slash + 1);
  assertStorageKey(orgPrefix, true);
  if (rest && !/^[0-9a-f-]{1,36}([.][a-z0-9._-]{0,64})?$/.test(rest)) throw new Error(`invalid storage prefix: ${JSON.stringify(prefix).slice(0, 120)}`);
  return { orgPrefix, rest };
}

/** Throws unless `key` is an organization prefix or an object key inside one (lower-case ids only). */
export function assertStorageKey(key: string, allowPrefix = false): void {
  if (!KEY.test(key) || key.includes('..') || (!allowPrefix && key.endsWith('/'))) {
    throw new Error(`invalid storage key: ${JSON.stringify(key).slice(0, 120)}`);
  }
}
