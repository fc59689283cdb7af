// After an assessment moved to a newer release of the question bank (ADR 038) its questions have new
// ids: the answers and deferrals this device pulled under the old ids are dropped with the pull
// cursor, so the next pull brings every answer again under the new ids. Answers not sent yet stay
// (the server refuses those of questions the assessment no longer asks, as any such answer).
import { META, type SyncDatabase } from './db.ts';

export async function forgetPulledState(db: SyncDatabase, assessmentId: string): Promise<void> {
  await db.transaction('rw', db.answers, db.deferrals, db.meta, async () => {
    await db.answers
      .where('assessmentId')
      .equals(assessmentId)
      .filter((a) => a.syncState === 'synced' || a.syncState === 'rejected')
      .delete();
    await db.deferrals.where('assessmentId').equals(assessmentId).delete();
    await db.meta.delete(META.pullCursor(assessmentId));
  });
}
