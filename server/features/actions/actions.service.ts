// The organization's corrective actions across assessments (ADR 019): the action plan, one
// assessment's share of it, and the one update path (owner, status, notes) both API routes use.
import { and, eq, sql } from 'drizzle-orm';
import { fullName } from '#domain/text.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { ActionStatus } from '#domain/contracts/enums.ts';
import type { ActionPlanItem, ActionPlanQuery, ActionPlanView } from '#domain/contracts/cycles.ts';
import { assignmentDedupeKey, assignmentNotice, closureAfterEdit, isClosedStatus, isInAssessment, isOverdue, matchesActionFilter, notifiesNewOwner, type ActionFilter } from '#domain/cycles/action-cycle.ts';
import type { ActionPriority } from '#domain/questions/question-types.ts';
import type { Db } from '../../db/client.ts';
import { assessments, correctiveActions, profiles, questions } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { enqueueNotification } from '../../lib/notifications.ts';
import { listDomainViews, toScoringQuestion } from '../questions/index.ts';
import { assertReportReleased } from './report-gate.ts';
import type { ServiceContext } from '../../lib/context.ts';

export const ACTION_NOT_FOUND = 'Corrective action not found';
export const ACTION_CONFLICT_MESSAGE = 'Someone else changed this action since you opened it. Review their change and apply yours again.';
/** The action plan page of the SPA (src/config/paths.ts), linked from the assignment e-mail. */
export const ACTION_PLAN_PATH = '/action-plan';

const owners = alias(profiles, 'owners');
const editors = alias(profiles, 'editors');
const opened = alias(assessments, 'opened');
const latest = alias(assessments, 'latest');
/** A joined profile's name; null when no profile joined (a left join found none). */
const nameOf = (first: string | null, last: string | null) => (first == null ? null : fullName(first, last));

/** The organization's actions (or one of them) with what the views show: question, owner, editor, assessments. */
async function selectRows(db: Db, organizationId: string, actionId?: string) {
  return db
    .select({
      ca: correctiveActions,
      q: questions,
      ownerFirst: owners.firstName,
      ownerLast: owners.lastName,
      editorFirst: editors.firstName,
      editorLast: editors.lastName,
      openedAt: opened.submittedAt,
      latestAt: latest.submittedAt,
    })
    .from(correctiveActions)
    .innerJoin(questions, eq(questions.id, correctiveActions.questionId))
    .innerJoin(opened, eq(opened.id, correctiveActions.assessmentId))
    .leftJoin(latest, eq(latest.id, correctiveActions.latestAssessmentId))
    .leftJoin(owners, eq(owners.id, correctiveActions.ownerId))
    .leftJoin(editors, eq(editors.id, correctiveActions.updatedBy))
    .where(and(eq(correctiveActions.organizationId, organizationId), actionId ? eq(correctiveActions.id, actionId) : undefined));
}

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function toItem(r: Row, domainNames: ReadonlyMap<string, string>, now: Date): ActionPlanItem {
  const { ca, q } = r;
  const s = toScoringQuestion(q);
  const target_date = ca.targetDate ? ca.targetDate.toISOString() : null;
  return {
    id: ca.id,
    code: ca.code ?? q.code,
    question_id: ca.questionId,
    question_text: q.questionText,
    domain_id: q.domainId,
    domain_name: domainNames.get(q.domainId) ?? q.domainId,
    action: s.correctiveAction?.action ?? '',
    priority: (s.correctiveAction?.priority ?? 'medium') as ActionPriority,
    owner_id: ca.ownerId,
    owner_name: nameOf(r.ownerFirst, r.ownerLast),
    status: ca.status,
    notes: ca.notes,
    target_date,
    overdue: isOverdue({ status: ca.status, target_date }, now),
    opened_in: { assessment_id: ca.assessmentId, submitted_at: r.openedAt ? r.openedAt.toISOString() : null },
    latest_assessment_id: ca.latestAssessmentId,
    closed_at: ca.closedAt ? ca.closedAt.toISOString() : null,
    closed_note: ca.closedNote,
    closed_in_assessment_id: ca.closedInAssessmentId,
    version: ca.version,
    updated_at: ca.updatedAt.toISOString(),
    updated_by_name: ca.updatedBy ? nameOf(r.editorFirst, r.editorLast) : null,
  };
}

