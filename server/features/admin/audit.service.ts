// The admin audit log read back by system admins (GET /api/admin/audit-log); written by
// writeAudit (server/lib/audit.ts) in the same transaction as the change it records.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminPageQuery, AuditLogPage } from '#domain/contracts/admin.ts';
import { auditLog, organizations, profiles } from '../../db/schema/index.ts';
import { decodeCursor, estimatedTotal, inAnyOf, pageOf, plannerEstimate, startsWith, timestampKey } from '../../lib/keyset.ts';
import type { ServiceContext } from '../../lib/context.ts';

const decode = (v: string | null): unknown => {
  if (v === null) return null;
  try {
    return JSON.parse(v);
  } catch {
    return v; // older rows (e.g. subscription.verified) store a plain ISO date
  }
};

/** The newest rows after the cursor a search first reads through the sort index (see `listAudit`). */
export const AUDIT_SEARCH_WINDOW = 300;

/**
 * One page of the audit log, newest first (created_at, then id: the rows of one transaction share
 * created_at). A search is a prefix of the action, the target id, the admin's e-mail or the
 * organization's name. It reads in two steps so its cost follows neither the table's size nor the
 * number of matches: first the newest AUDIT_SEARCH_WINDOW rows after the cursor, walked down the
 * sort index and filtered (a broad search fills its page there); only when that window holds less
 * than a page, each column's own prefix index (migration 0006) finds the matches, which are then
 * few. Either way the page is the newest matching rows: every row outside the window is older than
 * every row inside it.
 */
export async function listAudit(ctx: Pick<ServiceContext, 'db'>, query: AdminPageQuery): Promise<AuditLogPage> {
  const { db } = ctx;
  const after = decodeCursor('audit', query.cursor, ['timestamp', 'uuid']);
  const afterOf = (alias: SQL) => (after ? sql`(${alias}.created_at, ${alias}.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql`true`);
  const select = (search?: SQL) =>
    db
      .select({ a: auditLog, key: timestampKey(auditLog.createdAt), actorEmail: profiles.email, orgName: organizations.name, estimate: plannerEstimate('audit_log') })
      .from(auditLog)
      .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
      .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
      .where(and(after ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined, search))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit + 1);
  let rows;
  if (!query.q) rows = await select();
  else {
    const q = query.q;
    rows = await select(sql`${auditLog.id} in (
      select w.id from (select a.id, a.created_at, a.action, a.target_id, a.actor_id, a.organization_id from audit_log a
                        where ${afterOf(sql`a`)} order by a.created_at desc, a.id desc limit ${AUDIT_SEARCH_WINDOW}) w
      left join profiles p on p.id = w.actor_id
      left join organizations o on o.id = w.organization_id
      where ${startsWith(sql`lower(w.action)`, q)} or ${startsWith(sql`lower(w.target_id)`, q)}
         or ${startsWith(sql`lower(p.email)`, q)} or ${startsWith(sql`lower(o.name)`, q)}
      -- in the window's own order, so the scan stops at the page's last match
      order by w.created_at desc, w.id desc limit ${query.limit + 1})`);
    if (rows.length <= query.limit) {
      rows = await select(
        inAnyOf(auditLog.id, [
          sql`select a.id from audit_log a where ${startsWith(sql`lower(a.action)`, q)}`,
          sql`select a.id from audit_log a where ${startsWith(sql`lower(a.target_id)`, q)}`,
          sql`select a.id from audit_log a join profiles p on p.id = a.actor_id where ${startsWith(sql`lower(p.email)`, q)}`,
          sql`select a.id from audit_log a join organizations o on o.id = a.organization_id where ${startsWith(sql`lower(o.name)`, q)}`,
        ]),
      );
    }
  }
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
    estimated_total: estimatedTotal(rows[0]?.estimate, { first: !after, next: page.next, shown: page.rows.length, filtered: !!query.q }),
  };
}
