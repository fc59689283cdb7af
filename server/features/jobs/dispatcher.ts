// The notification dispatcher (ADR 019): sends pending rows of the outbox (server/lib/notifications.ts)
// through the app's one mailer (server/lib/mailer.ts) and records the outcome.
import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, organizations, profiles } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

/** A notification that failed this many times is given up (status failed). */
export const MAX_ATTEMPTS = 5;
/** At most this many notifications per run; the rest wait for the next run. */
export const DISPATCH_BATCH = 200;
/** How many rows one claim takes. */
export const CLAIM_BATCH = 10;
/**
 * How long a claim keeps other dispatchers off its rows. The mailer gives one message at most
 * about a minute (server/lib/mailer.ts SMTP_TIMEOUTS); a claim of CLAIM_BATCH rows is sent within
 * CLAIM_BATCH minutes or the rest is handed back (SEND_BUDGET_MS), so the lease outlives the sends.
 */
export const CLAIM_LEASE_MS = 15 * 60_000;
/** A claimed row is sent only while at least this much of the lease is left; otherwise it is handed back. */
const SEND_BUDGET_MS = 2 * 60_000;

/**
 * What is kept of a delivery failure: the error's code and message, one line, with anything that
 * looks like a URL (an SMTP URL may carry a password), credentials or an e-mail address (SMTP
 * replies quote the recipient: "<bob@example.org>: Recipient address rejected") removed, and shortened.
 */
export function safeDeliveryError(err: unknown): string {
  const e = err instanceof Error ? err : new Error(String(err));
  const code = (e as { code?: unknown }).code;
  const message = e.message
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[url]')
    .replace(/\S+:\S+@\S+/g, '[credentials]')
    .replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '[address]')
    .replace(/\s+/g, ' ')
    .trim();
  return `${typeof code === 'string' ? `${code}: ` : ''}${message}`.slice(0, 300) || 'Delivery failed';
}

export interface DispatchResult {
  sent: number;
  failed: number;
  /** Not sent because the recipient left the organization or the organization is suspended. */
  cancelled: number;
}

type Claimed = typeof notifications.$inferSelect;

/**
 * Claims up to CLAIM_BATCH pending rows, oldest first, in ONE statement that commits at once:
 *   UPDATE notifications SET claimed_until = now + lease
 *   WHERE id IN (SELECT id FROM notifications WHERE status = 'pending'
 *                AND (claimed_until IS NULL OR claimed_until < now) ORDER BY created_at
 *                LIMIT n FOR UPDATE SKIP LOCKED) RETURNING *
 * On PostgreSQL a second dispatcher's subquery skips rows locked by a claim in flight and, once that
 * claim has committed, sees their lease in the future and leaves them; so each row has one holder at
 * a time. No transaction stays open while mail is sent (on PGlite's single connection an open
 * transaction would block every other query of the app until the SMTP server answered).
 */
