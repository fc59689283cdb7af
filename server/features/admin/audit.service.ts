// The admin audit log read back by system admins (GET /api/admin/audit-log); written by
// writeAudit (server/lib/audit.ts) in the same transaction as the change it records.
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AuditEntryView, type Paged } from '#domain/contracts/admin.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, organizations, profiles } from '../../db/schema/index.ts';

const decode = (v: string | null): unknown => {
  if (v === null) return null;
  try {
    return JSON.parse(v);
  } catch {
    return v; // older rows (e.g. subscription.verified) store a plain ISO date
  }
};

export async function listAudit(db: Db, page: number, q: string): Promise<Paged<AuditEntryView>> {
  const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const where = q ? or(ilike(auditLog.action, like), ilike(profiles.email, like), ilike(organizations.name, like), ilike(auditLog.targetId, like)) : undefined;
  const base = () =>
    db
      .select({ a: auditLog, actorEmail: profiles.email, orgName: organizations.name })
      .from(auditLog)
      .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
      .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
      .where(where);
  const [totalRow] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
    .where(where);
  const rows = await base()
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return {
    items: rows.map(({ a, actorEmail, orgName }) => ({
      id: a.id,
      created_at: a.createdAt.toISOString(),
      actor_id: a.actorId,
      actor_email: actorEmail,
      action: a.action,
      target_type: a.targetType,
      target_id: a.targetId,
      organization_id: a.organizationId,
      organization_name: orgName,
      before: decode(a.before),
      after: decode(a.after),
    })),
    total: Number(totalRow?.n ?? 0),
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
