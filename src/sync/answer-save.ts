// The answer save, the questionnaire's hot path (ADR 011): one native read-write transaction over
// answers + outbox in which the writes go out together with the reads (one round trip), checked
// against what the reads return before the transaction commits.
import type { AnswerValue } from '#domain/contracts/sync.ts';
import { answerKey, submitKey, type LocalAnswer, type OutboxRow, type SyncDatabase } from './db.ts';
import { getClientId, knownClientId } from './client-id.ts';
import { uuidv7 } from './ids.ts';
import { announceChanges, committed, nativeConnection, request, type StoreChanges } from './native-tx.ts';
import { isQueuedSubmit, SUBMIT_QUEUED_MESSAGE, validateMutation, type Caller, type OutboxDeps } from './outbox.ts';
import { isTerminal, isUnsent } from './reconcile.ts';
import { guardedWrite, type WriteResult } from './write-guard.ts';

export interface RecordAnswerInput extends Caller {
  assessmentId: string;
  questionId: string;
  value: AnswerValue;
  /**
   * "Keep mine" on an open conflict: allowed while a submit is queued (the conflict is what holds
   * that submit, and the submit barrier waits for this row too).
   */
  resolvesConflict?: boolean;
  /**
   * The local row the screen showed (null: none). The writes are built from it and sent with the
   * reads; when the stored row says otherwise they are corrected (or undone) in the same
   * transaction, so a stale hint costs a round trip, never a wrong write.
   */
  seen?: LocalAnswer | null;
}

type Decision = { kind: 'done'; result: WriteResult } | { kind: 'write'; base: number; answer: LocalAnswer };

/** The save's rules on the stored state: submit lock, no-op, base version, the new local row. */
function decide(input: RecordAnswerInput, local: LocalAnswer | undefined, held: OutboxRow[], submits: OutboxRow[], now: number): Decision {
  if (isQueuedSubmit(submits, input.userId) && !(input.resolvesConflict && local?.syncState === 'conflict')) {
    return { kind: 'done', result: { ok: false, code: 'submit_queued', message: SUBMIT_QUEUED_MESSAGE } };
  }
  if (local?.syncState === 'synced' && local.value === input.value && held.length === 0) return { kind: 'done', result: { ok: true, value: undefined } };
  // Answering over an open conflict means "mine wins, on top of what I was shown".
  const base = local?.syncState === 'conflict' && local.conflict ? Math.max(local.conflict.version, local.serverVersion) : (local?.serverVersion ?? 0);
  const answer: LocalAnswer = {
    assessmentId: input.assessmentId,
    questionId: input.questionId,
    serverVersion: local?.serverVersion ?? 0,
    serverValue: local?.serverValue ?? null,
    updatedBy: input.userId,
    updatedByName: local?.updatedByName ?? null,
    value: input.value,
    updatedAt: new Date(now).toISOString(),
    syncState: 'pending',
  };
  return { kind: 'write', base, answer };
}

/**
 * This user's rows the new edit makes obsolete: conflict/rejected ones (deleted in the save), and
 * unsent ones (attempts === 0: never on the wire, so dropping them loses nothing). The new row
 * keeps the oldest unsent edit's base version: the user has not seen anything newer since.
 */
function supersededBy(held: OutboxRow[], userId: string) {
  const mine = held.filter((r) => r.userId === userId);
  return { terminal: mine.filter(isTerminal), unsent: mine.filter(isUnsent) };
}

const sameAnswer = (a: LocalAnswer, b: LocalAnswer) => JSON.stringify(a) === JSON.stringify(b);

function abortQuietly(tx: IDBTransaction) {
  try {
    tx.abort();
  } catch {
    /* already finished */
  }
}

/**
 * Saves an answer and its outbox row atomically. The new row is appended; this user's earlier
 * unsent row for the question is removed right after the commit (`dropUnsent`), or by claimBatch
 * if that never happens, so one mutation per question is sent.
 */