async function domainNamesOf(db: Db): Promise<Map<string, string>> {
  return new Map((await listDomainViews({ db })).map((d) => [d.id, d.name]));
}

/** Open ones first, then by due date (none last), then by code. */
function planOrder(a: ActionPlanItem, b: ActionPlanItem): number {
  const closed = Number(isClosedStatus(a.status)) - Number(isClosedStatus(b.status));
  if (closed) return closed;
  const due = (a.target_date ?? '9999') < (b.target_date ?? '9999') ? -1 : (a.target_date ?? '9999') > (b.target_date ?? '9999') ? 1 : 0;
  return due || a.code.localeCompare(b.code) || a.opened_in.assessment_id.localeCompare(b.opened_in.assessment_id);
}

export interface PlanScope {
  organizationId: string | null;
  now: Date;
  checkoutUrl: string;
}

/**
 * GET /api/actions: the organization's actions passing the filter, open first. `counts` are of the
 * whole plan (unfiltered), so the page can say how many are open, overdue and closed in all.
 */
export async function listActionPlan(ctx: Pick<ServiceContext, 'db'>, scope: PlanScope, query: ActionFilter): Promise<ActionPlanView> {
  const { db } = ctx;
  if (!scope.organizationId) return { items: [], counts: { open: 0, overdue: 0, closed: 0 } };
  await assertReportReleased(ctx, scope.organizationId, scope.now, scope.checkoutUrl);
  const names = await domainNamesOf(db);
  const all = (await selectRows(db, scope.organizationId)).map((r) => toItem(r, names, scope.now)).sort(planOrder);
  return {
    items: all.filter((a) => matchesActionFilter(a, query)),
    counts: {
      open: all.filter((a) => !isClosedStatus(a.status)).length,
      overdue: all.filter((a) => a.overdue).length,
      closed: all.filter((a) => isClosedStatus(a.status)).length,
    },
  };
}

/** The query of GET /api/actions as the filter rule takes it. */
export const toActionFilter = (q: ActionPlanQuery & { status: ActionFilter['status'] }): ActionFilter => ({
  status: q.status,
  ...(q.ownerId !== undefined ? { ownerId: q.ownerId.toLowerCase() } : {}),
  ...(q.domainId !== undefined ? { domainId: q.domainId } : {}),
  ...(q.overdue !== undefined ? { overdue: q.overdue } : {}),
});

/**
 * One submitted assessment's corrective actions: those opened in it and those carried into it (its
 * gap still open), in `codeOrder` (the gap analysis' order). No payment check: the caller's report does it.
 */
export async function listAssessmentActions(
  ctx: Pick<ServiceContext, 'db'>,
  assessment: { id: string; organizationId: string; submittedAt: Date },
  codeOrder: readonly string[],
  now: Date,
): Promise<ActionPlanItem[]> {
  const { db } = ctx;
  const names = await domainNamesOf(db);
  const order = new Map(codeOrder.map((c, i) => [c, i]));
  return (await selectRows(db, assessment.organizationId))
    .filter((r) => isInAssessment({ assessmentId: r.ca.assessmentId, openedAt: r.openedAt, latestAt: r.latestAt }, assessment))
    .map((r) => toItem(r, names, now))
    .sort((x, y) => (order.get(x.code) ?? 1e9) - (order.get(y.code) ?? 1e9) || x.code.localeCompare(y.code));
}

export interface ActionUpdate {
  ownerId?: string | null;
  status?: ActionStatus;
  notes?: string;
  baseVersion: number;
}

