// One place where stored files (evidence bytes) live: local disk under DATA_DIR, or an
// S3-compatible bucket when S3_BUCKET is set. Keys are built by the server from ids only
// (`<organizationId>/<evidenceId>[suffix]`), never from a user's file name; every store re-checks
// them, so no key can climb out of its organization's prefix.
import type { Readable } from 'node:stream';

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
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  /** The object's size, or null when there is no such object. */
  head(key: string): Promise<{ size: number } | null>;
  /** Removes one object; absent objects are not an error. */
  delete(key: string): Promise<void>;
  /** Keys under a prefix (an organization's files, for exports and deletion). */
  list(prefix: string): AsyncIterable<string>;
  /** Removes every object under a prefix; returns how many were removed. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * A short-lived URL the client PUTs the bytes to directly; null when the store has none (disk).
   * Content-Type is signed; so are the length and SHA-256 (hex) when given, where the server enforces them.
   */
  presignPut(
    key: string,
    opts: { contentType: string; expiresInSeconds: number; contentLength?: number | undefined; sha256?: string | undefined },
  ): Promise<PresignedRequest | null>;
  /** A short-lived URL that downloads the object as an attachment; null when the store has none (disk). */
  presignGet(key: string, opts: { fileName: string; contentType: string; expiresInSeconds: number }): Promise<PresignedRequest | null>;
  /** Resolves when the store is reachable and writable enough to serve (GET /api/ready); throws otherwise. */
  check(): Promise<void>;
  close(): Promise<void>;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `<uuid>/` (an organization prefix) or `<uuid>/<uuid>` with an optional `.part`-style suffix of safe characters. */
const KEY = new RegExp(`^${UUID}/(${UUID}([.][a-z0-9._-]{1,64})?)?$`);

/** Throws unless `key` is an organization prefix or an object key inside one (lower-case ids only). */
export function assertStorageKey(key: string, allowPrefix = false): void {
  if (!KEY.test(key) || key.includes('..') || (!allowPrefix && key.endsWith('/'))) {
    throw new Error(`invalid storage key: ${JSON.stringify(key).slice(0, 120)}`);
  }
}
