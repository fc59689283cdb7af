// What one push's results change locally, pure (ADR 005): from the rows sent, the server's results
// and the stored rows of the entities sent, the whole change set. apply-results.ts reads the rows
// and writes the set in one transaction.
import type { AnswerView, PushResultItem } from '#domain/contracts/sync.ts';
import { answerKey, META, type LocalAnswer, type LocalDeferral, type MetaRow, type OutboxRow, type SyncErrorInfo } from './db.ts';
import { answeredQuestion, conflictFromView, deriveSyncState, outcomeOf, rebase, toLocalDeferral } from './reconcile.ts';

/** The stored rows a push's results are applied to. */
export interface PushedState {
  /** Every outbox row of the entities sent (index entityKey). */
  outbox: OutboxRow[];
  /** The local answers of the questions sent. */
  answers: LocalAnswer[];
}

export interface PushChanges {
  outbox: { delete: number[]; put: OutboxRow[] };
  answers: LocalAnswer[];
  deferrals: {
    /** A pending deferral (keyed by its mutation id) replaced by the server's record of it. */
    replace: Array<{ id: string; deferral: LocalDeferral }>;
    /** A pending deferral the server refused: marked rejected, if still stored. */
    reject: Array<{ id: string; error: SyncErrorInfo }>;
  };
  /** The server's assessment after an applied submit. */
  meta: MetaRow[];
  /** Assessments with a row that got a terminal result (the engine pulls them). */
  touched: Set<string>;
  /** False when some row got no terminal result and goes back to pending. */
  complete: boolean;
}

/** The stored rows as this batch has changed them so far. */
interface Working {
  outbox: Map<number, OutboxRow>;
  answers: Map<string, LocalAnswer>;
  putRows: Set<number>;
  deletedRows: Set<number>;
  putAnswers: Set<string>;
}

const held = (w: Working, entityKey: string) => [...w.outbox.values()].filter((r) => r.entityKey === entityKey);

function putRow(w: Working, row: OutboxRow) {
  w.outbox.set(row.seq!, row);
  w.putRows.add(row.seq!);
}
function deleteRow(w: Working, seq: number) {
  if (w.outbox.delete(seq)) w.deletedRows.add(seq);
  w.putRows.delete(seq);
}
/** As Dexie's update: a stored row only; a patch value of undefined removes the property. */
function updateRow(w: Working, seq: number, patch: Partial<OutboxRow>) {
  const current = w.outbox.get(seq);
  if (!current) return;
  const next: OutboxRow = { ...current, ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete next[k as keyof OutboxRow];
  putRow(w, next);
}

/** Recomputes the answer row of a question from the rows still held, applying server facts when given. */
function refreshAnswer(w: Working, row: OutboxRow, ack?: AnswerView, conflict?: AnswerView, error?: SyncErrorInfo) {
  const questionId = answeredQuestion(row);
  if (!questionId) return;
  const key = answerKey(row.assessmentId, questionId);
  const local = w.answers.get(key);
  if (!local) return;
  const syncState = deriveSyncState(held(w, key));
  const next = { ...local, syncState };
  const facts = ack ?? conflict;
  if (facts && facts.version >= local.serverVersion) {
    next.serverVersion = facts.version;
    next.serverValue = facts.answer;
  }
  if (ack && syncState === 'synced') {
    Object.assign(next, { value: ack.answer, origin: ack.origin, updatedBy: ack.updated_by, updatedByName: ack.updated_by_name, updatedAt: ack.updated_at });
    delete next.conflict;
    delete next.error;
  }
  if (conflict) next.conflict = conflictFromView(conflict);
  if (error) next.error = error;
  w.answers.set(key, next);
  w.putAnswers.add(key);
}

/**
 * The change set of one push, row by row in the order sent:
 * - no result (or an unknown status): the row goes back to pending, unleased, to be retried;
 * - applied/duplicate: the row leaves the outbox; for an answer, later pending rows of the question
 *   are rebased on the acknowledged version and the answer row takes the server's facts (and its
 *   value and origin, once nothing is held); a deferral is replaced by the server's record; a submit stores
 *   the server's assessment;
 * - conflict/rejected: the row stays with its reason; the answer shows the conflict or the error;
 *   a rejected deferral is marked rejected.
 */
export function planPushChanges(sent: OutboxRow[], results: PushResultItem[], stored: PushedState): PushChanges {
  const byId = new Map(results.map((r) => [r.id, r]));
  const w: Working = {
    outbox: new Map(stored.outbox.map((r) => [r.seq!, r])),
    answers: new Map(stored.answers.map((a) => [answerKey(a.assessmentId, a.questionId), a])),
    putRows: new Set(),
    deletedRows: new Set(),
    putAnswers: new Set(),
  };
  const out: PushChanges = { outbox: { delete: [], put: [] }, answers: [], deferrals: { replace: [], reject: [] }, meta: [], touched: new Set(), complete: true };
  for (const row of sent) {
    const result = byId.get(row.id);
    const outcome = outcomeOf(result);
    if (outcome.kind === 'retry') {
      updateRow(w, row.seq!, { status: 'pending', leaseUntil: undefined });
      out.complete = false;
      continue;
    }
    out.touched.add(row.assessmentId);
    if (outcome.kind === 'done') {
      deleteRow(w, row.seq!);
      if (row.kind === 'answer.set' && outcome.answer) {
        for (const r of rebase(held(w, row.entityKey), row.seq!, outcome.answer.version)) putRow(w, r);
        refreshAnswer(w, row, outcome.answer);
      }
      const deferral = row.kind === 'defer.set' ? result?.deferral : undefined;
      if (deferral) out.deferrals.replace.push({ id: row.id, deferral: toLocalDeferral(row.assessmentId, deferral) });
      const assessment = row.kind === 'assessment.submit' ? result?.assessment : undefined;
      if (assessment) out.meta.push({ key: META.assessment(row.assessmentId), value: assessment });
      continue;
    }
    const lastError: SyncErrorInfo =
      outcome.kind === 'conflict' ? { code: 'conflict', http: 409, message: outcome.message } : { code: outcome.code, message: outcome.message };
    updateRow(w, row.seq!, { status: outcome.kind, leaseUntil: undefined, lastError });
    if (row.kind === 'answer.set') {
      refreshAnswer(w, row, undefined, outcome.kind === 'conflict' ? outcome.answer : undefined, outcome.kind === 'rejected' ? lastError : undefined);
    }
    if (row.kind === 'defer.set' && outcome.kind === 'rejected') out.deferrals.reject.push({ id: row.id, error: lastError });
  }
  out.outbox.delete = [...w.deletedRows];
  out.outbox.put = [...w.putRows].map((seq) => w.outbox.get(seq)!);
  out.answers = [...w.putAnswers].map((k) => w.answers.get(k)!);
  return out;
}
