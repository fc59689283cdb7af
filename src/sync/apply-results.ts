// Writes the outcome of one push back into Dexie: acknowledged rows leave the outbox,
// conflicts and rejections stay visible with their reason, missing results go back to pending.
import type { AnswerView, DeferralView, PushResultItem } from '#domain/contracts/sync.ts';
import { answerKey, META, type LocalDeferral, type OutboxRow, type SyncDatabase } from './db.ts';
import { conflictFromView, deriveSyncState, outcomeOf, rebase } from './reconcile.ts';

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

function questionIdOf(row: OutboxRow): string | null {
  const p = row.payload as { questionId?: unknown } | null;
  return typeof p?.questionId === 'string' ? p.questionId : null;
}

/** Recomputes the answer row of a question from the rows still held, applying server facts when given. */
async function refreshAnswer(db: SyncDatabase, row: OutboxRow, ack?: AnswerView, conflict?: AnswerView, error?: { code: string; message: string }) {
  const questionId = questionIdOf(row);
  if (!questionId) return;
  const local = await db.answers.get([row.assessmentId, questionId]);
  if (!local) return;
  const held = await db.outbox.where('entityKey').equals(answerKey(row.assessmentId, questionId)).toArray();
  const state = deriveSyncState(held);
  const next = { ...local, syncState: state };
  const facts = ack ?? conflict;
  if (facts && facts.version >= local.serverVersion) {
    next.serverVersion = facts.version;
    next.serverValue = facts.answer;
  }
  if (ack && state === 'synced') {
    Object.assign(next, { value: ack.answer, updatedBy: ack.updated_by, updatedByName: ack.updated_by_name, updatedAt: ack.updated_at });
    delete next.conflict;
    delete next.error;
  }
  if (conflict) next.conflict = conflictFromView(conflict);
  if (error) next.error = error;
  await db.answers.put(next);
}

async function applyOne(db: SyncDatabase, row: OutboxRow, result: PushResultItem | undefined, touched: Set<string>) {
  const outcome = outcomeOf(result);
  if (outcome.kind === 'retry') {
    await db.outbox.update(row.seq!, { status: 'pending', leaseUntil: undefined });
    return false;
  }
  touched.add(row.assessmentId);
  if (outcome.kind === 'done') {
    await db.outbox.delete(row.seq!);
    if (row.kind === 'answer.set' && outcome.answer) {
      const later = await db.outbox.where('entityKey').equals(row.entityKey).toArray();
      for (const r of rebase(later, row.seq!, outcome.answer.version)) await db.outbox.put(r);
      await refreshAnswer(db, row, outcome.answer);
    }
    if (row.kind === 'defer.set' && result?.deferral) {
      await db.deferrals.delete(row.id);
      await db.deferrals.put(toLocalDeferral(row.assessmentId, result.deferral));
    }
    if (row.kind === 'assessment.submit' && result?.assessment) {
      await db.meta.put({ key: META.assessment(row.assessmentId), value: result.assessment });
    }
    return true;
  }
  const lastError =
    outcome.kind === 'conflict' ? { code: 'conflict', http: 409, message: outcome.message } : { code: outcome.code, message: outcome.message };
  await db.outbox.update(row.seq!, { status: outcome.kind, leaseUntil: undefined, lastError });
  if (row.kind === 'answer.set') {
    await refreshAnswer(db, row, undefined, outcome.kind === 'conflict' ? outcome.answer : undefined, outcome.kind === 'rejected' ? lastError : undefined);
  }
  if (row.kind === 'defer.set' && outcome.kind === 'rejected') {
    await db.deferrals.update(row.id, { syncState: 'rejected', error: lastError });
  }
  return true;
}

/**
 * Applies results inside one transaction. Returns the assessments touched and whether every row
 * got a terminal answer (false = some must be retried). A batch holds one row per entity
 * (claimBatch), so the rows are independent: their reads and writes are issued together instead
 * of one row's round trips after another's (IndexedDB still runs them in issue order).
 */
export async function applyPushResults(db: SyncDatabase, sent: OutboxRow[], results: PushResultItem[]) {
  const byId = new Map(results.map((r) => [r.id, r]));
  const touched = new Set<string>();
  const settled = await db.transaction('rw', db.outbox, db.answers, db.deferrals, db.meta, () =>
    Promise.all(sent.map((row) => applyOne(db, row, byId.get(row.id), touched))),
  );
  return { touched, complete: settled.every(Boolean) };
}
