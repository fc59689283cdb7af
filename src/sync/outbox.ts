// The write API: every user action is ONE rw transaction over its local table and the outbox.
import { syncMutationSchema, type AnswerValue } from '#domain/contracts/sync.ts';
import {
  answerKey,
  deferKey,
  submitKey,
  type LocalAnswer,
  type OutboxKind,
  type OutboxRow,
  type SyncDatabase,
} from './db.ts';
import { getClientId, knownClientId } from './client-id.ts';
import { uuidv7, type RandomBytes } from './ids.ts';
import { guardedWrite, type WriteResult } from './write-guard.ts';
import { announceChanges, committed, nativeConnection, request } from './native-tx.ts';

export interface Identity {
  userId: string;
  orgId: string;
}

export interface OutboxDeps {
  now?: () => number;
  randomBytes?: RandomBytes;
  /** Called after every successful enqueue (the engine drains 500 ms later). */
  onEnqueue?: () => void;
}

export const SUBMIT_QUEUED_MESSAGE = 'This assessment is queued for submission. Cancel the submission to keep editing.';

const isQueuedSubmit = (rows: OutboxRow[], userId: string) => rows.some((r) => r.userId === userId && (r.status === 'pending' || r.status === 'inflight'));

async function queuedSubmit(db: SyncDatabase, assessmentId: string, userId: string) {
  return isQueuedSubmit(await db.outbox.where('entityKey').equals(submitKey(assessmentId)).toArray(), userId);
}

type NewRow = Omit<OutboxRow, 'id' | 'status' | 'attempts' | 'nextAttemptAt'>;

/**
 * What appending `row` does to the entity's rows (`held`): this user's terminal (conflict/rejected)
 * rows are superseded by the new intent, and an unsent one (attempts === 0) takes the new payload
 * in place; otherwise a new row is added.
 */
function planEnqueue(held: OutboxRow[], row: NewRow, deps: OutboxDeps): { deletes: number[]; row: OutboxRow } {
  const now = (deps.now ?? Date.now)();
  const mine = held.filter((r) => r.userId === row.userId);
  const deletes = mine.filter((r) => r.status === 'conflict' || r.status === 'rejected').map((r) => r.seq!);
  const unsent = mine.find((r) => r.status === 'pending' && r.attempts === 0);
  if (unsent) return { deletes, row: { ...unsent, payload: row.payload, clientTs: row.clientTs } };
  return { deletes, row: { ...row, id: uuidv7(now, deps.randomBytes), status: 'pending', attempts: 0, nextAttemptAt: now } };
}

/** Adds a row, or replaces the payload of an unsent one, in the caller's Dexie transaction. */
async function enqueue(db: SyncDatabase, row: NewRow, deps: OutboxDeps): Promise<OutboxRow> {
  const plan = planEnqueue(await db.outbox.where('entityKey').equals(row.entityKey).toArray(), row, deps);
  if (plan.deletes.length) await db.outbox.bulkDelete(plan.deletes);
  if (plan.row.seq === undefined) plan.row.seq = await db.outbox.add(plan.row);
  else await db.outbox.put(plan.row);
  return plan.row;
}

function validate(kind: OutboxKind, row: { id?: string; assessmentId: string; payload: unknown; baseVersion: number | null; clientTs: number }) {
  return syncMutationSchema.safeParse({ id: row.id ?? '00000000-0000-7000-8000-000000000000', kind, ...row });
}

export interface RecordAnswerInput extends Identity {
  assessmentId: string;
  questionId: string;
  value: AnswerValue;
  /**
   * "Keep mine" on an open conflict: allowed while a submit is queued (the conflict is what holds
   * that submit, and the submit barrier waits for this row too).
   */
  resolvesConflict?: boolean;
}

/**
 * One native read-write transaction over answers + outbox (ADR 011): the three reads go out
 * together, then the writes; nothing is written when the save is refused or a write fails.
 */
