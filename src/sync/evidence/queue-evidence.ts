// Picking a file: validate → read to ArrayBuffer → sniff → SHA-256 → ONE Dexie transaction
// (evidence row with the bytes, its dates + upload job). Oversize and wrong kinds, and impossible
// dates, are refused before queuing.
import { checkEvidenceFile, EVIDENCE_MSG, evidenceMaxBytes, formatBytes } from '#domain/evidence.ts';
import { inspectBytes, matchContent } from '#domain/evidence-sniff.ts';
import type { LocalEvidence, SyncDatabase } from '../db.ts';
import { uuidv7 } from '../ids.ts';
import { guardedWrite } from '../write-guard.ts';
import { sha256Hex } from './hash.ts';
import { datesProblem, type EvidenceDates } from './evidence-dates.ts';

/** What a file input or camera capture gives us (a File satisfies it). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface QueueEvidenceInput {
  assessmentId: string;
  questionId: string;
  userId: string;
  file: PickedFile;
  /** The document's dates (ADR 019), sent with the upload; without them the server takes the upload day. */
  dates?: EvidenceDates;
}

export interface StorageLike {
  estimate?(): Promise<{ quota?: number; usage?: number }>;
  persisted?(): Promise<boolean>;
  persist?(): Promise<boolean>;
}

export interface QueueEvidenceDeps {
  /** EVIDENCE_MAX_MB from GET /api/config. */
  maxMb: number;
  now?: () => number;
  /** navigator.storage when available; null to skip the quota check. */
  storage?: StorageLike | null;
  /** Called after the file is queued (start the uploader). */
  onQueued?: (evidenceId: string) => void;
}

export type EvidenceRefusalCode = 'payload_too_large' | 'unsupported_media_type' | 'validation_failed' | 'storage_full' | 'storage_unavailable';
export type QueueEvidenceResult = { ok: true; evidenceId: string } | { ok: false; code: EvidenceRefusalCode; message: string };

export const NOT_ENOUGH_SPACE_MESSAGE = (size: number) =>
  `There is not enough free space on this device to keep this file (${formatBytes(size)}) until it is uploaded.`;

const defaultStorage = (): StorageLike | null => (globalThis as { navigator?: { storage?: StorageLike } }).navigator?.storage ?? null;

/** Needs twice the file size free (the bytes plus IndexedDB overhead); asks once for persistent storage. */
async function checkStorage(storage: StorageLike | null, size: number): Promise<boolean> {
  if (!storage) return true;
  try {
    const { quota, usage } = (await storage.estimate?.()) ?? {};
    if (typeof quota === 'number' && typeof usage === 'number' && quota - usage < 2 * size) return false;
    if (storage.persisted && storage.persist && !(await storage.persisted())) await storage.persist();
  } catch {
    /* estimates are advisory */
  }
  return true;
}

/** Size, extension, declared type and the actual content, all before anything is stored. */
async function readChecked(file: PickedFile, maxMb: number) {
  const declared = checkEvidenceFile({ fileName: file.name, mimeType: file.type, size: file.size }, maxMb);
  if (!declared.ok) return declared;
  const bytes = await file.arrayBuffer();
  if (bytes.byteLength > evidenceMaxBytes(maxMb)) return { ok: false as const, code: 'payload_too_large' as const, message: EVIDENCE_MSG.tooLarge(maxMb) };
  const refusal = matchContent(declared.kind, inspectBytes(new Uint8Array(bytes)));
  if (refusal) return { ok: false as const, code: 'unsupported_media_type' as const, message: refusal };
  return { ...declared, bytes };
}

export async function queueEvidence(db: SyncDatabase, input: QueueEvidenceInput, deps: QueueEvidenceDeps): Promise<QueueEvidenceResult> {
  const badDates = input.dates ? datesProblem(input.dates) : null;
  if (badDates) return { ok: false, code: 'validation_failed', message: badDates };
  const checked = await readChecked(input.file, deps.maxMb);
  if (!checked.ok) return checked;
  if (!(await checkStorage(deps.storage === undefined ? defaultStorage() : deps.storage, checked.bytes.byteLength))) {
    return { ok: false, code: 'storage_full', message: NOT_ENOUGH_SPACE_MESSAGE(checked.bytes.byteLength) };
  }
  const sha256 = await sha256Hex(checked.bytes);
  const evidenceId = uuidv7((deps.now ?? Date.now)());
  const row: LocalEvidence = {
    id: evidenceId,
    assessmentId: input.assessmentId,
    questionId: input.questionId,
    fileName: checked.fileName,
    mimeType: checked.mimeType,
    sizeBytes: checked.bytes.byteLength,
    sha256,
    bytes: checked.bytes,
    status: 'queued',
    progress: 0,
    userId: input.userId,
    ...(input.dates ? { effectiveOn: input.dates.effectiveOn ?? undefined, expiresOn: input.dates.expiresOn } : {}),
  };
  const written = await guardedWrite(db, () =>
    db.transaction('rw', db.evidence, db.uploads, async () => {
      await db.evidence.add(row);
      await db.uploads.add({ evidenceId, offset: 0, uploadUrl: null });
      return { ok: true as const, value: undefined };
    }),
  );
  if (!written.ok) return { ok: false, code: written.code === 'storage_full' ? 'storage_full' : 'storage_unavailable', message: written.message };
  deps.onQueued?.(evidenceId);
  return { ok: true, evidenceId };
}
