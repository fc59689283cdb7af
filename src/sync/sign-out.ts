// What the sync database keeps when a user signs out (ADR 007): nothing of the organization,
// except, when the user chose to keep them, that user's own unsent outbox rows and evidence files
// not yet attached (isUnsentFile, db.ts). The engine and the uploader send only rows whose userId
// is the signed-in user's (batch.ts claimBatch, evidence/uploader.ts), so a different user who
// signs in on the device neither sees them (answers and deferrals are gone) nor sends them.
import { isUnsentFile, META, UNSENT_FILE_STATUSES, type SyncDatabase } from './db.ts';

const UNSENT = new Set(['pending', 'inflight']);

export interface UnsentOfUser {
  /** Outbox rows still to send. */
  rows: number;
  /** Evidence files still only on this device. */
  files: number;
}

/** What the sign-out warning counts: this user's rows and files that have not reached the server. */
export async function unsentOf(db: SyncDatabase, userId: string): Promise<UnsentOfUser> {
  return db.transaction('r', db.outbox, db.evidence, async () => {
    const rows = await db.outbox.where('[userId+status]').anyOf([userId, 'pending'], [userId, 'inflight']).count();
    const files = await db.evidence.where('status').anyOf(UNSENT_FILE_STATUSES).filter((e) => e.userId === userId).count();
    return { rows, files };
  });
}

/**
 * Empties the sync database for a sign-out of `userId`. `keepUnsent`: that user's unsent rows (and
 * evidence files not yet attached) stay for the next sign-in; false discards them.
 * Unsent rows another user kept earlier stay either way: they are that user's to send or discard.
 */
export async function clearForSignOut(db: SyncDatabase, opts: { userId: string | null; keepUnsent: boolean }): Promise<void> {
  await db.transaction('rw', [db.outbox, db.evidence, db.uploads, db.answers, db.deferrals, db.meta], async () => {
    const clientId = await db.meta.get(META.clientId);
    const keepsRowsOf = (userId: string | undefined) => !!userId && (opts.keepUnsent || userId !== opts.userId);
    const keepRow = (userId: string, status: string) => UNSENT.has(status) && keepsRowsOf(userId);
    const rows = await db.outbox.toArray();
    const kept = rows.filter((r) => keepRow(r.userId, r.status));
    const keptIds = new Set(kept.map((r) => r.id));
    await db.outbox.bulkDelete(rows.filter((r) => !keptIds.has(r.id)).map((r) => r.seq!));
    // A row leased by this page goes back to pending: the next sign-in sends it again (same mutation id, idempotent).
    for (const r of kept) if (r.status === 'inflight') await db.outbox.update(r.seq!, { status: 'pending', leaseUntil: undefined, nextAttemptAt: 0 });
    const files = await db.evidence.toArray();
    const keepFile = (f: (typeof files)[number]) => keepsRowsOf(f.userId) && isUnsentFile(f);
    const keptFiles = new Set(files.filter(keepFile).map((f) => f.id));
    await db.evidence.bulkDelete(files.filter((f) => !keptFiles.has(f.id)).map((f) => f.id));
    await db.uploads.filter((u) => !keptFiles.has(u.evidenceId)).delete();
    await db.answers.clear();
    await db.deferrals.clear();
    await db.meta.clear();
    if (clientId) await db.meta.put(clientId);
  });
}
