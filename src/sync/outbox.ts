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
import { getClientId } from './client-id.ts';
import { uuidv7, type RandomBytes } from './ids.ts';
import { guardedWrite, type WriteResult } from './write-guard.ts';

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

async function queuedSubmit(db: SyncDatabase, assessmentId: string, userId: string) {
  const rows = await db.outbox.where('entityKey').equals(submitKey(assessmentId)).toArray();
  return rows.find((r) => r.userId === userId && (r.status === 'pending' || r.status === 'inflight'));
}

/** Adds a row, or replaces the payload of an unsent one (attempts === 0) for the same entity. */
async function enqueue(db: SyncDatabase, row: Omit<OutboxRow, 'id' | 'status' | 'attempts' | 'nextAttemptAt'>, deps: OutboxDeps, held?: OutboxRow[]): Promise<OutboxRow> {
  const now = (deps.now ?? Date.now)();
  // `held`: the entity's rows already read in this transaction (saves one index query per answer).
  const same = held ?? (await db.outbox.where('entityKey').equals(row.entityKey).toArray());
  const mine = same.filter((r) => r.userId === row.userId);
  // A new intent supersedes this user's terminal (conflict/rejected) rows for the entity.
  const terminal = mine.filter((r) => r.status === 'conflict' || r.status === 'rejected');
  if (terminal.length) await db.outbox.bulkDelete(terminal.map((r) => r.seq!));
  const unsent = mine.find((r) => r.status === 'pending' && r.attempts === 0);
  if (unsent) {
    const merged = { ...unsent, payload: row.payload, clientTs: row.clientTs };
    await db.outbox.put(merged);
    return merged;
  }
  const full: OutboxRow = { ...row, id: uuidv7(now, deps.randomBytes), status: 'pending', attempts: 0, nextAttemptAt: now };
  full.seq = await db.outbox.add(full);
  return full;
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

export async function recordAnswer(db: SyncDatabase, input: RecordAnswerInput, deps: OutboxDeps = {}): Promise<WriteResult> {
  const now = (deps.now ?? Date.now)();
  const payload = { questionId: input.questionId, value: input.value };
  const check = validate('answer.set', { assessmentId: input.assessmentId, payload, baseVersion: 0, clientTs: now });
  if (!check.success) return { ok: false, code: 'invalid', message: check.error.issues[0]?.message ?? 'Invalid answer' };
  const result = await guardedWrite(db, async () => {
    const clientId = await getClientId(db, deps);
    return db.transaction('rw', db.answers, db.outbox, async (): Promise<WriteResult> => {
      const key = answerKey(input.assessmentId, input.questionId);
      // The three reads go out together: one round trip, not three (a save is on the click's critical path).
      const [queued, local, held] = await Promise.all([
        queuedSubmit(db, input.assessmentId, input.userId),
        db.answers.get([input.assessmentId, input.questionId]),
        db.outbox.where('entityKey').equals(key).toArray(),
      ]);
      if (queued && !(input.resolvesConflict && local?.syncState === 'conflict')) return { ok: false, code: 'submit_queued', message: SUBMIT_QUEUED_MESSAGE };
      if (local?.syncState === 'synced' && local.value === input.value && held.length === 0) return { ok: true, value: undefined };
      // Answering over an open conflict means "mine wins, on top of what I was shown".
      const base = local?.syncState === 'conflict' && local.conflict ? Math.max(local.conflict.version, local.serverVersion) : (local?.serverVersion ?? 0);
      const next: LocalAnswer = {
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
      await Promise.all([
        enqueue(db, { clientId, userId: input.userId, orgId: input.orgId, assessmentId: input.assessmentId, kind: 'answer.set', entityKey: key, payload, baseVersion: base, clientTs: now }, deps, held),
        db.answers.put(next),
      ]);
      return { ok: true, value: undefined };
    });
  });
  if (result.ok) deps.onEnqueue?.();
  return result;
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
