// Evidence actions for the attach control, bound to the evidence core's upload scheduler
// (one per sync database; it also runs on start, on reconnect and on a poll while files wait).
import { createBrowserOnlineSignal } from '../../../sync/browser-signals.ts';
import { getEvidenceFile, removeEvidence } from '../../../sync/evidence/evidence-files.ts';
import { startEvidenceUploads, type EvidenceUploads } from '../../../sync/evidence/upload-scheduler.ts';
import type { SyncRuntime } from '../../../sync/index.ts';
import { saveBlob } from '../../../lib/download-report.ts';
import { getAccessToken } from '../../../lib/access-token.ts';
import { appAlert } from '../../../lib/app-dialogs.ts';

let bound: { db: SyncRuntime['db']; uploads: EvidenceUploads; userId: string } | null = null;

const token = getAccessToken;

function bind(runtime: SyncRuntime, userId: string): EvidenceUploads {
  if (bound?.db === runtime.db && bound.userId === userId) return bound.uploads;
  bound?.uploads.stop();
  const uploads = startEvidenceUploads({
    db: runtime.db,
    getToken: token,
    // Only this user's files are sent; another user's stay held on the device.
    getUserId: () => userId,
    onlineSignal: createBrowserOnlineSignal(),
    // A submit queued behind these files can go now.
    onAttached: () => runtime.engine.notifyEnqueued(),
  });
  bound = { db: runtime.db, uploads, userId };
  return uploads;
}

export interface EvidenceActions {
  kick: () => void;
  retry: (evidenceId: string) => Promise<void>;
  remove: (evidenceId: string) => Promise<void>;
}

export function evidenceActions(runtime: SyncRuntime, userId: string, onError: (message: string) => void = (m) => void appAlert(m, 'Evidence')): EvidenceActions {
  const uploads = bind(runtime, userId);
  return {
    kick: () => void uploads.kick(),
    retry: async (id) => {
      await uploads.uploader.retry(id);
      void uploads.kick();
    },
    remove: async (id) => {
      const res = await removeEvidence(runtime.db, uploads.transport, id);
      if (!res.ok) onError(res.message);
    },
  };
}

/**
 * Opens a file of the question for a member: the local bytes while they wait to upload, otherwise
 * the organization-scoped download route (teammates' files and this user's from other devices).
 */
export async function downloadEvidence(runtime: SyncRuntime, userId: string, evidenceId: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const res = await getEvidenceFile(runtime.db, bind(runtime, userId).transport, evidenceId);
  if (!res.ok) return res;
  saveBlob(res.blob, res.fileName);
  return { ok: true };
}
