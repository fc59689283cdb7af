// The notification outbox (ADR 019; shared code: the actions feature queues notices, the jobs feature sends them): every reminder or notice e-mail is recorded here first, under a
// unique dedupe key, so it is queued once however many server instances or runs see it due. The
// dispatcher job sends pending rows and records the outcome.
import type { NotificationKind } from '#domain/contracts/enums.ts';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';

export interface NotificationInput {
  /** Unique per reminder, e.g. `evidence_expiry:{evidenceId}:{expiresOn}:7`: a second enqueue is a no-op. */
  dedupeKey: string;
  organizationId: string | null;
  recipientId: string | null;
  recipientEmail: string;
  kind: NotificationKind;
  subject: string;
  body: string;
}

/** Records a notification to send; false when one with the same key exists (already queued or sent). */
export async function enqueueNotification(db: Db, n: NotificationInput): Promise<boolean> {
  return (await enqueueNotifications(db, [n])) > 0;
}

/** Rows per INSERT of enqueueNotifications: 7 parameters a row, far below PostgreSQL's 65,535. */
export const ENQUEUE_CHUNK = 500;

/**
 * Records many notifications, ENQUEUE_CHUNK rows per statement (each statement commits on its own:
 * no transaction is held across chunks); a row whose key exists is skipped (ON CONFLICT DO NOTHING
 * on the dedupe key), also when two instances insert the same keys at once. Returns how many were new.
 */
export async function enqueueNotifications(db: Db, list: readonly NotificationInput[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < list.length; i += ENQUEUE_CHUNK) {
    const rows = await db
      .insert(notifications)
      .values(list.slice(i, i + ENQUEUE_CHUNK))
      .onConflictDoNothing({ target: notifications.dedupeKey })
      .returning({ id: notifications.id });
    inserted += rows.length;
  }
  return inserted;
}
