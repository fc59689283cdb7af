// The write API: every user action is ONE rw transaction over its local table and the outbox.
// Answers are saved by answer-save.ts (the hot path, on the native API); the rest here, on Dexie.
import { syncMutationSchema } from '#domain/contracts/sync.ts';
import {
  deferKey,
  submitKey,
  type OutboxKind,
  type OutboxRow,
  type SyncDatabase,
} from './db.ts';
import { getClientId } from './client-id.ts';
import { uuidv7, type RandomBytes } from './ids.ts';
import { isTerminal, isUnsent } from './reconcile.ts';
import { guardedWrite, type WriteResult } from './write-guard.ts';

/** Who writes: the signed-in user and their organization (the server's name for it too). */
export interface Caller {
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

export const isQueuedSubmit = (rows: OutboxRow[], userId: string) => rows.some((r) => r.userId === userId && (r.status === 'pending' || r.status === 'inflight'));

async function queuedSubmit(db: SyncDatabase, assessmentId: string, userId: string) {
  return isQueuedSubmit(await db.outbox.where('entityKey').equals(submitKey(assessmentId)).toArray(), userId);
}

/**
 * Adds a row in the caller's Dexie transaction, or gives the new payload to this user's unsent row
 * for the same entity; the new intent supersedes this user's conflict/rejected rows for it.
 */
async function enqueue(db: SyncDatabase, row: Omit<OutboxRow, 'id' | 'status' | 'attempts' | 'nextAttemptAt'>, deps: OutboxDeps): Promise<OutboxRow> {
  const now = (deps.now ?? Date.now)();
  const mine = (await db.outbox.where('entityKey').equals(row.entityKey).toArray()).filter((r) => r.userId === row.userId);
  const terminal = mine.filter(isTerminal);
  if (terminal.length) await db.outbox.bulkDelete(terminal.map((r) => r.seq!));
  const unsent = mine.find(isUnsent);
  if (unsent) {
    const merged = { ...unsent, payload: row.payload, clientTs: row.clientTs };
    await db.outbox.put(merged);
    return merged;
  }
  const full: OutboxRow = { ...row, id: uuidv7(now, deps.randomBytes), status: 'pending', attempts: 0, nextAttemptAt: now };
  full.seq = await db.outbox.add(full);
  return full;
}

export function validateMutation(kind: OutboxKind, row: { id?: string; assessmentId: string; payload: unknown; baseVersion: number | null; clientTs: number }) {
  return syncMutationSchema.safeParse({ id: row.id ?? '00000000-0000-7000-8000-000000000000', kind, ...row });
}

export interface RecordDeferralInput extends Caller {
  assessmentId: string;
  questionId: string;
  deferToUserId: string;
  deferToName?: string | null;
}

export async function recordDeferral(db: SyncDatabase, input: RecordDeferralInput, deps: OutboxDeps = {}): Promise<WriteResult> {
  const now = (deps.now ?? Date.now)();
  const payload = { questionId: input.questionId, deferToUserId: input.deferToUserId };
  const check = validateMutation('defer.set', { assessmentId: input.assessmentId, payload, baseVersion: null, clientTs: now });
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
export async function queueSubmit(db: SyncDatabase, input: Caller & { assessmentId: string }, deps: OutboxDeps = {}): Promise<WriteResult> {
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
