// Profiles and organizations: loading the caller, creating an organization with its first
// org_admin, adding a member. Shared by the signup/join/invite flows and requireProfile.
import { and, eq, ne, sql } from 'drizzle-orm';
import { fullName } from '#domain/text.ts';
import type { ProfileDto } from '#domain/contracts/accounts.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { organizations, profiles } from '../../db/schema/index.ts';
import { conflict } from '../../lib/app-error.ts';
import { writeAudit, type DbOrTx } from '../../lib/audit.ts';
import { toCaller } from '../../lib/caller.ts';
import type { Caller } from '../../lib/factory.ts';
import type { ServiceContext } from '../../lib/context.ts';

export type MemberRole = Caller['role'];

const profileWithOrganization = preparedPerDb((db) =>
  db
    .select({ p: profiles, o: organizations })
    .from(profiles)
    .leftJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(profiles.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('mvrsp_find_profile'),
);

/** The profile with its organization, or null when the user has none. */
export async function findProfile(ctx: Pick<ServiceContext, 'db'>, userId: string): Promise<Caller | null> {
  const { db } = ctx;
  const rows = await profileWithOrganization(db).execute({ userId });
  const row = rows[0];
  if (!row) return null;
  return toCaller(row.p, row.o);
}

export function toProfileDto(p: Caller): ProfileDto {
  return {
    id: p.id,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    role: p.role,
    status: p.status,
    organization: p.organization
      ? {
          id: p.organization.id,
          name: p.organization.name,
          status: p.organization.status === 'suspended' ? 'suspended' : 'active',
          suspended_reason: p.organization.suspendedReason,
          joinByLinkEnabled: p.organization.joinByLinkEnabled,
          require_mfa: p.organization.requireMfa,
          session_idle_minutes: p.organization.sessionIdleMinutes,
          session_max_hours: p.organization.sessionMaxHours,
          paid_until: p.organization.paidUntil ? p.organization.paidUntil.toISOString() : null,
        }
      : null,
  };
}

export interface Person {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface NewOrganization {
  organizationName: string;
  contactName?: string | undefined;
  contactEmail?: string | undefined;
  contactPhone?: string | undefined;
}

class ProfileExists extends Error {}

/** Inserts a profile; throws ProfileExists (rolling back the caller's transaction) when the user already has one. */
async function insertProfile(db: Db, person: Person, organizationId: string | null, role: MemberRole): Promise<void> {
  const inserted = await db
    .insert(profiles)
    .values({
      id: person.userId,
      email: person.email.toLowerCase(),
      firstName: person.firstName,
      lastName: person.lastName,
      organizationId,
      role,
      status: 'active',
    })
    .onConflictDoNothing()
    .returning({ id: profiles.id });
  if (inserted.length === 0) throw new ProfileExists();
}

const alreadyMember = () => conflict('Your account already belongs to an organization');

/** A new organization with the person as its org_admin (contact defaults to the person). */
export async function createOrganizationWithAdmin(ctx: Pick<ServiceContext, 'db'>, person: Person, org: NewOrganization): Promise<Caller> {
  const { db } = ctx;
  try {
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(organizations)
        .values({
          name: org.organizationName.trim(),
          contactName: org.contactName?.trim() || fullName(person.firstName, person.lastName),
          contactEmail: org.contactEmail?.trim().toLowerCase() || person.email.toLowerCase(),
          contactPhone: org.contactPhone?.trim() || null,
        })
        .returning({ id: organizations.id });
      await insertProfile(tx as unknown as Db, person, created!.id, 'org_admin');
    });
  } catch (err) {
    if (err instanceof ProfileExists) throw alreadyMember();
    throw err;
  }
  return (await findProfile(ctx, person.userId))!;
}

/** Adds the person to an existing organization with the given role (a system_admin has none). */
export async function addMember(ctx: Pick<ServiceContext, 'db'>, person: Person, organizationId: string | null, role: MemberRole): Promise<Caller> {
  const { db } = ctx;
  try {
    await insertProfile(db, person, organizationId, role);
  } catch (err) {
    if (err instanceof ProfileExists) throw alreadyMember();
    throw err;
  }
  return (await findProfile(ctx, person.userId))!;
}

/** Brings a removed profile back into an organization (only through an explicit invitation). */
export async function reinstateMember(ctx: Pick<ServiceContext, 'db'>, person: Person, organizationId: string, role: MemberRole): Promise<Caller> {
  const { db } = ctx;
  await db
    .update(profiles)
    .set({ organizationId, role, status: 'active', firstName: person.firstName, lastName: person.lastName })
    .where(and(eq(profiles.id, person.userId), eq(profiles.status, 'removed')));
  return (await findProfile(ctx, person.userId))!;
}

/**
 * Ends a member's designation as the organization's certifying official (ADR 019) when they stop
 * being an active member: removed, disabled, or given a role outside the organization. Runs in the
 * transaction that changes the member, so a later re-invitation or re-enabling does not bring the
 * right to sign back; an org_admin designates again if they want to. Audited like a designation.
 */
export async function clearCertifyingOfficial(tx: DbOrTx, change: { organizationId: string | null; memberId: string; actorId: string; reason: string }): Promise<void> {
  if (!change.organizationId) return;
  const cleared = await tx
    .update(organizations)
    .set({ certifyingOfficialId: null })
    .where(and(eq(organizations.id, change.organizationId), eq(organizations.certifyingOfficialId, change.memberId)))
    .returning({ id: organizations.id });
  if (cleared.length === 0) return;
  await writeAudit(tx, {
    actorId: change.actorId,
    organizationId: change.organizationId,
    action: 'organization.certifying_official',
    targetType: 'organization',
    targetId: change.organizationId,
    before: { certifying_official_id: change.memberId },
    after: { certifying_official_id: null, reason: change.reason },
  });
}

/** The answer whenever a change would leave an organization without an active org_admin. */
export const LAST_ADMIN_MESSAGE = 'This is the only Organization Admin of the organization. Make another member an admin first.';

/**
 * Locks the organization's row until the transaction ends (SELECT … FOR UPDATE), so that changes to
 * its members run one at a time, on every instance. Every path that changes a member's role or
 * status takes it before reading the member, so all of them lock in one order (organization, then
 * profile) and cannot deadlock one another.
 */
export async function lockOrganization(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
}

/**
 * The last-admin rule, in one place: an organization always keeps at least one active org_admin.
 * Called inside the transaction of every change that can take `member`'s org_admin away (removal,
 * a role change, disabling: organization.service.ts removeMember, admin-users.service.ts), before the
 * change. It holds the organization's row lock (lockOrganization) while it counts the other active
 * org_admins, so of two such changes racing on two instances the second waits for the first to
 * commit and then counts what is left (READ COMMITTED: each statement sees the latest commits).
 * Throws 409 with LAST_ADMIN_MESSAGE when `member` is the only one.
 */
export async function assertKeepsAnOrgAdmin(
  tx: DbOrTx,
  member: { id: string; organizationId: string | null; role: MemberRole; status: string },
): Promise<void> {
  if (!member.organizationId || member.role !== 'org_admin' || member.status !== 'active') return;
  await lockOrganization(tx, member.organizationId);
  const others = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organizationId, member.organizationId), eq(profiles.role, 'org_admin'), eq(profiles.status, 'active'), ne(profiles.id, member.id)))
    .limit(1);
  if (others.length === 0) throw conflict(LAST_ADMIN_MESSAGE);
}
