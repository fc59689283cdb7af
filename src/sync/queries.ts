// Read models behind the React hooks (plain Dexie queries, usable in liveQuery and in tests).
import { isSendableFile, UNSENT_FILE_STATUSES, type AnswerSyncState, type ConflictInfo, type SyncDatabase, type SyncErrorInfo } from './db.ts';
import type { AnswerOrigin } from '#domain/contracts/enums.ts';
import type { AnswerValue } from '#domain/contracts/sync.ts';

export interface QuestionSyncView {
  value: AnswerValue;
  syncState: AnswerSyncState;
  /** `carried` = still to re-confirm (counts as unanswered). */
  origin: AnswerOrigin;
  conflict: ConflictInfo | null;
  error: SyncErrorInfo | null;
  updatedBy: string | null;
  updatedByName: string | null;
  updatedAt: string | null;
}

/** questionId → local answer with its sync state. */
export async function answersMap(db: SyncDatabase, assessmentId: string): Promise<Record<string, QuestionSyncView>> {
  const rows = await db.answers.where('assessmentId').equals(assessmentId).toArray();
  const out: Record<string, QuestionSyncView> = {};
  for (const a of rows) {
    out[a.questionId] = {
      value: a.value,
      syncState: a.syncState,
      origin: a.origin ?? 'answered',
      conflict: a.conflict ?? null,
      error: a.error ?? null,
      updatedBy: a.updatedBy,
      updatedByName: a.updatedByName,
      updatedAt: a.updatedAt,
    };
  }
  return out;
}

export interface OutboxSummary {
  /** Questions with an answer still to send. */
  answers: number;
  /** Files still to upload, and their remaining bytes. */
  files: number;
  fileBytes: number;
  deferrals: number;
  submitQueued: boolean;
  conflicts: number;
  rejected: number;
}

export const EMPTY_SUMMARY: OutboxSummary = { answers: 0, files: 0, fileBytes: 0, deferrals: 0, submitQueued: false, conflicts: 0, rejected: 0 };

const byAssessmentStatus = '[assessmentId+status]';
const UNSENT_STATUSES = ['pending', 'inflight'] as const;

/** This assessment's pending and sending rows: one index read per status (getAll, no cursor). */
export async function unsentRowsOf(db: SyncDatabase, assessmentId: string) {
  const parts = await Promise.all(UNSENT_STATUSES.map((s) => db.outbox.where(byAssessmentStatus).equals([assessmentId, s]).toArray()));
  return parts.flat().sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/**
 * Pending and sending rows of every user: native index counts in one read transaction (a live
 * query would otherwise open one transaction per statement, after every save).
 */
export function unsentCount(db: SyncDatabase): Promise<number> {
  return db.transaction('r', db.outbox, async () => {
    const counts = await Promise.all(UNSENT_STATUSES.map((s) => db.outbox.where('status').equals(s).count()));
    return counts[0]! + counts[1]!;
  });
}

/**
 * Unsent outbox rows (with the device time of the oldest: the first by seq of each status), and
 * evidence files not yet attached (isUnsentFile: what a reload into a new version must not strand), in one read
 * transaction.
 */
export function unsentWork(db: SyncDatabase): Promise<{ rows: number; files: number; oldest: number | null }> {
  return db.transaction('r', db.outbox, db.evidence, async () => {
    const [rows, files, firsts] = await Promise.all([
      unsentCount(db),
      db.evidence.where('status').anyOf(UNSENT_FILE_STATUSES).count(),
      Promise.all(UNSENT_STATUSES.map((s) => db.outbox.where('status').equals(s).first())),
    ]);
    const times = firsts.flatMap((r) => (r ? [r.clientTs] : []));
    return { rows, files, oldest: rows && times.length ? Math.min(...times) : null };
  });
}

/** Counts for "Sending 3 answers and 1 file…". */
export function outboxSummary(db: SyncDatabase, assessmentId: string): Promise<OutboxSummary> {
  return db.transaction('r', db.outbox, db.evidence, () => readOutboxSummary(db, assessmentId));
}

async function readOutboxSummary(db: SyncDatabase, assessmentId: string): Promise<OutboxSummary> {
  const [unsent, conflicts, rejected, files] = await Promise.all([
    unsentRowsOf(db, assessmentId),
    db.outbox.where(byAssessmentStatus).equals([assessmentId, 'conflict']).count(),
    db.outbox.where(byAssessmentStatus).equals([assessmentId, 'rejected']).count(),
    db.evidence.where('assessmentId').equals(assessmentId).filter(isSendableFile).toArray(),
  ]);
  return {
    answers: new Set(unsent.filter((r) => r.kind === 'answer.set').map((r) => r.entityKey)).size,
    files: files.length,
    fileBytes: Math.round(files.reduce((n, f) => n + f.sizeBytes * (1 - (f.progress ?? 0)), 0)),
    deferrals: unsent.filter((r) => r.kind === 'defer.set').length,
    submitQueued: unsent.some((r) => r.kind === 'assessment.submit'),
    conflicts,
    rejected,
  };
}
