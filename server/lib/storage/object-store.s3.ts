// Files in an S3-compatible bucket (AWS S3, MinIO, R2, ...) through the AWS SDK v3. The bucket is
// private: clients only ever reach an object through a short-lived presigned URL the server issued
// after its own authorization (docs/decisions/020-object-storage.md).
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { contentDisposition } from '../content-disposition.ts';
import { assertStorageKey, listPrefixOf, type ObjectStore } from './object-store.ts';

export interface S3StoreConfig {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle?: boolean | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/** DeleteObjects takes at most 1,000 keys per request (Amazon S3 API Reference, DeleteObjects). */
const DELETE_BATCH = 1000;
/** HeadBucket for GET /api/ready gives up after this long rather than holding the probe. */
const CHECK_TIMEOUT_MS = 3000;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

export function createS3Store(config: S3StoreConfig): ObjectStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? false,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Checksums only where the API requires them (DeleteObjects): S3-compatible servers differ in
    // which flexible checksums they accept, and every object is verified by SHA-256 server-side anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const key = (k: string) => {
    assertStorageKey(k);
    return k;
  };
  const prefixOf = (p: string) => {
    const { orgPrefix, rest } = listPrefixOf(p);
    return orgPrefix + rest;
  };

  async function* list(prefix: string): AsyncGenerator<string> {
    const Prefix = prefixOf(prefix);
    // ListObjects (v1) paged by Marker = the last key returned, which every S3-compatible server
    // implements alike (Amazon S3 API Reference, ListObjects: "use the value of the last Key in the
    // response as the marker"); v2 continuation tokens are opaque and server-specific (s3rver's
    // need the DES cipher, which OpenSSL 3 no longer offers).
    let Marker: string | undefined;
    for (;;) {
      const page = await client.send(new ListObjectsCommand({ Bucket, Prefix, Marker }));
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k));
      yield* keys;
      if (!page.IsTruncated || keys.length === 0) return;
      Marker = page.NextMarker ?? keys[keys.length - 1];
    }
  }

  async function deleteBatch(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
    const failed = res.Errors ?? [];
    if (failed.length > 0) throw new Error(`could not delete ${failed.length} stored object(s): ${failed[0]?.Code ?? 'unknown error'}`);
  }

  return {
    kind: 's3',
    async put(k, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key(k), Body: body, ContentType: contentType, ContentLength: body.length }));
    },
    async putStream(k, body, size, contentType) {
      // A streamed PutObject with a known ContentLength: S3 stores the object only once all of it
      // arrived, so a stream that fails part-way leaves nothing under the key.
      // When the source fails, the request is aborted: the body stays short of ContentLength, so S3 stores nothing.
      const abort = new AbortController();
      let failure: unknown = null;
      async function* guarded(): AsyncGenerator<Uint8Array> {
        try {
          yield* body;
        } catch (err) {
          failure = err ?? new Error('the upload stream failed');
          abort.abort();
        }
      }
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key(k), Body: Readable.from(guarded()), ContentType: contentType, ContentLength: size }), {
          abortSignal: abort.signal,
        });
      } catch (err) {
        if (!failure) throw err;
      }
      if (failure) {
        // Some S3-compatible servers keep a body cut short; nothing of a failed stream may stay.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key(k) }));
        throw failure;
      }
    },
    async move(from, to) {
      try {
        // CopySource is "<bucket>/<key>", URL-encoded (Amazon S3 API Reference, CopyObject); keys here are ids, '/' and '.'.
        await client.send(new CopyObjectCommand({ Bucket, Key: key(to), CopySource: `${Bucket}/${encodeURIComponent(key(from)).replace(/%2F/g, '/')}` }));
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(from) }));
      return true;
    },
    async get(k) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key(k) }));
        return (res.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async head(k) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key(k) }));
        return { size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(k) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(k) }));
    },
    list,
    async deletePrefix(prefix) {
      let count = 0;
      let batch: string[] = [];
      for await (const k of list(prefix)) {
        batch.push(k);
        if (batch.length === DELETE_BATCH) {
          await deleteBatch(batch);
          count += batch.length;
          batch = [];
        }
      }
      await deleteBatch(batch);
      return count + batch.length;
    },
    async presignPut(k, opts) {
      const command = new PutObjectCommand({
        Bucket,
        Key: key(k),
        ContentType: opts.contentType,
        ContentLength: opts.contentLength,
        ChecksumSHA256: opts.sha256 ? Buffer.from(opts.sha256, 'hex').toString('base64') : undefined,
      });
      // Content-Type (and length and checksum when known) are signed: S3 refuses a PUT that differs.
      const headers: Record<string, string> = { 'content-type': opts.contentType };
      if (opts.contentLength !== undefined) headers['content-length'] = String(opts.contentLength);
      if (opts.sha256) headers['x-amz-checksum-sha256'] = Buffer.from(opts.sha256, 'hex').toString('base64');
      const signedAt = opts.now ?? new Date();
      const url = await getSignedUrl(client, command, {
        expiresIn: opts.expiresInSeconds,
        signingDate: signedAt,
        signableHeaders: new Set(Object.keys(headers)),
        // Keep the checksum a header the client sends, not a query parameter.
        unhoistableHeaders: new Set(opts.sha256 ? ['x-amz-checksum-sha256'] : []),
      });
      const sent = { ...headers };
      delete sent['content-length']; // the client's HTTP stack sets it from the body; browsers refuse to set it
      return { url, headers: sent, expiresAt: new Date(signedAt.getTime() + opts.expiresInSeconds * 1000) };
    },
    async presignGet(k, opts) {
      const command = new GetObjectCommand({
        Bucket,
        Key: key(k),
        ResponseContentDisposition: contentDisposition(opts.fileName),
        ResponseContentType: opts.contentType,
      });
      const signedAt = opts.now ?? new Date();
      const url = await getSignedUrl(client, command, { expiresIn: opts.expiresInSeconds, signingDate: signedAt });
      return { url, headers: {}, expiresAt: new Date(signedAt.getTime() + opts.expiresInSeconds * 1000) };
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    },
    async close() {
      client.destroy();
    },
  };
}
