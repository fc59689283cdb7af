// DELETE /api/admin/organizations/{id} (system_admin): the organization and everything it owns
// (docs/decisions/023-data-export-and-deletion.md). Order:
// 1. One transaction: check the typed name, write the audit row (with the organization's name and
//    counts, since audit_log.organization_id is set to null by the delete), record a pending purge
//    of its stored files, detach the members' profiles (status 'removed', no organization), delete
//    the organizations row. Every owned table cascades from it (invitations, join requests,
//    assessments and their rows, evidence rows, actions, certifications, whose immutability trigger
//    allows exactly this cascade, notifications, the sync ledger); audit rows survive.
//    The profiles are kept, without the organization, so that requireProfile finds them and refuses
//    the account (server/lib/caller.ts removedMessage) instead of provisioning a new organization
//    from the sign-up metadata the auth provider still holds (provisioning.service.ts).
// 2. After the commit: end every member's sessions at the embedded auth provider.
// 3. Remove the stored files under `<organizationId>/`. If that fails, the pending purge row stays
//    and the scheduler's `storage.purge_deleted_organizations` job retries it until it succeeds, so
//    no bytes are left behind silently. Rows go first: a failure in between leaves unreachable bytes
//    (retried), never rows that point at deleted files.
import { and, count, eq, like, lte } from 'drizzle-orm';
import { DELETE_ORGANIZATION_MISMATCH } from '#domain/contracts/admin.ts';
import { assessments, certifications, evidenceFiles, organizations, profiles, scheduledJobs } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { Caller } from '../../lib/factory.ts';
import { errorForLog } from '../../lib/logger.ts';
import { UPLOAD_URL_SECONDS } from '../evidence/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

/** Marker rows in scheduled_jobs: one per deleted organization whose stored files are not yet removed. */
export const PURGE_MARKER = 'storage.purge_organization:';

export const ORGANIZATION_DELETED_MESSAGE = (name: string) => `${name} and all of its data were deleted`;

export interface DeleteOrganizationResult {
  message: string;
  organization: { id: string; name: string };
  /** false when the stored files could not be removed yet; the scheduler retries them. */
  files_removed: boolean;
}

export async function deleteOrganization(ctx: ServiceContext & { caller: Pick<Caller, 'id' | 'organizationId'> }, id: string, confirmation: string): Promise<DeleteOrganizationResult> {
  const { caller } = ctx;
  const now = ctx.now();
  const { name, memberIds } = await ctx.db.transaction(async (tx) => {
    const [org] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
    if (!org) throw notFound('Organization not found');
    if (caller.organizationId === id) throw conflict('You cannot delete the organization you belong to. Ask another system admin.');
    if (confirmation !== org.name) throw badRequest(DELETE_ORGANIZATION_MISMATCH);
    const members = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.organizationId, id));
    const tally = async (table: typeof assessments | typeof evidenceFiles | typeof certifications) =>
      Number((await tx.select({ n: count() }).from(table).where(eq(table.organizationId, id)))[0]?.n ?? 0);
    const before = {
      name: org.name,
      contact_email: org.contactEmail,
      created_at: org.createdAt.toISOString(),
      members: members.length,
      assessments: await tally(assessments),
      evidence_files: await tally(evidenceFiles),
      certifications: await tally(certifications),
    };
    await writeAudit(tx, { actorId: caller.id, action: 'organization.deleted', targetType: 'organization', targetId: id, organizationId: id, before, after: null });
    await tx
      .insert(scheduledJobs)
      // Kept until a purge has run after every upload URL issued before the deletion expired (a late presigned PUT still writes).
      .values({ name: `${PURGE_MARKER}${id}`, nextRunAt: new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000) })
      .onConflictDoNothing({ target: scheduledJobs.name });
    await tx.update(profiles).set({ organizationId: null, status: 'removed', updatedAt: now }).where(eq(profiles.organizationId, id));
    await tx.delete(organizations).where(eq(organizations.id, id));
    return { name: org.name, memberIds: members.map((m) => m.id) };
  });

  // The profiles are removed, so requireProfile already refuses their tokens; ending the sessions stops refreshes too.
  for (const memberId of memberIds) {
    try {
      await ctx.authAdmin?.signOutUser(memberId, { actorId: caller.id, reason: 'organization_deleted' });
    } catch (err) {
      ctx.logger.warn('could not end the sessions of a deleted organization member', { userId: memberId, error: errorForLog(err) });
    }
  }

  const filesRemoved = await purgeOrganizationFiles(ctx, id, now);
  return { message: ORGANIZATION_DELETED_MESSAGE(name), organization: { id, name }, files_removed: filesRemoved };
}

/** Removes one deleted organization's stored files, and its marker once upload URLs issued before the deletion have expired; on failure records the error on the marker and returns false. */
async function purgeOrganizationFiles(ctx: Pick<ServiceContext, 'db' | 'storage' | 'logger'>, organizationId: string, now: Date): Promise<boolean> {
  const marker = `${PURGE_MARKER}${organizationId}`;
  try {
    const removed = await ctx.storage.deletePrefix(`${organizationId}/`);
    await ctx.db.delete(scheduledJobs).where(and(eq(scheduledJobs.name, marker), lte(scheduledJobs.nextRunAt, now)));
    ctx.logger.info('deleted organization files removed', { organizationId, removed });
    return true;
  } catch (err) {
    const error = errorForLog(err);
    ctx.logger.error('could not remove a deleted organization\'s files; the scheduler will retry', { organizationId, error });
    await ctx.db
      .update(scheduledJobs)
      .set({ lastStartedAt: now, lastError: error.split('\n')[0]!.slice(0, 500) })
      .where(eq(scheduledJobs.name, marker));
    return false;
  }
}

/**
 * The scheduler's retry (server/features/jobs/scheduler.ts): removes the files of every deleted
 * organization whose purge has not succeeded yet. Returns how many purges are still pending.
 */
export async function purgeDeletedOrganizationFiles(ctx: Pick<ServiceContext, 'db' | 'storage' | 'logger'>, now: Date): Promise<number> {
  const pending = await ctx.db
    .select({ name: scheduledJobs.name })
    .from(scheduledJobs)
    .where(like(scheduledJobs.name, `${PURGE_MARKER}%`));
  let left = 0;
  for (const { name } of pending) {
    const organizationId = name.slice(PURGE_MARKER.length);
    // A marker is only written by deleteOrganization, with the organization's id; anything else is not a prefix to delete.
    const [still] = await ctx.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
    if (still) {
      ctx.logger.error('a purge marker names an organization that exists; its files are kept', { organizationId });
      continue;
    }
    if (!(await purgeOrganizationFiles(ctx, organizationId, now))) left += 1;
  }
  return left;
}
