// What a queued "submit when online" is waiting for, for the questionnaire's submit button.
import { isUnsentFile, submitKey, type SyncDatabase, type SyncErrorInfo } from './db.ts';
import { submitBlocker } from './reconcile.ts';

/** conflict: resolve it first; rejected: an earlier change was refused; earlier_rows: still sending; uploads: files still uploading. */
export type SubmitBlocker = 'conflict' | 'rejected' | 'earlier_rows' | 'uploads';

export interface SubmitState {
  /** none: nothing queued; waiting: queued behind the barrier; sending: on the wire; rejected: the server said no. */
  phase: 'none' | 'waiting' | 'sending' | 'rejected';
  blocker: SubmitBlocker | null;
  error: SyncErrorInfo | null;
}

export async function submitBlockerFor(db: SyncDatabase, assessmentId: string, userId: string): Promise<SubmitState> {
  const rows = (await db.outbox.where('entityKey').equals(submitKey(assessmentId)).toArray()).filter((r) => r.userId === userId);
  const row = rows[rows.length - 1];
  if (!row) return { phase: 'none', blocker: null, error: null };
  if (row.status === 'inflight') return { phase: 'sending', blocker: null, error: null };
  if (row.status === 'rejected' || row.status === 'conflict') return { phase: 'rejected', blocker: null, error: row.lastError ?? null };
  const mine = (await db.outbox.where('assessmentId').equals(assessmentId).toArray()).filter((r) => r.userId === userId);
  const conflicts = await db.answers.where('assessmentId').equals(assessmentId).filter((a) => a.syncState === 'conflict').count();
  const uploads = await db.evidence.where('assessmentId').equals(assessmentId).filter(isUnsentFile).count();
  return { phase: 'waiting', blocker: submitBlocker(row, mine, conflicts, uploads), error: null };
}