export interface UpdateScope {
  organizationId: string | null;
  actionId: string;
  userId: string;
  now: Date;
  checkoutUrl: string;
  /** APP_URL: the assignment e-mail links to its action plan page. */
  appUrl: string;
}

async function activeMember(db: Db, userId: string, organizationId: string) {
  const [p] = await db
    .select({ id: profiles.id, email: profiles.email, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.organizationId, organizationId), eq(profiles.status, 'active')));
  return p ?? null;
}

/**
 * The one update path: assigns an owner, moves the status or edits the notes of one of the
 * organization's actions. The write happens only if nobody saved since `baseVersion` (the version
 * the editor saw): otherwise 409 edit_conflict with the current item in `details.current`. Marking
 * done closes it (notes or "Marked done by NAME"); moving it back reopens it. A new owner other than
 * the editor gets an 'action_assigned' notice, queued in the same transaction as the change, once per
 * action and owner (assignmentDedupeKey).
 */
export async function updatePlanAction(ctx: Pick<ServiceContext, 'db'>, scope: UpdateScope, patch: ActionUpdate): Promise<ActionPlanItem> {
  const { db } = ctx;
  const organizationId = scope.organizationId;
  if (!organizationId) throw notFound(ACTION_NOT_FOUND);
  return db.transaction(async (tx) => {
    // Another organization's action is a 404 before anything else.
    const [row] = await selectRows(tx, organizationId, scope.actionId);
    if (!row) throw notFound(ACTION_NOT_FOUND);
    await assertReportReleased({ db: tx }, organizationId, scope.now, scope.checkoutUrl);
    const names = await domainNamesOf(tx);
    const owner = patch.ownerId ? await activeMember(tx, patch.ownerId, organizationId) : null;
    if (patch.ownerId && !owner) throw badRequest('The owner must be an active member of your organization');
    if (row.ca.version !== patch.baseVersion) throw new AppError(409, 'edit_conflict', ACTION_CONFLICT_MESSAGE, { current: toItem(row, names, scope.now) });

    const editor = await activeMember(tx, scope.userId, organizationId);
    const editorName = fullName(editor?.firstName, editor?.lastName) || 'a member of your organization';
    const closure = closureAfterEdit(row.ca.status, patch.status, { now: scope.now, notes: patch.notes ?? row.ca.notes, editorName });
    const [updated] = await tx
      .update(correctiveActions)
      .set({
        ...(patch.ownerId !== undefined ? { ownerId: owner?.id ?? null } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
        ...(closure ?? {}),
        version: sql`${correctiveActions.version} + 1`,
        updatedBy: scope.userId,
        updatedAt: scope.now,
      })
      .where(and(eq(correctiveActions.id, row.ca.id), eq(correctiveActions.version, patch.baseVersion)))
      .returning({ version: correctiveActions.version });
    const [after] = await selectRows(tx, organizationId, row.ca.id);
    if (!after) throw notFound(ACTION_NOT_FOUND);
    const item = toItem(after, names, scope.now);
    if (!updated) throw new AppError(409, 'edit_conflict', ACTION_CONFLICT_MESSAGE, { current: item });

    // owner.id is the stored (canonical) id, whatever case the request spelled it in.
    const assignment = { previousOwnerId: row.ca.ownerId, ownerId: owner?.id, editorId: scope.userId };
    if (owner && notifiesNewOwner(assignment)) {
      const notice = assignmentNotice({
        code: item.code,
        action: item.action,
        questionText: item.question_text,
        targetDate: item.target_date,
        assignerName: editorName,
        link: `${scope.appUrl.replace(/\/+$/, '')}${ACTION_PLAN_PATH}`,
      });
      await enqueueNotification(tx, {
        dedupeKey: assignmentDedupeKey(item.id, owner.id),
        organizationId,
        recipientId: owner.id,
        recipientEmail: owner.email,
        kind: 'action_assigned',
        ...notice,
      });
    }
    return item;
  });
}
