// Stored bytes can be shared: a file carried into the next assessment (ADR 019) is a new
// evidence_files row with the same storage key. Bytes are removed only when no other row still
// needs them (any row of the organization with that key that is not detached).
import { and, eq, ne } from 'drizzle-orm';
import type { ServiceContext } from '../../lib/context.ts';
import { evidenceFiles } from '../../db/schema/index.ts';
import { removeStored } from './evidence.storage.ts';

/** Does any evidence row other than `row` still need the bytes stored under its key? */
export async function bytesStillReferenced(ctx: Pick<ServiceContext, 'db'>, row: { id: string; organizationId: string; storageKey: string }): Promise<boolean> {
  const [other] = await ctx.db
    .select({ id: evidenceFiles.id })
    .from(evidenceFiles)
    .where(
      and(
        eq(evidenceFiles.organizationId, row.organizationId),
        eq(evidenceFiles.storageKey, row.storageKey),
        ne(evidenceFiles.id, row.id),
        ne(evidenceFiles.status, 'detached'),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/** Removes the stored bytes of `row` unless another evidence row still references its key. */
export async function releaseStoredBytes(ctx: Pick<ServiceContext, 'db' | 'storage'>, row: { id: string; organizationId: string; storageKey: string }): Promise<boolean> {
  if (await bytesStillReferenced(ctx, row)) return false;
  await removeStored(ctx.storage, row.storageKey);
  return true;
}
