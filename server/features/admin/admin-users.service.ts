// Users across the platform: keyset pages (./keyset.ts), change a role, disable (sessions end) and re-enable. Audited.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminPageQuery, AdminUserView, AdminUsersPage } from '#domain/contracts/admin.ts';
import type { Role } from '#domain/roles.ts';
import type { Db } from '../../db/client.ts';
import { organizations, profiles } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { writeAudit, type DbOrTx } from '../../lib/audit.ts';
import { assertKeepsAnOrgAdmin, clearCertifyingOfficial, lockOrganization } from '../accounts/index.ts';
import { decodeCursor, estimatedTotal, inAnyOf, pageOf, plannerEstimate, startsWith } from '../../lib/keyset.ts';
import type { CallerContext, ServiceContext } from '../../lib/context.ts';

/** A disabled user's embedded-auth ban lasts until re-enabled. */
const BANNED_UNTIL = new Date('9999-12-31T00:00:00Z');

type ProfileRow = typeof profiles.$inferSelect;

function toView(p: ProfileRow, org: { id: string; name: string } | null): AdminUserView {
  return {
    id: p.id,
    email: p.email,
    first_name: p.firstName,
    last_name: p.lastName,
    role: p.role,
    status: p.status,
    organization: org,
    created_at: p.createdAt.toISOString(),
  };
}

/** One page of users by last name, first name, e-mail (then id), with the columns the list shows. */
export async function listUsers(ctx: Pick<ServiceContext, 'db'>, query: AdminPageQuery): Promise<AdminUsersPage> {
  const { db } = ctx;
  const after = decodeCursor('users', query.cursor, ['text', 'text', 'text', 'uuid']);
  const where = and(
    after ? sql`(${profiles.lastName}, ${profiles.firstName}, ${profiles.email}, ${profiles.id}) > (${after[0]}, ${after[1]}, ${after[2]}, ${after[3]}::uuid)` : undefined,
    query.q
      ? inAnyOf(profiles.id, [
          sql`select p.id from profiles p where ${startsWith(sql`lower(p.email)`, query.q)}`,
          sql`select p.id from profiles p where ${startsWith(sql`lower(p.last_name)`, query.q)}`,
          sql`select p.id from profiles p where ${startsWith(sql`lower(p.first_name)`, query.q)}`,
          sql`select p.id from profiles p join organizations o on o.id = p.organization_id where ${startsWith(sql`lower(o.name)`, query.q)}`,
        ])
      : undefined,
  );
  const rows = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      role: profiles.role,
      status: profiles.status,
      createdAt: profiles.createdAt,
      orgId: organizations.id,
      orgName: organizations.name,
      estimate: plannerEstimate('profiles'),
    })
    .from(profiles)
    .leftJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(where)
    .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(profiles.email), asc(profiles.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (u) => [u.lastName, u.firstName, u.email, u.id], 'users');
  return {
    users: page.rows.map((u) => ({
      id: u.id,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      role: u.role,
      status: u.status,
      organization: u.orgId && u.orgName !== null ? { id: u.orgId, name: u.orgName } : null,
      created_at: u.createdAt.toISOString(),
    })),
    next_cursor: page.next,
    limit: query.limit,
    estimated_total: estimatedTotal(rows[0]?.estimate, { first: !after, next: page.next, shown: page.rows.length, filtered: !!query.q }),
  };
}

async function updateProfile(
  db: Db,
  actorId: string,
  id: string,
  change: (before: ProfileRow, tx: DbOrTx) => Partial<Pick<ProfileRow, 'role' | 'status'>> | Promise<Partial<Pick<ProfileRow, 'role' | 'status'>>>,
  action: string,
): Promise<AdminUserView> {
  if (id === actorId) throw badRequest('You cannot change your own account here. Ask another system admin.');
  return db.transaction(async (tx) => {
    // The organization's row first, then the profile's: the lock order of every membership change
    // (accounts lockOrganization), so the last-admin rule counts committed admins and nothing deadlocks.
    const [seen] = await tx.select({ organizationId: profiles.organizationId }).from(profiles).where(eq(profiles.id, id));
    if (!seen) throw notFound('User not found');
    if (seen.organizationId) await lockOrganization(tx, seen.organizationId);
    const [before] = await tx.select().from(profiles).where(eq(profiles.id, id)).for('update');
    if (!before) throw notFound('User not found');
    // Only an organization's deletion moves a profile out of it meanwhile; the user is then removed.
    if (before.organizationId !== seen.organizationId) throw conflict('This user was removed from their organization');
    const patch = await change(before, tx);
    const [after] = await tx.update(profiles).set(patch).where(eq(profiles.id, id)).returning();
    const pick = (p: ProfileRow) => ({ role: p.role, status: p.status });
    await writeAudit(tx, { actorId, action, targetType: 'user', targetId: id, organizationId: before.organizationId, before: pick(before), after: pick(after!) });
    const [org] = before.organizationId
      ? await tx.select({ id: organizations.id, name: organizations.name }).from(organizations).where(eq(organizations.id, before.organizationId))
      : [];
    return toView(after!, org ?? null);
  });
}

export function changeRole(ctx: Pick<CallerContext, 'db' | 'caller'>, id: string, role: Role): Promise<AdminUserView> {
  const { db } = ctx;
  const actorId = ctx.caller.id;
  return updateProfile(
    db,
    actorId,
    id,
    async (before, tx) => {
      if (before.status === 'removed') throw conflict('This user was removed from their organization');
      if (role !== 'system_admin' && !before.organizationId) throw badRequest('A user without an organization can only be a system admin');
      if (before.role === role) throw conflict(`This user is already a ${role}`);
      await assertKeepsAnOrgAdmin(tx, before);
      // A system_admin is no member of the organization: the designation ends (ADR 019).
      if (role === 'system_admin') await clearCertifyingOfficial(tx, { organizationId: before.organizationId, memberId: id, actorId, reason: 'user.role_changed' });
      return { role };
    },
    'user.role_changed',
  );
}

/** Disables the profile (the API refuses it at once) and ends every session at the auth provider. */
export async function disableUser(ctx: CallerContext, id: string): Promise<AdminUserView> {
  const actorId = ctx.caller.id;
  const view = await updateProfile(
    ctx.db,
    actorId,
    id,
    async (before, tx) => {
      if (before.status === 'disabled') throw conflict('This user is already disabled');
      if (before.status === 'removed') throw conflict('This user was removed from their organization');
      await assertKeepsAnOrgAdmin(tx, before);
      // Re-enabling does not make them the certifying official again (ADR 019).
      await clearCertifyingOfficial(tx, { organizationId: before.organizationId, memberId: id, actorId, reason: 'user.disabled' });
      return { status: 'disabled' };
    },
    'user.disabled',
  );
  // Hosted auth: requireProfile refuses the disabled profile on every request.
  const why = { actorId, reason: 'user_disabled' };
  if (ctx.authAdmin?.banUser) await ctx.authAdmin.banUser(id, BANNED_UNTIL, why);
  else if (ctx.authAdmin) await ctx.authAdmin.signOutUser(id, why);
  return view;
}

export async function enableUser(ctx: CallerContext, id: string): Promise<AdminUserView> {
  const view = await updateProfile(
    ctx.db,
    ctx.caller.id,
    id,
    (before) => {
      if (before.status !== 'disabled') throw conflict('This user is not disabled');
      return { status: 'active' };
    },
    'user.enabled',
  );
  if (ctx.authAdmin?.banUser) await ctx.authAdmin.banUser(id, null);
  return view;
}
