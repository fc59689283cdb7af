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
  const rows = await db.insert(notifications).values(n).onConflictDoNothing({ target: notifications.dedupeKey }).returning({ id: notifications.id });
  return rows.length > 0;
}