export async function recordAnswer(db: SyncDatabase, input: RecordAnswerInput, deps: OutboxDeps = {}): Promise<WriteResult> {
  const now = (deps.now ?? Date.now)();
  const payload = { questionId: input.questionId, value: input.value };
  const check = validateMutation('answer.set', { assessmentId: input.assessmentId, payload, baseVersion: 0, clientTs: now });
  if (!check.success) return { ok: false, code: 'invalid', message: check.error.issues[0]?.message ?? 'Invalid answer' };
  let saved = null as { changes: Partial<Record<'answers' | 'outbox', StoreChanges>>; unsent: OutboxRow[]; row: OutboxRow } | null;
  const result = await guardedWrite(db, async (): Promise<WriteResult> => {
    // No await on the warm path (id known, connection open): the transaction starts in this turn.
    const clientId = knownClientId(db) ?? (await getClientId(db, deps));
    const connection = nativeConnection(db);
    const tx = (connection instanceof Promise ? await connection : connection).transaction(['answers', 'outbox'], 'readwrite');
    const done = committed(tx);
    const answers = tx.objectStore('answers');
    const outbox = tx.objectStore('outbox');
    const byEntity = outbox.index('entityKey');
    const entityKey = answerKey(input.assessmentId, input.questionId);
    try {
      const reads = Promise.all([
        request(byEntity.getAll(submitKey(input.assessmentId))) as Promise<OutboxRow[]>,
        request(answers.get([input.assessmentId, input.questionId])) as Promise<LocalAnswer | undefined>,
        request(byEntity.getAll(entityKey)) as Promise<OutboxRow[]>,
      ]);
      // The guess: what the screen showed, with no other rows for the question.
      const guess = input.seen === undefined ? null : decide(input, input.seen ?? undefined, [], [], now);
      const row: OutboxRow = { id: uuidv7(now, deps.randomBytes), clientId, userId: input.userId, orgId: input.orgId, assessmentId: input.assessmentId, kind: 'answer.set', entityKey, payload, baseVersion: 0, clientTs: now, status: 'pending', attempts: 0, nextAttemptAt: now };
      let added: Promise<IDBValidKey> | null = null;
      let written: LocalAnswer | null = null;
      if (guess?.kind === 'write') {
        row.baseVersion = guess.base;
        added = request(outbox.add(row));
        added.catch(() => undefined); // rejected by an abort below; awaited where it matters
        written = guess.answer;
        answers.put(written);
      }
      const [submits, local, held] = await reads;
      const decision = decide(input, local, held, submits, now);
      if (decision.kind === 'done') {
        if (added) {
          abortQuietly(tx); // undoes the guessed writes
          await done.catch(() => undefined);
        } else await done;
        return decision.result;
      }
      const { terminal, unsent } = supersededBy(held, input.userId);
      const base = unsent[0]?.baseVersion ?? decision.base;
      for (const r of terminal) outbox.delete(r.seq!);
      if (!written || !sameAnswer(written, decision.answer)) answers.put(decision.answer);
      if (!added) {
        row.baseVersion = base;
        added = request(outbox.add(row));
      }
      row.seq = (await added) as number;
      if (row.baseVersion !== base) outbox.put({ ...row, baseVersion: base });
      row.baseVersion = base;
      await done;
      saved = {
        row,
        unsent,
        changes: {
          answers: { keys: [[input.assessmentId, input.questionId]], rows: local ? [local, decision.answer] : [decision.answer] },
          outbox: { keys: [...terminal.map((r) => r.seq!), row.seq], rows: [...terminal, row] },
        },
      };
    } catch (err) {
      // A failed read or write request: abort, so the transaction writes nothing.
      abortQuietly(tx);
      await done.catch(() => undefined);
      throw err;
    }
    return { ok: true, value: undefined };
  });
  if (result.ok && saved) {
    const { changes, unsent, row } = saved;
    if (unsent.length) {
      const dropped = await dropUnsent(db, row).catch(() => []);
      if (dropped.length) changes.outbox = { keys: [...changes.outbox!.keys, ...dropped.map((r) => r.seq!)], rows: [...changes.outbox!.rows, ...dropped] };
    }
    // One task later: the save's promise settles first; writes in the same turn share one refresh.
    setTimeout(() => announceChanges(db, changes), 0);
    deps.onEnqueue?.();
  }
  return result;
}

/**
 * Removes this user's unsent rows for the question that are older than `latest` (re-read here: a
 * drain may have leased one since; a leased row is never removed). Returns what it removed.
 */
async function dropUnsent(db: SyncDatabase, latest: OutboxRow): Promise<OutboxRow[]> {
  const tx = (await nativeConnection(db)).transaction('outbox', 'readwrite');
  const done = committed(tx);
  const outbox = tx.objectStore('outbox');
  const rows = (await request(outbox.index('entityKey').getAll(latest.entityKey))) as OutboxRow[];
  const drop = supersededBy(rows, latest.userId).unsent.filter((r) => r.seq! < latest.seq!);
  for (const r of drop) outbox.delete(r.seq!);
  await done;
  return drop;
}
