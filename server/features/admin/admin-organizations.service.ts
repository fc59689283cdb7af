// Organizations across the platform: keyset pages (./keyset.ts) with members, assessments and subscription state;
// suspending (read-only for members, who see the reason) and reactivating. Audited.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AdminAssessmentsPage, AdminOrganizationsPage, AdminOverview, AdminPageQuery, SubscriptionState } from '#domain/contracts/admin.ts';
import type { OrganizationStatus } from '#domain/contracts/enums.ts';
import type { Db } from '../../db/client.ts';
import { adminCounts, assessments, organizations } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { rowsOf } from '../../lib/db-rows.ts';
import { decodeCursor, estimatedTotal, inAnyOf, pageOf, plannerEstimate, startsWith, timestampKey } from '../../lib/keyset.ts';
import type { CallerContext, ServiceContext } from '../../lib/context.ts';

export function subscriptionState(paidUntil: Date | null, now: Date): SubscriptionState {
  if (!paidUntil) return 'none';
  return paidUntil.getTime() >= now.getTime() ? 'active' : 'expired';
}

/**
 * Platform figures for the system admin's dashboard. The per-status counts come from admin_counts,
 * kept by triggers (migration 0006), so no table is counted here; awaiting payment reads only the
 * organizations without an active subscription (organizations_paid_until_idx), each checked for a
 * submitted assessment through assessments_org_idx.
 */
export async function adminOverview(ctx: Pick<ServiceContext, 'db'>, now: Date): Promise<AdminOverview> {
  const { db } = ctx;
  const [counts, waiting] = await Promise.all([
    db.select({ subject: adminCounts.subject, status: adminCounts.status, n: adminCounts.n }).from(adminCounts),
    db.execute(sql`
      select count(*)::int as "n" from organizations o
      where (o.paid_until is null or o.paid_until < ${now.toISOString()}::timestamptz)
        -- LIMIT 1 keeps this a probe of assessments_org_idx per unpaid organization; as EXISTS
        -- the planner may turn it into a join that reads every submitted assessment.
        and coalesce((select true from assessments a where a.organization_id = o.id and a.status = 'submitted' limit 1), false)`),
  ]);
  const of = (subject: string, status: string) => Math.max(0, Number(counts.find((r) => r.subject === subject && r.status === status)?.n ?? 0));
  return {
    organizations: { active: of('organizations', 'active'), suspended: of('organizations', 'suspended') },
    users: { active: of('profiles', 'active'), disabled: of('profiles', 'disabled') },
    assessments: { in_progress: of('assessments', 'in_progress'), submitted: of('assessments', 'submitted') },
    awaiting_payment: Number(rowsOf<{ n: number }>(waiting)[0]?.n ?? 0),
  };
}

/** One page of organizations by name (then id), with the columns the list shows and two indexed counts per row. */
export async function listOrganizations(ctx: Pick<ServiceContext, 'db'>, now: Date, query: AdminPageQuery & { id?: string }): Promise<AdminOrganizationsPage> {
  const { db } = ctx;
  const after = decodeCursor('organizations', query.cursor, ['text', 'uuid']);
  const where = and(
    query.id ? eq(organizations.id, query.id) : undefined,
    after ? sql`(${organizations.name}, ${organizations.id}) > (${after[0]}, ${after[1]}::uuid)` : undefined,
    query.q
      ? inAnyOf(organizations.id, [
          sql`select o.id from organizations o where ${startsWith(sql`lower(o.name)`, query.q)}`,
          sql`select o.id from organizations o where ${startsWith(sql`lower(o.contact_email)`, query.q)}`,
        ])
      : undefined,
  );
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      contactName: organizations.contactName,
      contactEmail: organizations.contactEmail,
      status: organizations.status,
      suspendedReason: organizations.suspendedReason,
      createdAt: organizations.createdAt,
      paidUntil: organizations.paidUntil,
      // Written out with table names: drizzle leaves columns unqualified in a one-table select, and
      // an unqualified "id" inside the subquery would be the subquery's own table's.
      members: sql<number>`(select count(*) from profiles p where p.organization_id = organizations.id and p.status = 'active')`,
      runs: sql<number>`(select count(*) from assessments a where a.organization_id = organizations.id)`,
      estimate: plannerEstimate('organizations'),
    })
    .from(organizations)
    .where(where)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (o) => [o.name, o.id], 'organizations');
  return {
    organizations: page.rows.map((o) => ({
      id: o.id,
      name: o.name,
      contact_name: o.contactName,
      contact_email: o.contactEmail,
      status: o.status === 'suspended' ? 'suspended' : 'active',
      suspended_reason: o.suspendedReason,
      created_at: o.createdAt.toISOString(),
      member_count: Number(o.members),
      assessment_count: Number(o.runs),
      paid_until: o.paidUntil ? o.paidUntil.toISOString() : null,
      subscription: subscriptionState(o.paidUntil, now),
    })),
    next_cursor: page.next,
    limit: query.limit,
    estimated_total: estimatedTotal(rows[0]?.estimate, { first: !after, next: page.next, shown: page.rows.length, filtered: !!(query.q || query.id) }),
  };
}

