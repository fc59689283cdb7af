// Resolving what the server pushed back: conflicts ("keep mine" / "use theirs") and rejected changes.
import { answerKey, type SyncDatabase } from './db.ts';
import { recordAnswer } from './answer-save.ts';
import type { Identity, OutboxDeps } from './outbox.ts';
import { deriveSyncState, isTerminal } from './reconcile.ts';
import { guardedWrite, type WriteResult } from './write-guard.ts';

/** "Keep mine" re-queues the local value on top of the server's version; "Use theirs" adopts the server value. */
export async function resolveConflict(
  db: SyncDatabase,
  input: Identity & { assessmentId: string; questionId: string; choice: 'mine' | 'theirs' },
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
      });
      return { ok: true, value: undefined };
    }),
  );
}

/** Clears a rejected change from view (the server value, if any, is shown again on the next pull). */
export async function dismissRejected(db: SyncDatabase, input: { assessmentId: string; questionId: string }): Promise<WriteResult> {
  return guardedWrite(db, () =>
    db.transaction('rw', db.answers, db.outbox, async (): Promise<WriteResult> => {
      const key = answerKey(input.assessmentId, input.questionId);
      const rows = await db.outbox.where('entityKey').equals(key).toArray();
      await db.outbox.bulkDelete(rows.filter((r) => r.status === 'rejected').map((r) => r.seq!));
      const local = await db.answers.get([input.assessmentId, input.questionId]);
      if (!local) return { ok: true, value: undefined };
      if (local.serverValue === null) await db.answers.delete([input.assessmentId, input.questionId]);
      else await db.answers.put({ ...local, value: local.serverValue, syncState: deriveSyncState(rows.filter((r) => r.status !== 'rejected')), error: undefined });
      return { ok: true, value: undefined };
    }),
  );
}
