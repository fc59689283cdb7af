// The client_mutations ledger of a push (ADR 005): claim every id in one statement, replay the
// stored results of ids already known, store the new results in one statement.
import { inArray, sql } from 'drizzle-orm';
import type { PushResultItem } from '#domain/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../lib/factory.ts';
import { clientMutations } from '../../db/schema/index.ts';

export type RawMutation = { id: string; kind: string };

/** What is stored in client_mutations.result and replayed for a duplicate. */
export type StoredResult = Omit<PushResultItem, 'id'>;

export const rejected = (code: string, message: string): StoredResult => ({ status: 'rejected', error: { code, message } });

/** A stored result sent again: an applied change replays as 'duplicate'; conflict and rejected replay unchanged. */
export const asReplay = (mutationId: string, stored: StoredResult): PushResultItem => ({
  ...stored,
  id: mutationId,
  status: stored.status === 'applied' ? 'duplicate' : stored.status,
});

/** Stored results of ids another push (or an earlier one) already claimed. */
export async function loadReplays(tx: Db, ids: string[], caller: Pick<Caller, 'id' | 'organizationId'>): Promise<Map<string, PushResultItem>> {
  const replays = new Map<string, PushResultItem>();
  if (ids.length === 0) return replays;
  const rows = await tx.select().from(clientMutations).where(inArray(clientMutations.mutationId, ids));
  for (const row of rows) {
    if (!row.result) throw new Error(`client mutation ${row.mutationId} has no stored result`);
    replays.set(
      row.mutationId,
      row.userId === caller.id ? asReplay(row.mutationId, row.result as StoredResult) : { id: row.mutationId, ...rejected('forbidden', 'This change belongs to another user') },
    );
  }
  for (const id of ids) if (!replays.has(id)) throw new Error(`client mutation ${id} has no stored result`);
  return replays;
}

/** Claims every id of the push in client_mutations (one statement); returns the ids this push claimed. */
export async function claimAll(tx: Db, caller: Pick<Caller, 'id' | 'organizationId'>, clientId: string, mutations: RawMutation[]): Promise<Set<string>> {
  const first = [...new Map(mutations.map((m) => [m.id, m])).values()];
  const claimed = await tx
    .insert(clientMutations)
    .values(first.map((m) => ({ mutationId: m.id, clientId, userId: caller.id, organizationId: caller.organizationId, kind: m.kind })))
    .onConflictDoNothing({ target: clientMutations.mutationId })
    .returning({ id: clientMutations.mutationId });
  return new Set(claimed.map((r) => r.id));
}

/** Stores the results of the claimed ids (one statement). */
export async function storeResults(tx: Db, results: Map<string, StoredResult>) {
  if (results.size === 0) return;
  const values = [...results].map(([id, result]) => sql`(${id}::uuid, ${JSON.stringify(result)}::jsonb)`);
  await tx.execute(
    sql`update client_mutations c set result = v.result from (values ${sql.join(values, sql`, `)}) as v(id, result) where c.mutation_id = v.id`,
  );
}
