// GET /api/organization/audit-log (ADR 042): the caller's organization's rows of audit_log, for its
// org_admins: the sign-in trail the embedded provider writes (server/auth-provider/auth.audit.ts)
// and the organization's own changes. Keyset pages newest first, through the index
// (organization_id, created_at, id) of migration 0013; filters by person, kind and UTC dates.
import { and, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_KIND_ACTIONS,
  kindOfAction,
  type AuditPersonView,
  type OrganizationAuditEntryView,
  type OrganizationAuditPage,
  type OrganizationAuditQuery,
} from '#domain/contracts/sessions.ts';
import { fullName, toCsv } from '#domain/text.ts';
import { auditLog, profiles } from '../../db/schema/index.ts';
import type { OrgContext } from '../../lib/context.ts';
import { decodeCursor, pageOf, timestampKey } from '../../lib/keyset.ts';

const actor = alias(profiles, 'actor');
const person = alias(profiles, 'person');
const LIST = 'org-audit';
const DAY_MS = 86_400_000;

const decode = (v: string | null): unknown => {
  if (v === null) return null;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

function filters(orgId: string, q: OrganizationAuditQuery): SQL[] {
  const where: SQL[] = [eq(auditLog.organizationId, orgId)];
  if (q.person) {
    where.push(or(eq(auditLog.actorId, q.person), and(inArray(auditLog.targetType, ['user', 'profile']), eq(auditLog.targetId, q.person)))!);
  }
  if (q.kind === 'other') where.push(notInArray(auditLog.action, Object.values(AUDIT_KIND_ACTIONS).flat()));
  else if (q.kind) where.push(inArray(auditLog.action, [...AUDIT_KIND_ACTIONS[q.kind]]));
  if (q.from) where.push(sql`${auditLog.createdAt} >= ${new Date(`${q.from}T00:00:00Z`).toISOString()}::timestamptz`);
  if (q.to) where.push(sql`${auditLog.createdAt} < ${new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS).toISOString()}::timestamptz`);
  return where;
}

async function rows(ctx: Pick<OrgContext, 'db'>, where: SQL[], limit: number) {
  return ctx.db
    .select({
      a: auditLog,
      key: timestampKey(auditLog.createdAt),
      actorEmail: actor.email,
      actorFirst: actor.firstName,
      actorLast: actor.lastName,
      personId: person.id,
      personEmail: person.email,
      personFirst: person.firstName,
      personLast: person.lastName,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    // target_id is text: a profile's id compared as text (only rows whose target is a person).
    .leftJoin(person, and(inArray(auditLog.targetType, ['user', 'profile']), sql`${person.id}::text = ${auditLog.targetId}`))
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

const personView = (id: string | null, email: string | null, first: string | null, last: string | null): AuditPersonView | null =>
  id ? { id, email, name: email === null ? null : fullName(first, last) || null } : null;

function toView(r: Row): OrganizationAuditEntryView {
  const after = decode(r.a.after);
  const detail = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const outcome = text(detail.outcome);
  return {
    id: r.a.id,
    created_at: r.a.createdAt.toISOString(),
    action: r.a.action,
    kind: kindOfAction(r.a.action),
    actor: personView(r.a.actorId, r.actorEmail, r.actorFirst, r.actorLast),
    person: personView(r.personId, r.personEmail, r.personFirst, r.personLast),
    outcome: outcome === 'success' || outcome === 'failure' ? outcome : null,
    method: text(detail.method),
    reason: text(detail.reason) ?? text(detail.by),
    ip: text(detail.ip),
    user_agent: text(detail.user_agent),
    before: decode(r.a.before),
    after,
  };
}

/** One page of the organization's log, newest first. */
export async function organizationAuditPage(ctx: OrgContext, q: OrganizationAuditQuery): Promise<OrganizationAuditPage> {
  const after = decodeCursor(LIST, q.cursor, ['timestamp', 'uuid']);
  const where = filters(ctx.caller.organizationId, q);
  if (after) where.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
  const found = await rows(ctx, where, q.limit + 1);
  const page = pageOf(found, q.limit, (r) => [r.key, r.a.id], LIST);
  return { items: page.rows.map(toView), next_cursor: page.next, limit: q.limit };
}

const CSV_HEADER = ['time_utc', 'kind', 'action', 'actor_email', 'person_email', 'outcome', 'method', 'reason', 'ip', 'user_agent', 'details'] as const;

/**
 * The same rows as CSV (the filters apply, the cursor does not): at most AUDIT_CSV_MAX_ROWS, newest
 * first; `truncated` when more matched. Cells go through the formula guard of domain/text.ts csvField.
 */
export async function organizationAuditCsv(ctx: OrgContext, q: OrganizationAuditQuery): Promise<{ csv: string; truncated: boolean }> {
  const found = await rows(ctx, filters(ctx.caller.organizationId, q), AUDIT_CSV_MAX_ROWS + 1);
  const truncated = found.length > AUDIT_CSV_MAX_ROWS;
  const lines = found.slice(0, AUDIT_CSV_MAX_ROWS).map((r) => {
    const v = toView(r);
    return [v.created_at, v.kind, v.action, v.actor?.email ?? '', v.person?.email ?? '', v.outcome, v.method, v.reason, v.ip, v.user_agent, v.after === null ? '' : JSON.stringify(v.after)];
  });
  return { csv: toCsv(CSV_HEADER, lines), truncated };
}
