// Organizations across the platform: listing with members, assessments and subscription state;
// suspending (read-only for members, who see the reason) and reactivating. Audited.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { AdminAssessmentView, AdminOrganizationView, AdminOverview, SubscriptionState } from '#domain/contracts/admin.ts';
import type { OrganizationStatus } from '#domain/contracts/enums.ts';
import type { Db } from '../../db/client.ts';
import { assessments, organizations, profiles } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';

export function subscriptionState(paidUntil: Date | null, now: Date): SubscriptionState {
  if (!paidUntil) return 'none';
  return paidUntil.getTime() >= now.getTime() ? 'active' : 'expired';
}

/** Platform figures for the system admin's dashboard: three grouped counts, no rows. */
export async function adminOverview(db: Db, now: Date): Promise<AdminOverview> {
  const [orgRows, userRows, runRows, waiting] = await Promise.all([
    db.select({ status: organizations.status, n: count() }).from(organizations).groupBy(organizations.status),
    db.select({ status: profiles.status, n: count() }).from(profiles).groupBy(profiles.status),
    db.select({ status: assessments.status, n: count() }).from(assessments).groupBy(assessments.status),
    db
      .selectDistinct({ id: organizations.id, paidUntil: organizations.paidUntil })
      .from(organizations)
      .innerJoin(assessments, eq(assessments.organizationId, organizations.id))
      .where(eq(assessments.status, 'submitted')),
  ]);
  const of = (rows: { status: string; n: number }[], status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return {
    organizations: { active: of(orgRows, 'active'), suspended: of(orgRows, 'suspended') },
    users: { active: of(userRows, 'active'), disabled: of(userRows, 'disabled') },
    assessments: { in_progress: of(runRows, 'in_progress'), submitted: of(runRows, 'submitted') },
    awaiting_payment: waiting.filter((o) => subscriptionState(o.paidUntil, now) !== 'active').length,
  };
}

export async function listOrganizations(db: Db, now: Date): Promise<AdminOrganizationView[]> {
  const members = db
    .select({ orgId: profiles.organizationId, n: count().as('member_n') })
    .from(profiles)
    .where(eq(profiles.status, 'active'))
    .groupBy(profiles.organizationId)
    .as('m');
  const runs = db
    .select({ orgId: assessments.organizationId, n: count().as('assessment_n') })
    .from(assessments)
    .groupBy(assessments.organizationId)
    .as('r');
  const rows = await db
    .select({ o: organizations, members: sql<number>`coalesce(${members.n}, 0)`, runs: sql<number>`coalesce(${runs.n}, 0)` })
    .from(organizations)
    .leftJoin(members, eq(members.orgId, organizations.id))
    .leftJoin(runs, eq(runs.orgId, organizations.id))
    .orderBy(asc(organizations.name));
  return rows.map(({ o, members: m, runs: r }) => ({
    id: o.id,
    name: o.name,
    contact_name: o.contactName,
    contact_email: o.contactEmail,
    status: o.status === 'suspended' ? 'suspended' : 'active',
    suspended_reason: o.suspendedReason,
    created_at: o.createdAt.toISOString(),
    member_count: Number(m),
    assessment_count: Number(r),
    paid_until: o.paidUntil ? o.paidUntil.toISOString() : null,
    subscription: subscriptionState(o.paidUntil, now),
  }));
}

export async function listAllAssessments(db: Db): Promise<AdminAssessmentView[]> {
  const rows = await db
    .select({ a: assessments, orgName: organizations.name })
    .from(assessments)
    .innerJoin(organizations, eq(organizations.id, assessments.organizationId))
    .orderBy(sql`${assessments.startedAt} desc`);
  return rows.map(({ a, orgName }) => ({
    id: a.id,
    organization_id: a.organizationId,
    organization_name: orgName,
    status: a.status,
    started_at: a.startedAt.toISOString(),
    submitted_at: a.submittedAt ? a.submittedAt.toISOString() : null,
    total_score: a.totalScore,
    grade: a.grade,
    pass_fail: a.passFail,
  }));
}

type OrgState = { status: OrganizationStatus; suspendedReason: string | null };

async function setOrganizationStatus(db: Db, actorId: string, id: string, next: OrgState, action: string): Promise<OrgState> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: organizations.status, suspendedReason: organizations.suspendedReason })
      .from(organizations)
      .where(eq(organizations.id, id))
      .for('update');
    if (!before) throw notFound('Organization not found');
    if (before.status === next.status) {
      throw conflict(next.status === 'suspended' ? 'This organization is already suspended' : 'This organization is already active');
    }
    await tx.update(organizations).set({ status: next.status, suspendedReason: next.suspendedReason }).where(eq(organizations.id, id));
    await writeAudit(tx, { actorId, action, targetType: 'organization', targetId: id, organizationId: id, before, after: next });
    return next;
  });
}

export const suspendOrganization = (db: Db, actorId: string, id: string, reason: string) =>
  setOrganizationStatus(db, actorId, id, { status: 'suspended', suspendedReason: reason }, 'organization.suspended');

export const reactivateOrganization = (db: Db, actorId: string, id: string) =>
  setOrganizationStatus(db, actorId, id, { status: 'active', suspendedReason: null }, 'organization.reactivated');
