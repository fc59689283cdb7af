// Evidence bytes on disk: ${DATA_DIR}/evidence/<orgId>/<evidenceId>, written through
// "<evidenceId>.part" and renamed on completion. Keys are ids only, never a user's file name.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isUuid } from '../../lib/validator.ts';
import { ContentInspector, type SniffResult } from '#domain/evidence-sniff.ts';

export interface EvidencePaths {
  dir: string;
  part: string;
  final: string;
}

export const storageKeyOf = (orgId: string, evidenceId: string) => `${orgId}/${evidenceId}`;

/** Resolves the files of one evidence id; refuses anything but two UUIDs so no path can escape the root. */
export function evidencePaths(dataDir: string, storageKey: string): EvidencePaths {
  const [orgId, evidenceId, extra] = storageKey.split('/');
  if (extra !== undefined || !orgId || !evidenceId || !isUuid(orgId) || !isUuid(evidenceId)) {
    throw new Error(`invalid evidence storage key: ${storageKey}`);
  }
  const root = path.resolve(dataDir, 'evidence');
  const dir = path.join(root, orgId.toLowerCase());
  const final = path.join(dir, evidenceId.toLowerCase());
  if (path.dirname(final) !== dir || path.dirname(dir) !== root) throw new Error('evidence path escapes the root');
  return { dir, part: `${final}.part`, final };
}

/** Writes one chunk at its offset (positional, so a retried chunk overwrites rather than appends). */
export async function writeChunk(paths: EvidencePaths, offset: number, chunk: Uint8Array): Promise<void> {
  await mkdir(paths.dir, { recursive: true });
  const handle = await open(paths.part, 'r+').catch(async (err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return open(paths.part, 'w');
    throw err;
  });
  try {
    let written = 0;
    while (written < chunk.length) {
      const { bytesWritten } = await handle.write(chunk, written, chunk.length - written, offset + written);
      written += bytesWritten;
    }
  } finally {
    await handle.close();
  }
}

export interface Inspection {
  size: number;
  sha256: string;
  sniffed: { format: SniffResult; zipText: string };
}

/** Streams the first `size` bytes of a file through SHA-256 and the content sniffer. */
export async function inspectFile(file: string, size: number): Promise<Inspection> {
  const hash = createHash('sha256');
  const inspector = new ContentInspector();
  let seen = 0;
  const stream = createReadStream(file, { start: 0, end: Math.max(0, size - 1), highWaterMark: 1024 * 1024 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    seen += chunk.length;
    hash.update(chunk);
    inspector.update(chunk);
  }
  return { size: seen, sha256: hash.digest('hex'), sniffed: inspector.finish() };
}

export async function finalizeFile(paths: EvidencePaths): Promise<void> {
  await rename(paths.part, paths.final);
}

/** Stores a whole file at once (multipart uploads): written as .part, then renamed. */
export async function storeWhole(paths: EvidencePaths, bytes: Uint8Array): Promise<void> {
  await mkdir(paths.dir, { recursive: true });
  await writeFile(paths.part, bytes);
  await rename(paths.part, paths.final);
}

/** Removes every file of an evidence id (refused, detached or abandoned uploads). */
export async function removeFiles(paths: EvidencePaths): Promise<void> {
  await rm(paths.part, { force: true });
  await rm(paths.final, { force: true });
}

export async function fileSize(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}

export function openDownload(paths: EvidencePaths) {
  return createReadStream(paths.final);
}
