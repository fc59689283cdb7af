// Pure conflict and merge rules (ADR 005). No I/O: every function maps old state to new state.
import type { AnswerView, DeferralView, PushResultItem } from '#domain/contracts/sync.ts';
import type { AnswerSyncState, ConflictInfo, LocalAnswer, LocalDeferral, OutboxRow, OutboxStatus } from './db.ts';

/** The question an answer.set row writes (null for any other kind, or a malformed payload). */
export function answeredQuestion(row: OutboxRow): string | null {
  const questionId = row.kind === 'answer.set' ? (row.payload as { questionId?: unknown } | null)?.questionId : undefined;
  return typeof questionId === 'string' ? questionId : null;
}

export const conflictFromView = (v: AnswerView): ConflictInfo => ({
  value: v.answer,
  version: v.version,
  by: v.updated_by,
  byName: v.updated_by_name,
  at: v.updated_at,
});

/** The local row of a server answer; its sync state is derived from the question's held rows. */
function fromView(assessmentId: string, v: AnswerView, held: Pick<OutboxRow, 'status'>[]): LocalAnswer {
  return {
    assessmentId,
    questionId: v.question_id,
    value: v.answer,
    serverVersion: v.version,
    serverValue: v.answer,
    updatedBy: v.updated_by,
    updatedByName: v.updated_by_name,
    updatedAt: v.updated_at,
    syncState: deriveSyncState(held),
    origin: v.origin,
  };
}

export const toLocalDeferral = (assessmentId: string, d: DeferralView): LocalDeferral => ({
  id: d.id,
  assessmentId,
  questionId: d.question_id,
  deferredBy: d.deferred_by,
  deferredByName: d.deferred_by_name,
  deferredTo: d.deferred_to,
  deferredToName: d.deferred_to_name,
  status: d.status === 'answered' || d.status === 'cancelled' ? d.status : 'open',
  syncState: 'synced',
  updatedAt: d.updated_at,
});

/**
 * A pulled server answer meets the local row. Older or equal versions are ignored; a question
 * with a pending/sending outbox row keeps its local value and origin (only the server facts move
 * on); an open conflict gets the newer server side, or ends when the server now holds the local
 * value (the caller then deletes its conflict rows); a synced row adopts the server (value and
 * origin: a teammate's re-confirmation of a carried answer arrives this way). `held`: the
 * question's outbox rows; the sync state is derived from those that remain (deriveSyncState).
 */
export function mergePulledAnswer(local: LocalAnswer | undefined, view: AnswerView, held: Pick<OutboxRow, 'status'>[], assessmentId: string): LocalAnswer | null {
  const hasUnsent = held.some((r) => r.status === 'pending' || r.status === 'inflight');
  if (!local) return hasUnsent ? null : fromView(assessmentId, view, held);
  if (view.version <= local.serverVersion) return null;
  const serverFacts = { serverVersion: view.version, serverValue: view.answer, syncState: deriveSyncState(held) };
  if (hasUnsent) return { ...local, ...serverFacts };
  if (local.syncState === 'conflict') {
    if (view.answer === local.value) return fromView(assessmentId, view, held.filter((r) => r.status !== 'conflict'));
    return { ...local, ...serverFacts, conflict: conflictFromView(view) };
  }
  if (local.syncState === 'rejected') return { ...local, ...serverFacts };
  return fromView(assessmentId, view, held);
}

/** A row the server has refused (conflict or rejected): a new edit of its entity supersedes it. */
export const isTerminal = (r: Pick<OutboxRow, 'status'>) => r.status === 'conflict' || r.status === 'rejected';
/** A row never put on the wire (attempts === 0): it may be replaced or dropped, the server never saw it. */
export const isUnsent = (r: Pick<OutboxRow, 'status' | 'attempts'>) => r.status === 'pending' && r.attempts === 0;

/**
 * The question's state from the outbox rows still held for it: the one place an answer's sync
 * state is made (the save, a push's results, a pull, a lease, a conflict's resolution all call it).
 */
export function deriveSyncState(rows: Pick<OutboxRow, 'status'>[]): AnswerSyncState {
  const has = (s: OutboxStatus) => rows.some((r) => r.status === s);
  if (has('inflight')) return 'sending';
  if (has('pending')) return 'pending';
  if (has('conflict')) return 'conflict';
  if (has('rejected')) return 'rejected';
  return 'synced';
}

export type RowOutcome =
  | { kind: 'done'; answer?: AnswerView }
  | { kind: 'conflict'; answer?: AnswerView; message: string }
  | { kind: 'rejected'; code: string; message: string }
  | { kind: 'retry' };

/** What a push result means for the outbox row that was sent. */
export function outcomeOf(result: PushResultItem | undefined): RowOutcome {
  if (!result) return { kind: 'retry' };
  switch (result.status) {
    case 'applied':
    case 'duplicate':
      return { kind: 'done', answer: result.answer };
    case 'conflict':
      return { kind: 'conflict', answer: result.answer, message: 'Someone else changed this answer' };
    case 'rejected':
      return { kind: 'rejected', code: result.error?.code ?? 'rejected', message: result.error?.message ?? 'The server refused this change' };
    default:
      return { kind: 'retry' };
  }
}

/**
 * After a row for a question is acknowledged at `version`, later rows for the same question
 * were made on top of it locally, so they take that version as their base.
 */
export function rebase(rows: OutboxRow[], ackedSeq: number, version: number): OutboxRow[] {
  return rows.filter((r) => (r.seq ?? 0) > ackedSeq && r.status === 'pending').map((r) => ({ ...r, baseVersion: version }));
}

/**
 * Submit barrier: every other row of the assessment is gone (applied), nothing is in conflict, no
 * upload waits. Rows queued after the submit count too: a "Keep mine" made while the submit waits
 * on its conflict must reach the server before the submit does.
 */
export function submitBlocker(
  submit: OutboxRow,
  outbox: OutboxRow[],
  openConflicts: number,
  pendingUploads: number,
): 'conflict' | 'rejected' | 'earlier_rows' | 'uploads' | null {
  const earlier = outbox.filter((r) => r.assessmentId === submit.assessmentId && r.seq !== submit.seq);
  if (openConflicts > 0 || earlier.some((r) => r.status === 'conflict')) return 'conflict';
  if (earlier.some((r) => r.status === 'rejected')) return 'rejected';
  if (earlier.length) return 'earlier_rows';
  if (pendingUploads > 0) return 'uploads';
  return null;
}