export async function recordAnswer(db: SyncDatabase, input: RecordAnswerInput, deps: OutboxDeps = {}): Promise<WriteResult> {
  const now = (deps.now ?? Date.now)();
  const payload = { questionId: input.questionId, value: input.value };
  const check = validate('answer.set', { assessmentId: input.assessmentId, payload, baseVersion: 0, clientTs: now });
  if (!check.success) return { ok: false, code: 'invalid', message: check.error.issues[0]?.message ?? 'Invalid answer' };
  let changes: Parameters<typeof announceChanges>[1] | null = null;
  const result = await guardedWrite(db, async (): Promise<WriteResult> => {
    // No await on the warm path (id known, connection open): the transaction starts in this turn.
    const clientId = knownClientId(db) ?? (await getClientId(db, deps));
    const connection = nativeConnection(db);
    const tx = (connection instanceof Promise ? await connection : connection).transaction(['answers', 'outbox'], 'readwrite');
    const done = committed(tx);
    const answers = tx.objectStore('answers');
    const outbox = tx.objectStore('outbox');
    const byEntity = outbox.index('entityKey');
    const key = answerKey(input.assessmentId, input.questionId);
    try {
      const [submits, local, held] = await Promise.all([
        request(byEntity.getAll(submitKey(input.assessmentId))) as Promise<OutboxRow[]>,
        request(answers.get([input.assessmentId, input.questionId])) as Promise<LocalAnswer | undefined>,
        request(byEntity.getAll(key)) as Promise<OutboxRow[]>,
      ]);
      const decision = decideAnswer(input, local, held, submits, now);
      if (decision.kind !== 'write') {
        await done;
        return decision.result;
      }
      const plan = planEnqueue(held, { clientId, userId: input.userId, orgId: input.orgId, assessmentId: input.assessmentId, kind: 'answer.set', entityKey: key, payload, baseVersion: decision.base, clientTs: now }, deps);
      for (const seq of plan.deletes) outbox.delete(seq);
      const added = plan.row.seq === undefined ? outbox.add(plan.row) : (outbox.put(plan.row), null);
      answers.put(decision.answer);
      await done;
      if (added) plan.row.seq = added.result as number;
      changes = {
        answers: { keys: [[input.assessmentId, input.questionId]], rows: local ? [local, decision.answer] : [decision.answer] },
        outbox: { keys: [...plan.deletes, plan.row.seq!], rows: [...held.filter((r) => plan.deletes.includes(r.seq!) || r.seq === plan.row.seq), plan.row] },
      };
    } catch (err) {
      // A failed read or a refused write request: abort, so the transaction writes nothing.
      try {
        tx.abort();
      } catch {
        /* already finished */
      }
      await done.catch(() => undefined);
      throw err;
    }
    return { ok: true, value: undefined };
  });
  if (result.ok && changes) {
    const announce = changes;
    setTimeout(() => announceChanges(db, announce), 0);
    deps.onEnqueue?.();
  }
  return result;
}

type AnswerDecision = { kind: 'done'; result: WriteResult } | { kind: 'write'; base: number; answer: LocalAnswer };

/** The save's rules, on what the transaction read: submit lock, no-op, base version, new local row. */
function decideAnswer(input: RecordAnswerInput, local: LocalAnswer | undefined, held: OutboxRow[], submits: OutboxRow[], now: number): AnswerDecision {
  const queued = isQueuedSubmit(submits, input.userId);
  if (queued && !(input.resolvesConflict && local?.syncState === 'conflict')) return { kind: 'done', result: { ok: false, code: 'submit_queued', message: SUBMIT_QUEUED_MESSAGE } };
  if (local?.syncState === 'synced' && local.value === input.value && held.length === 0) return { kind: 'done', result: { ok: true, value: undefined } };
  // Answering over an open conflict means "mine wins, on top of what I was shown".
  const base = local?.syncState === 'conflict' && local.conflict ? Math.max(local.conflict.version, local.serverVersion) : (local?.serverVersion ?? 0);
  return {
    kind: 'write',
    base,
    answer: {
      assessmentId: input.assessmentId,
      questionId: input.questionId,
      serverVersion: local?.serverVersion ?? 0,
      serverValue: local?.serverValue ?? null,
      updatedBy: input.userId,
      updatedByName: local?.updatedByName ?? null,
      value: input.value,
      updatedAt: new Date(now).toISOString(),
      syncState: 'pending',
    },
  };
}

