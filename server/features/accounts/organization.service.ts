// Organization settings: members, rename / join link (on-off, key, allowed domains), member removal.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { JoinLinkDto, OrganizationDto, TeamMemberDto, UpdateOrganizationInput } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { auditLog, deferrals, organizations, profiles } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { Caller } from '../../lib/factory.ts';
import { errorForLog } from '../../lib/logger.ts';
import { assertKeepsAnOrgAdmin, clearCertifyingOfficial, lockOrganization } from './membership.service.ts';
import type { CallerContext, ServiceContext } from '../../lib/context.ts';

type OrganizationRow = typeof organizations.$inferSelect;

export async function findOrganization(ctx: Pick<ServiceContext, 'db'>, id: string): Promise<OrganizationRow | null> {
  const { db } = ctx;
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row ?? null;
}

export function toOrganizationDto(o: OrganizationRow): OrganizationDto {
  return {
    id: o.id,
    name: o.name,
    contact_name: o.contactName,
    contact_email: o.contactEmail,
    contact_phone: o.contactPhone,
    status: o.status === 'suspended' ? 'suspended' : 'active',
    joinByLinkEnabled: o.joinByLinkEnabled,
    created_at: o.createdAt.toISOString(),
  };
}

/** Members who still belong to the organization (removed ones are kept as rows but not listed). */
export async function listMembers(ctx: Pick<ServiceContext, 'db'>, organizationId: string): Promise<TeamMemberDto[]> {
  const { db } = ctx;
  const rows = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), ne(profiles.status, 'removed')))
    .orderBy(asc(profiles.createdAt), asc(profiles.email));
  return rows.map((p) => ({ id: p.id, first_name: p.firstName, last_name: p.lastName, email: p.email, role: p.role }));
}

/** The caller's organization for /api/organization/* (a system admin has none). */
export function ownOrganizationId(profile: Caller): string {
  if (!profile.organizationId) throw notFound('You do not belong to an organization');
  return profile.organizationId;
}

export async function updateOrganization(
  ctx: CallerContext,
  input: UpdateOrganizationInput,
): Promise<OrganizationRow> {
  const { caller } = ctx;
  const orgId = ownOrganizationId(caller);
  const set: Partial<typeof organizations.$inferInsert> = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) throw badRequest(MSG.orgNameEmpty);
    set.name = name;
  }
  if (input.joinByLinkEnabled !== undefined) set.joinByLinkEnabled = input.joinByLinkEnabled;
  if (input.allowedEmailDomains !== undefined) set.allowedEmailDomains = input.allowedEmailDomains;
  const before = await findOrganization(ctx, orgId);
  const [updated] = await ctx.db.update(organizations).set(set).where(eq(organizations.id, orgId)).returning();
  if (!updated || !before) throw notFound('Organization not found');
  await ctx.db.insert(auditLog).values({
    actorId: caller.id,
    organizationId: orgId,
    action: 'organization.update',
    targetType: 'organization',
    targetId: orgId,
    before: JSON.stringify({ name: before.name, joinByLinkEnabled: before.joinByLinkEnabled, allowedEmailDomains: before.allowedEmailDomains }),
    after: JSON.stringify({ name: updated.name, joinByLinkEnabled: updated.joinByLinkEnabled, allowedEmailDomains: updated.allowedEmailDomains }),
  });
  return updated;
}

export const toJoinLinkDto = (o: OrganizationRow): JoinLinkDto => ({
  joinByLinkEnabled: o.joinByLinkEnabled,
  joinKey: o.joinKey,
  allowedEmailDomains: o.allowedEmailDomains,
});

/** GET /api/organization/join-link (org_admins): the current key and rules of the join link. */
export async function joinLinkSettings(ctx: Pick<ServiceContext, 'db'>, organizationId: string): Promise<JoinLinkDto> {
  const org = await findOrganization(ctx, organizationId);
  if (!org) throw notFound('Organization not found');
  return toJoinLinkDto(org);
}

/** A new random key: every link with an older key stops working (ADR 003). Audit-logged without the key. */
export const newJoinKey = () => randomBytes(24).toString('base64url');

/**
 * Removes a member: the profile row stays with status 'removed' (history keeps its author),
 * their sessions end, the join link is renewed (the removed member knows the old key, and could
 * otherwise ask again from a new address; ADR 003), and the organization always keeps at least
 * one org_admin (assertKeepsAnOrgAdmin).
 */
export async function removeMember(ctx: CallerContext, memberId: string): Promise<void> {
  const { caller } = ctx;
  const orgId = ownOrganizationId(caller);
  if (memberId === caller.id) throw badRequest('You cannot remove yourself from the organization');
  await ctx.db.transaction(async (tx) => {
    // Before reading the member: every membership change in the organization runs after this one commits.
    await lockOrganization(tx, orgId);
    const [member] = await tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.id, memberId), eq(profiles.organizationId, orgId), ne(profiles.status, 'removed')))
      .limit(1);
    if (!member) throw notFound('Team member not found');
    await assertKeepsAnOrgAdmin(tx, member);
    await tx.update(profiles).set({ status: 'removed' }).where(eq(profiles.id, memberId));
    await clearCertifyingOfficial(tx, { organizationId: orgId, memberId, actorId: caller.id, reason: 'member.remove' });
    await tx.update(organizations).set({ joinKey: newJoinKey() }).where(eq(organizations.id, orgId));
    // Questions handed to them go back to the team (the askers see them as no longer deferred).
    await tx
      .update(deferrals)
      .set({ status: 'cancelled' })
      .where(and(eq(deferrals.organizationId, orgId), eq(deferrals.deferredTo, memberId), eq(deferrals.status, 'open')));
    await tx.insert(auditLog).values({
      actorId: caller.id,
      organizationId: orgId,
      action: 'member.remove',
      targetType: 'profile',
      targetId: memberId,
      before: JSON.stringify({ email: member.email, role: member.role, status: member.status }),
      after: JSON.stringify({ status: 'removed', joinLink: 'renewed' }),
    });
  });
  await endSessions(ctx, memberId, caller.id);
}

async function endSessions(ctx: ServiceContext, userId: string, actorId: string): Promise<void> {
  if (!ctx.authAdmin) return; // hosted auth: requireProfile refuses the removed profile on every request
  try {
    await ctx.authAdmin.signOutUser(userId, { actorId, reason: 'member_removed' });
  } catch (err) {
    ctx.logger.warn('could not end the sessions of a removed member', { userId, error: errorForLog(err) });
  }
}

/** Members listing for /api/organizations/:orgId/users: own organization, or any for a system admin. */
export async function organizationUsers(ctx: Pick<CallerContext, 'db' | 'caller'>, orgId: string): Promise<TeamMemberDto[]> {
  const { caller } = ctx;
  if (caller.role !== 'system_admin' && caller.organizationId !== orgId) throw notFound('Organization not found');
  if (caller.role === 'system_admin' && !(await findOrganization(ctx, orgId))) throw notFound('Organization not found');
  return listMembers(ctx, orgId);
}
