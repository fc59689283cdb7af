// Test-only helpers for the evidence tests: a signed-up user who is a member of a fresh organization
// with an in-progress assessment, and small raw-request helpers for the chunk API.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { PROFILE_WITH_EVERY_DUTY } from '#domain/questions/applicability.ts';
import type { TestServer } from '#tests/setup/app.ts';
import { type TestUser } from '#tests/setup/auth.ts';
import { makeUser } from '#tests/setup/factories.ts';
import { DB_DRIVERS, TEST_DRIVER, type DriverName } from '#tests/setup/test-env.ts';
import { startS3Server, type TestS3Server } from '#tests/support/s3-server.ts';
import { assessments, organizations, profiles, questionnaireVersions, questions } from '../../db/schema/index.ts';
import { freezeAssessmentQuestions } from '../questions/index.ts';
import type { UploadUrl } from './evidence.upload-url.ts';

export interface EvidenceOrg {
  orgId: string;
  user: TestUser;
  assessmentId: string;
  questionId: string;
}

/** A new organization whose org_admin is a real signed-up user, with one in-progress assessment. */
export async function orgWithAssessment(server: TestServer, name: string): Promise<EvidenceOrg> {
  const db = server.deps.db;
  const user = await makeUser(server);
  const applicability = PROFILE_WITH_EVERY_DUTY;
  const [org] = await db.insert(organizations).values({ name, applicability }).returning();
  await db.insert(profiles).values({
    id: user.userId,
    organizationId: org!.id,
    email: user.email,
    firstName: name,
    lastName: 'Admin',
    role: 'org_admin',
  });
  const [version] = await db.select().from(questionnaireVersions).orderBy(asc(questionnaireVersions.id)).limit(1);
  const [q] = await db.select({ id: questions.id }).from(questions).where(eq(questions.versionId, version!.id)).limit(1);
  const [a] = await db.insert(assessments).values({ organizationId: org!.id, versionId: version!.id, startedBy: user.userId, applicability }).returning();
  await freezeAssessmentQuestions({ db }, { assessmentId: a!.id, versionId: version!.id, applicability });
  return { orgId: org!.id, user, assessmentId: a!.id, questionId: q!.id };
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PDF-looking file (valid header, arbitrary body) of `size` bytes. */
export function pdfBytes(size: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = x & 0xff;
  }
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'), 0);
  return bytes;
}

export async function request(
  server: TestServer,
  token: string | null,
  method: string,
  url: string,
  init: { json?: unknown; bytes?: Uint8Array; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.bytes) {
    headers['content-type'] ??= 'application/octet-stream';
    body = init.bytes as Uint8Array<ArrayBuffer>;
  }
  return server.app.request(url, { method, headers, body });
}

export const patchChunk = (server: TestServer, token: string, evidenceId: string, offset: number, bytes: Uint8Array) =>
  request(server, token, 'PATCH', `/api/evidence/uploads/${evidenceId}`, { bytes, headers: { 'upload-offset': String(offset) } });

/** Every file under a directory, relative to it ('' when it does not exist). */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
  } catch {
    return [];
  }
}

/** Where the evidence suites store files: local disk, and a real S3-compatible server (ADR 020). */
export const STORES = ['disk', 's3'] as const;
export type StoreKind = (typeof STORES)[number];
/** Every store, on the tests' database driver (tests/setup/db.ts). */
export const STORAGE_MATRIX: [DriverName, StoreKind][] = STORES.map((s): [DriverName, StoreKind] => [TEST_DRIVER, s]);
/** Every database driver under test with every store: for races between requests, whose locks differ by driver. */
export const STORAGE_RACE_MATRIX: [DriverName, StoreKind][] = DB_DRIVERS.flatMap((d) => STORES.map((s): [DriverName, StoreKind] => [d, s]));

export interface EvidenceStorage {
  kind: StoreKind;
  /** Env overrides for createTestServer: a temporary DATA_DIR, plus the S3_* keys of a fresh bucket for 's3'. */
  env: Record<string, string>;
  /** The S3 server for 's3' (presigned-URL tests). */
  s3: TestS3Server | null;
  /** Every stored key (`<org>/<id>`, chunk keys included), sorted. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/** A fresh, empty evidence store of the kind; the server built with `env` selects it through createObjectStore. */
export async function evidenceStorage(kind: StoreKind): Promise<EvidenceStorage> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mvrsp-evidence-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (kind === 'disk') {
    return { kind, env: { DATA_DIR: dataDir }, s3: null, keys: () => listFiles(path.join(dataDir, 'evidence')), stop: removeDir };
  }
  const s3 = await startS3Server();
  return {
    kind,
    env: { DATA_DIR: dataDir, ...s3.env },
    s3,
    keys: () => s3.keys(),
    stop: async () => {
      await s3.stop();
      await removeDir();
    },
  };
}

/**
 * GET .../download as an API client does: on S3 the server answers 302 to a presigned URL, which is
 * then fetched from the S3 server over real HTTP (without our token); on disk the stream itself.
 */
export async function downloadEvidence(server: TestServer, token: string, evidenceId: string): Promise<Response> {
  const res = await request(server, token, 'GET', `/api/evidence/${evidenceId}/download`);
  if (res.status !== 302) return res;
  return fetch(res.headers.get('location')!);
}

/** The answer of POST /api/evidence/upload-url. */
export type UploadUrlAnswer = UploadUrl;

/**
 * PUTs bytes to an upload URL the way an API client does: an absolute (presigned S3) URL over real
 * HTTP with only the returned headers, this server's own URL with the caller's token.
 */
export async function putToUploadUrl(server: TestServer, token: string, answer: UploadUrlAnswer, bytes: Uint8Array, headers = answer.headers): Promise<Response> {
  if (/^https?:/.test(answer.uploadUrl)) return fetch(answer.uploadUrl, { method: 'PUT', headers, body: bytes as Uint8Array<ArrayBuffer> });
  return request(server, token, 'PUT', answer.uploadUrl, { bytes, headers });
}
