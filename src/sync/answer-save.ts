// The answer save, the questionnaire's hot path (ADR 011): one native read-write transaction over
// answers + outbox. It reads what the rules need, decides (decideAnswerSave, pure), then writes once.
import type { AnswerValue } from '#domain/contracts/sync.ts';
import { answerKey, submitKey, type LocalAnswer, type OutboxRow, type SyncDatabase } from './db.ts';
import { getClientId, knownClientId } from './client-id.ts';
import { uuidv7 } from './ids.ts';
import { announceChanges, commitNow, committed, nativeConnection, request, type StoreChanges } from './native-tx.ts';
import { validateMutation, type Caller, type OutboxDeps } from './outbox.ts';
import { answerPayload, decideAnswerSave } from './answer-decision.ts';
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
  /** A domain's "confirm unchanged answers": written only over a still-carried answer of the same value (ADR 019). */
  bulk?: boolean;
}

function abortQuietly(tx: IDBTransaction) {
  try {
    tx.abort();
  } catch {
    /* already finished */
  }
}

/**
 * Saves an answer and its outbox row atomically, in one transaction: it reads, decides, then
 * writes the answer row, appends the new outbox row and deletes this user's rows of the question
 * that the edit supersedes (conflict/rejected ones, and unsent ones never on the wire), so one
 * mutation per question is sent (ADR 011, ADR 025).
 */
export async function recordAnswer(db: SyncDatabase, input: RecordAnswerInput, deps: OutboxDeps = {}): Promise<WriteResult> {
  const now = (deps.now ?? Date.now)();
  let changes = null as Partial<Record<'answers' | 'outbox', StoreChanges>> | null;
  const result = await guardedWrite(db, async (): Promise<WriteResult> => {
    // No await on the warm path (id known, connection open): the transaction and its reads start in
    // this turn, and the checks below run while the reads are on their way to the IndexedDB backend.
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
      const payload = answerPayload(input);
      const check = validateMutation('answer.set', { assessmentId: input.assessmentId, payload, baseVersion: 0, clientTs: now });
      if (!check.success) {
        abortQuietly(tx);
        await Promise.allSettled([reads, done]);
        return { ok: false, code: 'invalid', message: check.error.issues[0]?.message ?? 'Invalid answer' };
      }
      const id = uuidv7(now, deps.randomBytes);
      const [submits, local, held] = await reads;
      const decision = decideAnswerSave({ ...input, id, clientId, entityKey, now }, { local, held, submits });
      if (decision.kind === 'done') {
        commitNow(tx);
        await done; // read-only so far: commits nothing
        return decision.result;
      }
      const { answer, row } = decision;
      // Unsent rows were never on the wire and nothing can lease them inside this transaction.
      const remove = [...decision.remove, ...decision.unsent];
      for (const r of remove) outbox.delete(r.seq!);
      answers.put(answer);
      const seq = request(outbox.add(row)) as Promise<number>;
      // Every write is issued: commit now rather than one more round trip to the backend after the
      // add's result (auto-commit). The add's key still arrives, before the commit completes.
      commitNow(tx);
      row.seq = await seq;
      await done;
      changes = {
        answers: { keys: [[input.assessmentId, input.questionId]], rows: local ? [local, answer] : [answer] },
        outbox: { keys: [...remove.map((r) => r.seq!), row.seq], rows: [...remove, row] },
      };
    } catch (err) {
      // A failed request (or one that threw): abort, so the answer and its outbox row are written together or not at all.
      abortQuietly(tx);
      await done.catch(() => undefined);
      throw err;
    }
    return { ok: true, value: undefined };
  });
  if (result.ok && changes) {
    const announced = changes;
    // One task later: the save's promise settles first; writes in the same turn share one refresh.
    setTimeout(() => announceChanges(db, announced), 0);
    deps.onEnqueue?.();
  }
  return result;
}
