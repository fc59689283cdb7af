// The client_mutations ledger (ADR 005) keeps each mutation's result so a replay answers the same.
// A device replays only what it never got an answer for, within days; after 90 days the entries
// are dropped so the table does not grow forever. (A replay older than that is applied again:
// an answer then meets the version compare-and-set, a submit meets the locked assessment.)
import { lt } from 'drizzle-orm';
import { addDaysAt } from '#domain/dates.ts';
import { clientMutations } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

export const MUTATION_RETENTION_DAYS = 90;

/** Deletes ledger entries older than the retention; returns how many. */
export async function purgeOldMutations(ctx: Pick<ServiceContext, 'db'>, now: Date): Promise<number> {
  const { db } = ctx;
  const cutoff = addDaysAt(now, -MUTATION_RETENTION_DAYS);
  const gone = await db.delete(clientMutations).where(lt(clientMutations.createdAt, cutoff)).returning({ id: clientMutations.mutationId });
  return gone.length;
}
