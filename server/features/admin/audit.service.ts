// The admin audit log read back by system admins (GET /api/admin/audit-log); written by
// writeAudit (server/lib/audit.ts) in the same transaction as the change it records.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AdminPageQuery, AuditLogPage } from '#domain/contracts/admin.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, organizations, profiles } from '../../db/schema/index.ts';
import { decodeCursor, estimatedTotal, inAnyOf, pageOf, startsWith, timestampKey } from './keyset.ts';

const decode = (v: string | null): unknown => {
  if (v === null) return null;
  try {
    return JSON.parse(v);
  } catch {
    return v; // older rows (e.g. subscription.verified) store a plain ISO date
  }
};

/**
 * One page of the audit log, newest first (created_at, then id: the rows of one transaction share
 * created_at). A search is a prefix of the action, the target id, the admin's e-mail or the
 * organization's name, each through its own index (migration 0006).
 */
export async function listAudit(db: Db, query: AdminPageQuery): Promise<AuditLogPage> {
  const after = decodeCursor('audit', query.cursor, ['timestamp', 'uuid']);
  const where = and(
    after ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
    query.q
      ? inAnyOf(auditLog.id, [
          sql`select a.id from audit_log a where ${startsWith(sql`lower(a.action)`, query.q)}`,
          sql`select a.id from audit_log a where ${startsWith(sql`lower(a.target_id)`, query.q)}`,
          sql`select a.id from audit_log a join profiles p on p.id = a.actor_id where ${startsWith(sql`lower(p.email)`, query.q)}`,
          sql`select a.id from audit_log a join organizations o on o.id = a.organization_id where ${startsWith(sql`lower(o.name)`, query.q)}`,
        ])
      : undefined,
  );
  const rows = await db
    .select({ a: auditLog, key: timestampKey(auditLog.createdAt), actorEmail: profiles.email, orgName: organizations.name })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.key, r.a.id], 'audit');
  return {
    items: page.rows.map(({ a, actorEmail, orgName }) => ({
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
    next_cursor: page.next,
    limit: query.limit,
    estimated_total: await estimatedTotal(db, 'audit_log', { first: !after, next: page.next, shown: page.rows.length, filtered: !!query.q }),
  };
}
