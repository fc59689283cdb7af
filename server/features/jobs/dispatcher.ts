// The notification dispatcher (ADR 019): sends pending rows of the outbox (notifications.ts)
// through the app's one mailer (server/lib/mailer.ts) and records the outcome.
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/factory.ts';

/** A notification that failed this many times is given up (status failed). */
export const MAX_ATTEMPTS = 5;
/** At most this many notifications per run; the rest wait for the next run. */
export const DISPATCH_BATCH = 200;

/**
 * What is kept of a delivery failure: the error's code and message, one line, with anything that
 * looks like a URL (an SMTP URL may carry a password) or credentials removed, and shortened.
 */
export function safeDeliveryError(err: unknown): string {
  const e = err instanceof Error ? err : new Error(String(err));
  const code = (e as { code?: unknown }).code;
  const message = e.message
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[url]')
    .replace(/\S+:\S+@\S+/g, '[credentials]')
    .replace(/\s+/g, ' ')
    .trim();
  return `${typeof code === 'string' ? `${code}: ` : ''}${message}`.slice(0, 300) || 'Delivery failed';
}

export interface DispatchResult {
  sent: number;
  failed: number;
}

/**
 * Sends pending notifications, oldest first, each at most once per run. Each is taken in its own
 * transaction with SELECT ... FOR UPDATE SKIP LOCKED and sent while its row is locked: another
 * instance dispatching at the same time skips it, and once this transaction commits it is no
 * longer pending (PostgreSQL re-checks the WHERE on the committed row before locking it). So a
 * notification is sent once however many instances dispatch. If the process dies between the SMTP
 * hand-off and the commit, the row is still pending and is sent again (at least once: SMTP offers
 * no way to ask whether a message was delivered).
 *
 * On failure: attempts + 1 and last_error (safeDeliveryError: no secrets); after MAX_ATTEMPTS
 * failures the row is failed and no longer retried. Sent rows get sent_at.
 */
export async function dispatchNotifications(deps: Pick<AppDeps, 'db' | 'mailer' | 'logger'>, now: Date): Promise<DispatchResult> {
  const tried: string[] = [];
  const result: DispatchResult = { sent: 0, failed: 0 };
  while (tried.length < DISPATCH_BATCH) {
    const outcome = await deps.db.transaction(async (tx) => sendOne(tx as unknown as Db, deps, now, tried));
    if (outcome === null) break;
    if (outcome) result.sent++;
    else result.failed++;
  }
  return result;
}

/** Sends the oldest pending notification not tried yet; null when none is left. */
async function sendOne(tx: Db, deps: Pick<AppDeps, 'mailer' | 'logger'>, now: Date, tried: string[]): Promise<boolean | null> {
  const [n] = await tx
    .select()
    .from(notifications)
    .where(tried.length ? and(eq(notifications.status, 'pending'), notInArray(notifications.id, tried)) : eq(notifications.status, 'pending'))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!n) return null;
  tried.push(n.id);
  try {
    await deps.mailer.send({ to: n.recipientEmail, subject: n.subject, text: n.body });
  } catch (err) {
    const attempts = n.attempts + 1;
    const lastError = safeDeliveryError(err);
    await tx
      .update(notifications)
      .set({ attempts, lastError, status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
      .where(eq(notifications.id, n.id));
    // The recipient's address is the organization's data, not a secret; the body is never logged.
    deps.logger.warn('notification not sent', { kind: n.kind, attempts, error: lastError });
    return false;
  }
  await tx
    .update(notifications)
    .set({ status: 'sent', sentAt: now, attempts: sql`${notifications.attempts} + 1`, lastError: null })
    .where(eq(notifications.id, n.id));
  return true;
}
