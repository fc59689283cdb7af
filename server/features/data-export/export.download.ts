// One-time download links for the organization export (docs/decisions/023-data-export-and-deletion.md):
// POST /api/organization/export (bearer, org_admin, the export budget) stores the SHA-256 of a random
// token bound to the caller and their organization, valid once for EXPORT_LINK_TTL_MS; the SPA hands
// the link to the browser, which downloads the zip natively (streamed to disk with its own progress,
// not held in the tab). GET /api/organization/export/download?token= spends the token in one
// UPDATE … WHERE used_at IS NULL AND expires_at > now (so two instances cannot both serve it) and
// checks again that its user is still an active org_admin of that organization. The token travels
// in the query string: the server logs request paths only (server/lib/error-handler.ts).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { MSG } from '#domain/messages.ts';
import { downloadTokens, organizations, profiles } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { assertActive, toCaller } from '../../lib/caller.ts';
import type { Caller } from '../../lib/factory.ts';
import type { CallerContext, ServiceContext } from '../../lib/context.ts';

/** How long a download link works: long enough for the browser to start it, too short to pass around. */
export const EXPORT_LINK_TTL_MS = 60_000;
/** The longest token accepted (base64url of 32 bytes is 43 characters): anything longer is refused unread. */
const MAX_TOKEN_LENGTH = 64;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ExportLink {
  url: string;
  expires_at: string;
}

/** A single-use link to the caller's organization export (the route checked org_admin and the budget). */
export async function createExportLink(ctx: CallerContext): Promise<ExportLink> {
  const { caller } = ctx;
  if (!caller.organizationId) throw forbidden('Only members of an organization can export its data');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + EXPORT_LINK_TTL_MS);
  await ctx.db.insert(downloadTokens).values({ tokenHash: hashOf(token), kind: 'organization_export', userId: caller.id, organizationId: caller.organizationId, expiresAt });
  return { url: `/api/organization/export/download?token=${token}`, expires_at: expiresAt.toISOString() };
}

/**
 * Spends the token (at most once, before it expires) and returns its user as the caller, still an
 * active org_admin of the organization the link was made for; else 404 (unknown, used or expired
 * look alike) or 403.
 */
export async function redeemExportLink(ctx: ServiceContext, token: string | undefined): Promise<Caller> {
  if (!token || token.length > MAX_TOKEN_LENGTH) throw notFound(MSG.exportLinkInvalid);
  const now = ctx.now();
  const [row] = await ctx.db
    .update(downloadTokens)
    .set({ usedAt: now })
    .where(and(eq(downloadTokens.tokenHash, hashOf(token)), eq(downloadTokens.kind, 'organization_export'), isNull(downloadTokens.usedAt), gt(downloadTokens.expiresAt, now)))
    .returning();
  if (!row) throw notFound(MSG.exportLinkInvalid);
  const [found] = await ctx.db
    .select({ p: profiles, o: organizations })
    .from(profiles)
    .leftJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(profiles.id, row.userId))
    .limit(1);
  if (!found) throw notFound(MSG.exportLinkInvalid);
  const caller = toCaller(found.p, found.o);
  assertActive(caller);
  if (caller.organizationId !== row.organizationId || caller.role !== 'org_admin') throw forbidden('Only Organization Admins can do that');
  return caller;
}

/** Deletes links that expired before `now`; the housekeeping job runs it (server/features/jobs/scheduler.ts). */
export async function sweepExpiredExportLinks(ctx: Pick<ServiceContext, 'db'>, now: Date): Promise<number> {
  const { db } = ctx;
  const rows = await db.delete(downloadTokens).where(lte(downloadTokens.expiresAt, now)).returning({ id: downloadTokens.id });
  return rows.length;
}
