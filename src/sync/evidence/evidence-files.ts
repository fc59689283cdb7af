// Reading and removing evidence: local bytes while a file waits to upload, the server copy after.
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import type { LocalEvidence, SyncDatabase } from '../db.ts';
import type { EvidenceTransport } from './evidence-transport.ts';
import { datesProblem, type EvidenceDates } from './evidence-dates.ts';

export const REMOVE_OFFLINE_MESSAGE = 'You are offline. Removing an uploaded file needs a connection; try again when you are back online.';
export const DATES_OFFLINE_MESSAGE = 'You are offline. Changing the dates of an uploaded file needs a connection; try again when you are back online.';

export type FileResult = { ok: true; blob: Blob; fileName: string } | { ok: false; message: string };

/** The file as a Blob (rebuilt from the stored ArrayBuffer, or downloaded for members of the organization). */
export async function getEvidenceFile(db: SyncDatabase, transport: EvidenceTransport, evidenceId: string): Promise<FileResult> {
  const local = await db.evidence.get(evidenceId);
  if (local?.bytes) return { ok: true, blob: new Blob([local.bytes], { type: local.mimeType }), fileName: local.fileName };
  const res = await transport.download(evidenceId);
  if (!res.ok) return { ok: false, message: res.kind === 'network' ? 'You are offline. This file can be opened once you are back online.' : res.message };
  return { ok: true, blob: new Blob([res.value.bytes], { type: res.value.mimeType }), fileName: res.value.fileName ?? local?.fileName ?? 'evidence' };
}

/**
 * Removes a file from its question. A file that never left this device is simply dropped; an uploaded
 * one is detached on the server first (its bytes are deleted there), then locally.
 */
export async function removeEvidence(db: SyncDatabase, transport: EvidenceTransport, evidenceId: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const local = await db.evidence.get(evidenceId);
  const neverSent = await isNeverSent(db, local);
  if (!neverSent) {
    const res = await transport.detach(evidenceId);
    if (!res.ok && !(res.kind === 'http' && res.status === 404)) {
      return { ok: false, message: res.kind === 'network' ? REMOVE_OFFLINE_MESSAGE : res.message };
    }
  }
  await db.transaction('rw', db.evidence, db.uploads, async () => {
    await db.evidence.delete(evidenceId);
    await db.uploads.delete(evidenceId);
  });
  return { ok: true };
}

/** A file still only on this device: queued, and the server has not been told of it. */
async function isNeverSent(db: SyncDatabase, local: LocalEvidence | undefined): Promise<boolean> {
  if (local?.status !== 'queued') return false;
  const job = await db.uploads.get(local.id);
  return !job || (job.offset === 0 && job.uploadUrl === null);
}

/**
 * Changes a file's dates (ADR 019). A file still only on this device keeps them in its local row and
 * sends them with its upload (works offline); a file the server may know is changed there first
 * (PUT /api/evidence/{id}/dates), then locally with the server's answer.
 */
export async function setEvidenceDates(
  db: SyncDatabase,
  transport: Pick<EvidenceTransport, 'setDates'>,
  evidenceId: string,
  dates: EvidenceDates,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const problem = datesProblem(dates);
  if (problem) return { ok: false, message: problem };
  const local = await db.evidence.get(evidenceId);
  if (!local) return { ok: false, message: 'This file is no longer attached.' };
  const keepLocally = () => db.evidence.update(evidenceId, { effectiveOn: dates.effectiveOn ?? undefined, expiresOn: dates.expiresOn });
  if (await isNeverSent(db, local)) {
    await keepLocally();
    // The uploader may have declared the file meanwhile: then the server must hear of the change too.
    if (await isNeverSent(db, await db.evidence.get(evidenceId))) return { ok: true };
  }
  const res = await transport.setDates(evidenceId, { effectiveOn: dates.effectiveOn ?? null, expiresOn: dates.expiresOn });
  if (!res.ok) {
    // Not on the server yet (e.g. its declaration failed): the dates go with the next declaration.
    if (res.kind === 'http' && res.status === 404 && local.bytes) return keepLocally().then(() => ({ ok: true }) as const);
    return { ok: false, message: res.kind === 'network' ? DATES_OFFLINE_MESSAGE : res.message };
  }
  await db.evidence.update(evidenceId, { effectiveOn: res.value.effective_on, expiresOn: res.value.expires_on });
  return { ok: true };
}

/** Attached server files become local metadata rows (no bytes), so teammates' files show offline too. Local pending rows win. */
export async function mergeServerEvidence(db: SyncDatabase, assessmentId: string, views: EvidenceView[]): Promise<void> {
  await db.transaction('rw', db.evidence, async () => {
    const existing = new Map((await db.evidence.where('assessmentId').equals(assessmentId).toArray()).map((e) => [e.id, e]));
    const attached = views.filter((v) => v.status === 'attached');
    const serverIds = new Set(attached.map((v) => v.id));
    for (const v of attached) {
      const mine = existing.get(v.id);
      if (mine && mine.status !== 'attached') continue;
      await db.evidence.put(toLocal(v, mine));
    }
    // Attached locally but gone on the server: a teammate removed it.
    const gone = [...existing.values()].filter((e) => e.status === 'attached' && !serverIds.has(e.id)).map((e) => e.id);
    await db.evidence.bulkDelete(gone);
  });
}

function toLocal(v: EvidenceView, mine: LocalEvidence | undefined): LocalEvidence {
  return {
    id: v.id,
    assessmentId: v.assessment_id,
    questionId: v.question_id,
    fileName: v.file_name,
    mimeType: v.mime_type,
    sizeBytes: v.size_bytes,
    sha256: v.sha256,
    bytes: mine?.bytes ?? null,
    status: 'attached',
    progress: 1,
    ...(v.uploaded_by ? { userId: v.uploaded_by } : {}),
    uploadedByName: v.uploaded_by_name,
    uploadedAt: v.created_at,
    effectiveOn: v.effective_on,
    expiresOn: v.expires_on,
  };
}
