// Choosing and leasing what to send next (ordering, the submit barrier, leases).
import { MAX_PUSH_BATCH } from '#domain/contracts/sync-limits.ts';
import { answerKey, isUnsentFile, type OutboxRow, type SyncDatabase } from './db.ts';
import { answeredQuestion, deriveSyncState, isUnsent, submitBlocker } from './reconcile.ts';

export const LEASE_MS = 60_000;

/** Rows left inflight by a drain that died (tab closed, worker killed) go back to pending once their lease ends. */
export async function recoverLeases(db: SyncDatabase, now: number): Promise<number> {
  return db.transaction('rw', db.outbox, db.answers, async () => {
    const stale = (await db.outbox.where('status').equals('inflight').toArray()).filter((r) => (r.leaseUntil ?? 0) <= now);
    for (const r of stale) await db.outbox.update(r.seq!, { status: 'pending', leaseUntil: undefined });
    await refreshAnswerStates(db, stale);
    return stale.length;
  });
}

/**
 * Re-derives the sync mark of each answer these rows belong to. `outbox`, when the caller already
 * holds every outbox row as it now is, saves the per-question reads.
 */
export async function refreshAnswerStates(db: SyncDatabase, rows: OutboxRow[], outbox?: OutboxRow[]): Promise<void> {
  const questions = new Map<string, [string, string]>();
  for (const row of rows) {
    const q = answeredQuestion(row);
    if (q) questions.set(answerKey(row.assessmentId, q), [row.assessmentId, q]);
  }
  if (!questions.size) return;
  const keys = [...questions.keys()];
  const [locals, held] = await Promise.all([
    db.answers.bulkGet([...questions.values()]),
    outbox ? outbox.filter((r) => questions.has(r.entityKey)) : db.outbox.where('entityKey').anyOf(keys).toArray(),
  ]);
  const changed = locals.flatMap((local, i) => {
    if (!local) return [];
    const syncState = deriveSyncState(held.filter((r) => r.entityKey === keys[i]));
    return syncState === local.syncState ? [] : [{ ...local, syncState }];
  });
  if (changed.length) await db.answers.bulkPut(changed);
}

async function submitReady(db: SyncDatabase, submit: OutboxRow, all: OutboxRow[]): Promise<boolean> {
  const mine = all.filter((r) => r.userId === submit.userId);
  const conflicts = await db.answers.where('assessmentId').equals(submit.assessmentId).filter((a) => a.syncState === 'conflict').count();
  const uploads = await db.evidence.where('assessmentId').equals(submit.assessmentId).filter(isUnsentFile).count();
  return submitBlocker(submit, mine, conflicts, uploads) === null;
}

const isUnsentEdit = (r: OutboxRow) => r.kind === 'answer.set' && isUnsent(r);

/** Unsent answer edits (in seq order) with a later unsent edit of the same question by the same user. */
export function supersededEdits(rows: OutboxRow[]): OutboxRow[] {
  const latest = new Map<string, number>();
  for (const r of rows) if (isUnsentEdit(r)) latest.set(`${r.userId} ${r.entityKey}`, r.seq!);
  return rows.filter((r) => isUnsentEdit(r) && latest.get(`${r.userId} ${r.entityKey}`)! > r.seq!);
}

/**
 * In seq order, up to MAX_PUSH_BATCH (100) of this user's pending rows: one row per entity (later edits wait for
 * the earlier one's version), submits only behind their barrier.
 * The chosen rows are leased (inflight) in the same transaction.
 */
export async function claimBatch(db: SyncDatabase, opts: { userId: string; now: number; force: boolean; leaseMs?: number }): Promise<OutboxRow[]> {
  return db.transaction('rw', [db.outbox, db.answers, db.evidence], async () => {
    const rows = await db.outbox.orderBy('seq').toArray();
    // An answer's unsent edit followed by a later unsent edit is obsolete: only the latest is sent.
    // The save deletes it in its own transaction (ADR 025); this covers outboxes that earlier
    // versions of the app left with both rows (their save removed it after its commit).
    const obsolete = supersededEdits(rows);
    if (obsolete.length) await db.outbox.bulkDelete(obsolete.map((r) => r.seq!));
    const all = obsolete.length ? rows.filter((r) => !obsolete.includes(r)) : rows;
    const candidates = all.filter((r) => r.userId === opts.userId && r.status === 'pending');
    if (!opts.force && candidates[0] && candidates[0].nextAttemptAt > opts.now) return [];
    const batch: OutboxRow[] = [];
    const entities = new Set<string>();
    for (const r of candidates) {
      if (batch.length >= MAX_PUSH_BATCH) break;
      if (entities.has(r.entityKey)) continue;
      entities.add(r.entityKey);
      if (r.kind === 'assessment.submit' && !(await submitReady(db, r, all))) continue;
      batch.push(r);
    }
    const leaseUntil = opts.now + (opts.leaseMs ?? LEASE_MS);
    const leased = batch.map((r) => ({ ...r, status: 'inflight' as const, attempts: r.attempts + 1, leaseUntil }));
    const leasedBySeq = new Map(leased.map((r) => [r.seq!, r]));
    await Promise.all([db.outbox.bulkPut(leased), refreshAnswerStates(db, leased, all.map((r) => leasedBySeq.get(r.seq!) ?? r))]);
    return leased;
  });
}

/** A failed push: the rows go back to pending (kept intact) and wait until `retryAt`. */
export async function releaseBatch(db: SyncDatabase, rows: OutboxRow[], retryAt: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.answers, async () => {
    for (const r of rows) {
      const current = await db.outbox.get(r.seq!);
      if (current?.status === 'inflight') await db.outbox.put({ ...current, status: 'pending', leaseUntil: undefined, nextAttemptAt: retryAt });
    }
    await refreshAnswerStates(db, rows);
  });
}
