// Pull: server answers, deferrals, lock state and evidence list for one assessment, merged without
// ever overwriting a question that still has a pending or sending outbox row (or a local pending file).
import type { PullResponse } from '#domain/contracts/sync.ts';
import { answerKey, getMeta, META, type SyncDatabase } from './db.ts';
import { mergeServerEvidence } from './evidence/evidence-files.ts';
import { mergePulledAnswer, toLocalDeferral } from './reconcile.ts';
import type { HttpFailure } from '../lib/http.ts';
import type { SyncTransport } from './transport.ts';

/**
 * `discarded`: checked inside the write transaction, so a pull that lands after a sign-out began
 * writes nothing (a transaction opened before the sign-out's clear commits before it, one opened
 * later sees the flag).
 */
export async function mergePull(db: SyncDatabase, assessmentId: string, state: PullResponse, discarded: () => boolean = () => false): Promise<void> {
  await db.transaction('rw', db.answers, db.outbox, db.deferrals, db.meta, db.evidence, async () => {
    if (discarded()) return;
    const keys = state.answers.map((view) => answerKey(assessmentId, view.question_id));
    const held = keys.length ? await db.outbox.where('entityKey').anyOf(keys).toArray() : [];
    for (const view of state.answers) {
      const local = await db.answers.get([assessmentId, view.question_id]);
      const key = answerKey(assessmentId, view.question_id);
      const next = mergePulledAnswer(local, view, held.filter((r) => r.entityKey === key), assessmentId);
      if (!next) continue;
      await db.answers.put(next);
      // The server now holds the local value: the conflict is over, so its terminal row goes too
      // (otherwise it would block submit with no conflict left to resolve).
      if (local?.syncState === 'conflict' && next.syncState === 'synced') await db.outbox.where('entityKey').equals(key).filter((r) => r.status === 'conflict').delete();
    }
    for (const d of state.deferrals) await db.deferrals.put(toLocalDeferral(assessmentId, d));
    // Teammates' files (and this user's from other devices) as metadata rows; local pending uploads win.
    if (state.evidence) await mergeServerEvidence(db, assessmentId, state.evidence);
    await db.meta.put({ key: META.assessment(assessmentId), value: state.assessment });
    if (state.cursor) await db.meta.put({ key: META.pullCursor(assessmentId), value: state.cursor });
  });
}

/** One pull round trip; returns the transport failure, if any, for the engine to classify. */
export async function pullAssessment(db: SyncDatabase, transport: SyncTransport, assessmentId: string, discarded?: () => boolean): Promise<HttpFailure | null> {
  const since = (await getMeta<string>(db, META.pullCursor(assessmentId))) ?? null;
  let res = await transport.pull(assessmentId, since);
  if (!res.ok && res.kind === 'http' && res.status === 401) res = await transport.pull(assessmentId, since, { forceRefresh: true });
  if (!res.ok) return res;
  await mergePull(db, assessmentId, res.value, discarded);
  return null;
}
