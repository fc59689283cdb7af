// Resolving what the server pushed back: conflicts ("keep mine" / "use theirs").
import { answerKey, type SyncDatabase } from './db.ts';
import { recordAnswer } from './answer-save.ts';
import type { Caller, OutboxDeps } from './outbox.ts';
import { deriveSyncState, isTerminal } from './reconcile.ts';
import { guardedWrite, type WriteResult } from './write-guard.ts';

/** "Keep mine" re-queues the local value on top of the server's version; "Use theirs" adopts the server value. */
export async function resolveConflict(
  db: SyncDatabase,
  input: Caller & { assessmentId: string; questionId: string; choice: 'mine' | 'theirs' },
  deps: OutboxDeps = {},
): Promise<WriteResult> {
  const local = await db.answers.get([input.assessmentId, input.questionId]);
  if (!local?.conflict) return { ok: false, code: 'not_found', message: 'There is no conflict to resolve on this question' };
  const conflict = local.conflict;
  if (input.choice === 'mine') {
    return recordAnswer(db, { ...input, value: local.value, resolvesConflict: true }, deps);
  }
  return guardedWrite(db, () =>
    db.transaction('rw', db.answers, db.outbox, async (): Promise<WriteResult> => {
      const key = answerKey(input.assessmentId, input.questionId);
      const rows = await db.outbox.where('entityKey').equals(key).toArray();
      const terminal = rows.filter(isTerminal);
      await db.outbox.bulkDelete(terminal.map((r) => r.seq!));
      const remaining = rows.filter((r) => !terminal.includes(r));
      await db.answers.put({
        assessmentId: input.assessmentId,
        questionId: input.questionId,
        value: conflict.value,
        serverVersion: Math.max(conflict.version, local.serverVersion),
        serverValue: conflict.value,
        updatedBy: conflict.by,
        updatedByName: conflict.byName,
        updatedAt: conflict.at,
        syncState: deriveSyncState(remaining),
        // The version a conflict shows was written by a person (only a write moves a version past
        // a carried copy), so it is never one still to re-confirm; the next ack or pull brings its exact origin.
        origin: 'answered',
      });
      return { ok: true, value: undefined };
    }),
  );
}