/** A hexadecimal search as the range of ids it is a prefix of (the list shows an id's first 8 characters). */
function idRange(q: string): [string, string] | null {
  const hex = q.toLowerCase().replace(/-/g, '');
  if (!/^[0-9a-f]{1,32}$/.test(hex)) return null;
  const asUuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return [asUuid(hex.padEnd(32, '0')), asUuid(hex.padEnd(32, 'f'))];
}

/**
 * The columns of the admin assessments list, newest first: never `assessments.result` (the stored
 * result view, tens of kilobytes per row), which only the report routes read.
 */
export function assessmentListQuery(ctx: Pick<ServiceContext, 'db'>, query: AdminPageQuery) {
  const { db } = ctx;
  const after = decodeCursor('assessments', query.cursor, ['timestamp', 'uuid']);
  const range = query.q ? idRange(query.q) : null;
  const where = and(
    after ? sql`(${assessments.startedAt}, ${assessments.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
    query.q
      ? inAnyOf(assessments.id, [
          sql`select a.id from assessments a join organizations o on o.id = a.organization_id where ${startsWith(sql`lower(o.name)`, query.q)}`,
          ...(range ? [sql`select a.id from assessments a where a.id between ${range[0]}::uuid and ${range[1]}::uuid`] : []),
        ])
      : undefined,
  );
  return {
    after,
    statement: db
      .select({
        id: assessments.id,
        organizationId: assessments.organizationId,
        organizationName: organizations.name,
        paidUntil: organizations.paidUntil,
        status: assessments.status,
        startedAt: assessments.startedAt,
        startedKey: timestampKey(assessments.startedAt),
        submittedAt: assessments.submittedAt,
        totalScore: assessments.totalScore,
        grade: assessments.grade,
        passFail: assessments.passFail,
        estimate: plannerEstimate('assessments'),
      })
      .from(assessments)
      .innerJoin(organizations, eq(organizations.id, assessments.organizationId))
      .where(where)
      .orderBy(desc(assessments.startedAt), desc(assessments.id))
      .limit(query.limit + 1),
  };
}

export async function listAllAssessments(ctx: Pick<ServiceContext, 'db'>, now: Date, query: AdminPageQuery): Promise<AdminAssessmentsPage> {
  const { after, statement } = assessmentListQuery(ctx, query);
  const rows = await statement;
  const page = pageOf(rows, query.limit, (a) => [a.startedKey, a.id], 'assessments');
  return {
    assessments: page.rows.map((a) => ({
      id: a.id,
      organization_id: a.organizationId,
      organization_name: a.organizationName,
      status: a.status,
      started_at: a.startedAt.toISOString(),
      submitted_at: a.submittedAt ? a.submittedAt.toISOString() : null,
      total_score: a.totalScore,
      grade: a.grade,
      pass_fail: a.passFail,
      subscription: subscriptionState(a.paidUntil, now),
    })),
    next_cursor: page.next,
    limit: query.limit,
    estimated_total: estimatedTotal(rows[0]?.estimate, { first: !after, next: page.next, shown: page.rows.length, filtered: !!query.q }),
  };
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

export const suspendOrganization = (ctx: Pick<CallerContext, 'db' | 'caller'>, id: string, reason: string) =>
  setOrganizationStatus(ctx.db, ctx.caller.id, id, { status: 'suspended', suspendedReason: reason }, 'organization.suspended');

export const reactivateOrganization = (ctx: Pick<CallerContext, 'db' | 'caller'>, id: string) =>
  setOrganizationStatus(ctx.db, ctx.caller.id, id, { status: 'active', suspendedReason: null }, 'organization.reactivated');