async function claim(db: Db, now: Date, lease: Date, tried: string[]): Promise<Claimed[]> {
  const free = and(eq(notifications.status, 'pending'), or(isNull(notifications.claimedUntil), lt(notifications.claimedUntil, now)));
  const pick = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(tried.length ? and(free, notInArray(notifications.id, tried)) : free)
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(CLAIM_BATCH)
    .for('update', { skipLocked: true });
  const rows = await db.update(notifications).set({ claimedUntil: lease }).where(inArray(notifications.id, pick)).returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** Only while this dispatcher still holds the row's lease (it may have expired and been taken by another). */
const held = (id: string, lease: Date) => and(eq(notifications.id, id), eq(notifications.status, 'pending'), eq(notifications.claimedUntil, lease));

/**
 * Where each claimed row may still go, checked at dispatch (a reminder may wait in the outbox while
 * things change): a row of an organization goes out only while the organization is active and its
 * recipient is an active profile of that organization, to the profile's current address. A row of
 * no organization (none is produced today) goes to its stored address. null = cancel.
 */
async function deliverableAddresses(db: Db, rows: Claimed[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  const orgIds = [...new Set(rows.flatMap((r) => (r.organizationId ? [r.organizationId] : [])))];
  const recipientIds = [...new Set(rows.flatMap((r) => (r.recipientId ? [r.recipientId] : [])))];
  const activeOrgs = new Set(
    orgIds.length
      ? (await db.select({ id: organizations.id }).from(organizations).where(and(inArray(organizations.id, orgIds), eq(organizations.status, 'active')))).map((o) => o.id)
      : [],
  );
  const people = new Map(
    (recipientIds.length
      ? await db
          .select({ id: profiles.id, organizationId: profiles.organizationId, email: profiles.email })
          .from(profiles)
          .where(and(inArray(profiles.id, recipientIds), eq(profiles.status, 'active')))
      : []
    ).map((p) => [p.id, p]),
  );
  for (const r of rows) {
    if (!r.organizationId) {
      out.set(r.id, r.recipientId ? (people.get(r.recipientId)?.email ?? null) : r.recipientEmail);
      continue;
    }
    const person = r.recipientId ? people.get(r.recipientId) : undefined;
    out.set(r.id, activeOrgs.has(r.organizationId) && person && person.organizationId === r.organizationId ? person.email : null);
  }
  return out;
}

/**
 * Sends pending notifications, oldest first, each at most once per run:
 * 1. claim a few rows (claim: one short statement, a lease of CLAIM_LEASE_MS);
 * 2. cancel those whose recipient or organization is no longer active (deliverableAddresses);
 * 3. send each with no transaction open;
 * 4. record sent or failed in a second short statement that applies only while the lease is ours.
 * Exactly once across instances while a lease holds; at least once on a crash: a row claimed by a
 * process that died before recording is taken again after its lease ends (SMTP offers no way to
 * ask whether a message was delivered). Rows whose lease is nearly spent are handed back unsent.
 *
 * On failure: attempts + 1 and last_error (safeDeliveryError: no secrets, no addresses); after
 * MAX_ATTEMPTS failures the row is failed and no longer retried. Sent rows get sent_at. `now` is
 * the scheduler's clock (leases are compared with it); the lease budget is counted in real time.
 */
export async function dispatchNotifications(ctx: Pick<ServiceContext, 'db' | 'mailer' | 'logger'>, now: Date): Promise<DispatchResult> {
  const { db } = ctx;
  const tried: string[] = [];
  const result: DispatchResult = { sent: 0, failed: 0, cancelled: 0 };
  while (tried.length < DISPATCH_BATCH) {
    const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
    const claimedAt = Date.now();
    const rows = await claim(db, now, lease, tried);
    if (!rows.length) break;
    tried.push(...rows.map((r) => r.id));
    const addresses = await deliverableAddresses(db, rows);
    for (const n of rows) {
      const to = addresses.get(n.id) ?? null;
      if (to === null) {
        await db.update(notifications).set({ status: 'cancelled', claimedUntil: null }).where(held(n.id, lease));
        result.cancelled++;
        continue;
      }
      if (Date.now() - claimedAt > CLAIM_LEASE_MS - SEND_BUDGET_MS) {
        // Too little of the lease is left to send safely: hand it back for the next run.
        await db.update(notifications).set({ claimedUntil: null }).where(held(n.id, lease));
        continue;
      }
      try {
        await ctx.mailer.send({ to, subject: n.subject, text: n.body });
      } catch (err) {
        const attempts = n.attempts + 1;
        const lastError = safeDeliveryError(err);
        await db
          .update(notifications)
          .set({ attempts, lastError, status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', claimedUntil: null })
          .where(held(n.id, lease));
        // Neither the address nor the body is logged.
        ctx.logger.warn('notification not sent', { kind: n.kind, attempts, error: lastError });
        result.failed++;
        continue;
      }
      const recorded = await db
        .update(notifications)
        .set({ status: 'sent', sentAt: now, attempts: sql`${notifications.attempts} + 1`, lastError: null, claimedUntil: null })
        .where(held(n.id, lease))
        .returning({ id: notifications.id });
      // Sent, but the lease had run out and another dispatcher took the row: it may be sent twice (at least once).
      if (!recorded.length) ctx.logger.warn('notification sent after its claim expired', { kind: n.kind });
      result.sent++;
    }
  }
  return result;
}

