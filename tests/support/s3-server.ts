// A real S3-compatible server for tests: s3rver on 127.0.0.1 (port 0), a temporary directory and a
// fresh bucket per call. s3rver 3.7.1 checks the expiry of presigned URLs but does not verify
// Signature Version 4 at all (lib/middleware/authentication.js: "Signature version 4 calculation is
// unimplemeneted") and serves anonymous requests. So every request first passes a SigV4 check here,
// written from the AWS documentation ("Authenticating Requests: Using Query Parameters" and "Using
// the Authorization Header", Amazon S3 API Reference): a request without a valid signature, with a
// tampered URL or header, or after its expiry gets 403 like a private AWS bucket.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Store } from '#server/lib/storage/object-store.s3.ts';
import type { ObjectStore } from '#server/lib/storage/index.ts';

const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER'; // s3rver's built-in account
const REGION = 'us-east-1';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* configuration keys (server/env.ts) for this server and bucket. */
  env: Record<string, string>;
  /** An ObjectStore bound to the bucket (the same code the server uses). */
  store: ObjectStore;
  /** Every request s3rver answered, method and path (tests assert what reached the bucket). */
  requests: { method: string; path: string; status: number }[];
  /** Every key in the bucket, sorted (whatever its shape: what the tests assert is stored). */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

function deny(res: http.ServerResponse, code: string, message: string) {
  res.writeHead(403, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** Null when the request carries a valid, unexpired SigV4 signature of the test account; else the refusal. */
export function sigV4Problem(req: http.IncomingMessage, now = new Date()): { code: string; message: string } | null {
  const url = new URL(req.url ?? '/', 'http://local');
  const rawQuery = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?') + 1) : '';
  const pairs = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const i = p.indexOf('=');
      const k = decodeURIComponent((i < 0 ? p : p.slice(0, i)).replace(/\+/g, ' '));
      const v = i < 0 ? '' : decodeURIComponent(p.slice(i + 1).replace(/\+/g, ' '));
      return [k, v] as const;
    });
  const q = new Map(pairs);
  let credential: string, signedHeaders: string, signature: string, amzDate: string, payloadHash: string;
  if (q.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    credential = q.get('X-Amz-Credential') ?? '';
    signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
    signature = q.get('X-Amz-Signature') ?? '';
    amzDate = q.get('X-Amz-Date') ?? '';
    payloadHash = 'UNSIGNED-PAYLOAD';
    const expires = Number(q.get('X-Amz-Expires'));
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!m || !Number.isFinite(expires)) return { code: 'AuthorizationQueryParametersError', message: 'Bad X-Amz-Date or X-Amz-Expires' };
    const signedAt = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
    if (now.getTime() > signedAt + expires * 1000) return { code: 'AccessDenied', message: 'Request has expired' };
  } else {
    const auth = req.headers.authorization ?? '';
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(auth);
    if (!m) return { code: 'AccessDenied', message: 'Access Denied' };
    [credential, signedHeaders, signature] = [m[1]!, m[2]!, m[3]!];
    amzDate = String(req.headers['x-amz-date'] ?? '');
    payloadHash = String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD');
  }
  const [keyId, date, region, service, terminal] = credential.split('/');
  if (keyId !== ACCESS_KEY_ID || terminal !== 'aws4_request' || !date || !region || !service) {
    return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  }
  const canonicalQuery = pairs
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [enc(k), enc(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [req.method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
  }
  return null;
}

/** Starts s3rver behind the SigV4 check on a free loopback port, with an empty bucket. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'mvrsp-s3-'));
  const bucket = `evidence-${randomUUID().slice(0, 8)}`;
  const s3 = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }], vhostBuckets: false });
  await (s3 as unknown as { configureBuckets(): Promise<void> }).configureBuckets();
  const handle = s3.callback();
  const requests: TestS3Server['requests'] = [];
  const server = http.createServer((req, res) => {
    const problem = sigV4Problem(req);
    res.on('finish', () => requests.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0]!, status: res.statusCode }));
    if (problem) {
      req.resume();
      deny(res, problem.code, problem.message);
      return;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: REGION,
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const store = createS3Store({ bucket, region: REGION, endpoint, forcePathStyle: true, accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY });
  const admin = new S3Client({ region: REGION, endpoint, forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY } });
  return {
    endpoint,
    bucket,
    env,
    store,
    requests,
    async keys() {
      const keys: string[] = [];
      let Marker: string | undefined;
      for (;;) {
        const page = await admin.send(new ListObjectsCommand({ Bucket: bucket, Marker }));
        const got = (page.Contents ?? []).map((o) => o.Key!);
        keys.push(...got);
        if (!page.IsTruncated || got.length === 0) return keys.sort();
        Marker = got[got.length - 1];
      }
    },
    async stop() {
      admin.destroy();
      await store.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
