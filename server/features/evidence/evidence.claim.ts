// One request at a time works on an `uploading` evidence row: the /complete that joins and checks
// its bytes (evidence.upload.service.ts), or the PUT that writes a whole file (evidence.multipart.ts).
// The claim is a lease in the row itself: `updated_at` set ahead of the database's clock by
// EVIDENCE_CLAIM_SECONDS (server/env.ts). A conditional UPDATE takes it only when no lease is
// running, so every instance sees the same claim; no transaction stays open while bytes move (on
// PGlite's single connection it would block every other query). While the holder works, a heartbeat
// renews the lease every third of its length, so a long file keeps its claim; a holder that died
// (process killed, connection gone) stops renewing and its claim lapses within one lease, after
// which a retry takes it. The lease's end is the claim's token: renewals and the holder's final
// write are conditional on it, so a holder that lost its claim (it stalled past its lease and
// another request took over) can no longer renew it or mark the row done.
import { and, eq, lte, sql } from 'drizzle-orm';
import { evidenceFiles } from '../../db/schema/index.ts';
import type { EvidenceContext, EvidenceRow } from './evidence.access.ts';

/**
 * The end of a lease taken now: the database's clock (so the instances' clocks do not matter), cut
 * to milliseconds so that the value read back (a JavaScript Date) compares equal as the token.
 */
export const leaseEnd = (seconds: number) => sql`date_trunc('milliseconds', now()) + make_interval(secs => ${seconds})`;

export interface UploadClaim {
  /** The row as claimed. */
  readonly row: EvidenceRow;
  /** The current lease's end; the final write is conditional on it (`where updated_at = token`). */
  readonly token: Date;
  /** True once a renewal found the claim taken by another request. */
  readonly lost: boolean;
  /** Stops the heartbeat and waits for a renewal in flight; call before the final, token-conditional write. */
  stop(): Promise<void>;
  /** Stops and ends the lease at once without completing (the row stays `uploading` for a retry). */
  release(): Promise<void>;
}

/** Claims an `uploading` row of the caller's organization; undefined while another request holds it. */
export async function claimUpload(ctx: EvidenceContext, id: string): Promise<UploadClaim | undefined> {
  const [claimed] = await ctx.db
    .update(evidenceFiles)
    .set({ updatedAt: leaseEnd(ctx.env.EVIDENCE_CLAIM_SECONDS) })
    .where(and(eq(evidenceFiles.id, id), eq(evidenceFiles.organizationId, ctx.caller.organizationId), eq(evidenceFiles.status, 'uploading'), lte(evidenceFiles.updatedAt, sql`now()`)))
    .returning();
  return claimed ? holdClaim(ctx, claimed) : undefined;
}

/** Keeps the claim of a row this request has just claimed (or inserted with `updated_at: leaseEnd(...)`). */
export function holdClaim(ctx: EvidenceContext, row: EvidenceRow): UploadClaim {
  let token = row.updatedAt;
  let lost = false;
  let inFlight: Promise<void> = Promise.resolve();
  const renew = async () => {
    const [renewed] = await ctx.db
      .update(evidenceFiles)
      .set({ updatedAt: leaseEnd(ctx.env.EVIDENCE_CLAIM_SECONDS) })
      .where(and(eq(evidenceFiles.id, row.id), eq(evidenceFiles.status, 'uploading'), eq(evidenceFiles.updatedAt, token)))
      .returning({ updatedAt: evidenceFiles.updatedAt });
    if (renewed) token = renewed.updatedAt;
    else {
      lost = true;
      clearInterval(timer);
    }
  };
  const timer = setInterval(() => {
    // One renewal at a time; a failed one (database briefly away) is retried at the next beat.
    inFlight = inFlight.then(renew).catch(() => {});
  }, (ctx.env.EVIDENCE_CLAIM_SECONDS * 1000) / 3);
  timer.unref();
  const stop = async () => {
    clearInterval(timer);
    await inFlight;
  };
  return {
    row,
    get token() {
      return token;
    },
    get lost() {
      return lost;
    },
    stop,
    async release() {
      await stop();
      await ctx.db
        .update(evidenceFiles)
        .set({ updatedAt: sql`now()` })
        .where(and(eq(evidenceFiles.id, row.id), eq(evidenceFiles.status, 'uploading'), eq(evidenceFiles.updatedAt, token)));
    },
  };
}