export interface RecordDeferralInput extends Identity {
  assessmentId: string;
  questionId: string;
  deferToUserId: string;
  deferToName?: string | null;
}

export async function recordDeferral(db: SyncDatabase, input: RecordDeferralInput, deps: OutboxDeps = {}): Promise<WriteResult> {
  const now = (deps.now ?? Date.now)();
  const payload = { questionId: input.questionId, deferToUserId: input.deferToUserId };
  const check = validate('defer.set', { assessmentId: input.assessmentId, payload, baseVersion: null, clientTs: now });
  if (!check.success) return { ok: false, code: 'invalid', message: check.error.issues[0]?.message ?? 'Invalid deferral' };
  const result = await guardedWrite(db, async () => {
    const clientId = await getClientId(db, deps);
    return db.transaction('rw', db.deferrals, db.outbox, async (): Promise<WriteResult> => {
      if (await queuedSubmit(db, input.assessmentId, input.userId)) return { ok: false, code: 'submit_queued', message: SUBMIT_QUEUED_MESSAGE };
      const row = await enqueue(db, { clientId, userId: input.userId, orgId: input.orgId, assessmentId: input.assessmentId, kind: 'defer.set', entityKey: deferKey(input.assessmentId, input.questionId), payload, baseVersion: null, clientTs: now }, deps);
      const stale = await db.deferrals.where('[assessmentId+questionId]').equals([input.assessmentId, input.questionId]).filter((d) => d.syncState !== 'synced').primaryKeys();
      await db.deferrals.bulkDelete(stale);
      await db.deferrals.put({
        id: row.id,
        assessmentId: input.assessmentId,
        questionId: input.questionId,
        deferredBy: input.userId,
        deferredByName: null,
        deferredTo: input.deferToUserId,
        deferredToName: input.deferToName ?? null,
        status: 'open',
        syncState: 'pending',
        updatedAt: new Date(now).toISOString(),
      });
      return { ok: true, value: undefined };
    });
  });
  if (result.ok) deps.onEnqueue?.();
  return result;
}

/** "Submit when online": a barrier row appended last; editing is locked for this user until it is sent or cancelled. */
export async function queueSubmit(db: SyncDatabase, input: Identity & { assessmentId: string }, deps: OutboxDeps = {}): Promise<WriteResult> {
  const now = (deps.now ?? Date.now)();
  const result = await guardedWrite(db, async () => {
    const clientId = await getClientId(db, deps);
    return db.transaction('rw', db.outbox, async (): Promise<WriteResult> => {
      if (await queuedSubmit(db, input.assessmentId, input.userId)) return { ok: true, value: undefined };
      await enqueue(db, { clientId, userId: input.userId, orgId: input.orgId, assessmentId: input.assessmentId, kind: 'assessment.submit', entityKey: submitKey(input.assessmentId), payload: {}, baseVersion: null, clientTs: now }, deps);
      return { ok: true, value: undefined };
    });
  });
  if (result.ok) deps.onEnqueue?.();
  return result;
}

/** Withdraws a queued submit that has not been sent; also clears a rejected one. */
export async function cancelSubmit(db: SyncDatabase, input: { assessmentId: string; userId: string }): Promise<WriteResult<boolean>> {
  return guardedWrite(db, () =>
    db.transaction('rw', db.outbox, async (): Promise<WriteResult<boolean>> => {
      const rows = await db.outbox.where('entityKey').equals(submitKey(input.assessmentId)).toArray();
      const cancellable = rows.filter((r) => r.userId === input.userId && r.status !== 'inflight');
      await db.outbox.bulkDelete(cancellable.map((r) => r.seq!));
      const stillSending = rows.some((r) => r.userId === input.userId && r.status === 'inflight');
      return { ok: true, value: !stillSending };
    }),
  );
}
