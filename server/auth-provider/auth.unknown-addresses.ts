// Housekeeping of auth_unknown_addresses: the sign-in failure count and mail spacing of addresses
// that have no account (auth.sign-in.ts, auth.email-links.ts). Anyone can add rows by guessing
// addresses, so a row is deleted once it no longer decides any answer; the scheduler's throttle
// housekeeping job runs this (server/features/jobs/scheduler.ts).
import { and, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authUnknownAddresses } from '../db/schema/index.ts';

/**
 * A row is kept this long after its last write (updated_at). Its lock ends at most LOCKOUT_MAX_MS
 * and its mail spacing EMAIL_LINK_INTERVAL_MS after that write; until the row goes, its failure
 * count keeps escalating the lock (each further failure past the threshold locks at once). A day
 * without a guess resets that count: the address then gets LOCKOUT_THRESHOLD guesses again, still
 * within the per-IP budget (AUTH_LIMITS.perIp).
 */
export const UNKNOWN_ADDRESS_KEEP_MS = 24 * 60 * 60_000;

/** Deletes rows last written more than UNKNOWN_ADDRESS_KEEP_MS before `now` whose lock (if any) has ended; returns how many. */
export async function pruneUnknownAddresses(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(authUnknownAddresses)
    .where(
      and(
        lt(authUnknownAddresses.updatedAt, new Date(now.getTime() - UNKNOWN_ADDRESS_KEEP_MS)),
        or(isNull(authUnknownAddresses.lockedUntil), lte(authUnknownAddresses.lockedUntil, now)),
      ),
    )
    .returning({ email: authUnknownAddresses.email });
  return rows.length;
}
