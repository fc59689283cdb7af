// Results for every organization (score, Fail explained, gaps with their corrective action) and the
// detailed report released once payment is verified (docs/decisions/012-results-line-and-public-content.md).
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActionStatus, CorrectiveActionView, ReportView, ResultsView, ResultView } from '#domain/contracts/assessments.ts';
import { readResultView, toGapSections, toResultsView } from '#domain/scoring/result-views.ts';
import type { ActionPriority } from '#domain/questions/question-types.ts';
import { citationOf } from '#domain/questions/sources.ts';
import { buildGapAnalysis } from '#domain/scoring/gaps.ts';
import type { DomainGaps } from '#domain/scoring/types.ts';
import type { Db } from '../../db/client.ts';
import { correctiveActions, organizations, profiles, questions } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { listDomainViews, loadAssessmentQuestions, toScoringQuestion } from '../questions/index.ts';
import { getOwnedAssessment, type AssessmentRow } from './assessments.service.ts';
import { loadAnswerMap } from './assessments.submit.ts';

export const PAYMENT_REQUIRED_MESSAGE =
  'The detailed report with the corrective action plan is released once your subscription payment has been verified.';
export const NOT_SUBMITTED_MESSAGE = 'This assessment has not been submitted yet';
export const ACTION_CONFLICT_MESSAGE = 'Someone else changed this action since you opened it. Review their change and apply yours again.';

interface Scope {
  assessmentId: string;
  organizationId: string | null;
  now: Date;
  checkoutUrl: string;
}

/** Throws 403 payment_required unless the organization is paid up to now or later. */
export async function assertReportReleased(db: Db, organizationId: string, now: Date, checkoutUrl: string): Promise<void> {
  const [org] = await db.select({ paidUntil: organizations.paidUntil }).from(organizations).where(eq(organizations.id, organizationId));
  if (!org?.paidUntil || org.paidUntil.getTime() < now.getTime()) {
    throw new AppError(403, 'payment_required', PAYMENT_REQUIRED_MESSAGE, { checkoutUrl });
  }
}

/** A submitted assessment of the organization (404 for others, 409 while in progress). */
export async function getSubmittedAssessment(db: Db, assessmentId: string, organizationId: string | null): Promise<AssessmentRow & { result: ResultView }> {
  const a = await getOwnedAssessment(db, assessmentId, organizationId);
  if (a.status !== 'submitted' || !a.result) throw conflict(NOT_SUBMITTED_MESSAGE);
  return { ...a, result: readResultView(a.result) };
}

const editors = alias(profiles, 'editors');
const fullName = (first: string | null, last: string | null) => (first == null ? null : `${first} ${last ?? ''}`.trim());

async function listActionViews(db: Db, assessmentId: string, gaps: DomainGaps[], actionId?: string): Promise<CorrectiveActionView[]> {
  const rows = await db
    .select({
      ca: correctiveActions,
      q: questions,
      ownerFirst: profiles.firstName,
      ownerLast: profiles.lastName,
      editorFirst: editors.firstName,
      editorLast: editors.lastName,
    })
    .from(correctiveActions)
    .innerJoin(questions, eq(questions.id, correctiveActions.questionId))
    .leftJoin(profiles, eq(profiles.id, correctiveActions.ownerId))
    .leftJoin(editors, eq(editors.id, correctiveActions.updatedBy))
    .where(and(eq(correctiveActions.assessmentId, assessmentId), actionId ? eq(correctiveActions.id, actionId) : undefined));
  const order = new Map(gaps.flatMap((g) => g.gaps).map((g, i) => [g.questionId, i]));
  return rows
    .map(({ ca, q, ownerFirst, ownerLast, editorFirst, editorLast }) => {
      const s = toScoringQuestion(q);
      return {
        id: ca.id,
        question_id: ca.questionId,
        code: q.code,
        domain_id: q.domainId,
        question_text: q.questionText,
        action: s.correctiveAction?.action ?? '',
        priority: (s.correctiveAction?.priority ?? 'medium') as ActionPriority,
        target_date: ca.targetDate ? ca.targetDate.toISOString() : null,
        owner_id: ca.ownerId,
        owner_name: fullName(ownerFirst, ownerLast),
        status: ca.status,
        notes: ca.notes,
        version: ca.version,
        updated_at: ca.updatedAt.toISOString(),
        updated_by_name: ca.updatedBy ? fullName(editorFirst, editorLast) : null,
      };
    })
    .sort((x, y) => (order.get(x.question_id) ?? 1e9) - (order.get(y.question_id) ?? 1e9));
}

function toGapAnalysisView(gaps: DomainGaps[]): ReportView['gapAnalysis'] {
  return toGapSections(gaps, (x) => ({
    question_id: x.questionId,
    code: x.code,
    subdomain: x.subdomain,
    question_text: x.questionText,
    points: x.points,
    critical: x.critical,
    guidance: x.guidance,
    sources: x.sources.map(citationOf),
    corrective_action: { action: x.correctiveAction.action, priority: x.correctiveAction.priority, target_days: x.correctiveAction.targetDays },
  }));
}

/**
 * The result as the API sends it (already read by getSubmittedAssessment), naming the profile the
 * assessment was asked against: results stored before the profile was written into them take the
 * assessment's.
 */
function resultOf(a: AssessmentRow & { result: ResultView }): ResultView {
  return { ...a.result, applicability: a.result.applicability ?? a.applicability ?? null };
}

/** The gap analysis recomputed from the locked answers and the questions asked in the assessment. */
async function gapsOf(db: Db, a: AssessmentRow): Promise<DomainGaps[]> {
  const asked = await loadAssessmentQuestions(db, a.id);
  const answers = await loadAnswerMap(db, a.id);
  return buildGapAnalysis(asked.map(toScoringQuestion), answers, await listDomainViews(db));
}

/**
 * What every organization sees, paid or not: the result, why it failed, and each gap (the question
 * answered No) with its corrective action's title and priority. No guidance, citations, target
 * dates, owners or downloads: those are the detailed report.
 */
export async function getResults(db: Db, assessmentId: string, organizationId: string | null): Promise<ResultsView> {
  const a = await getSubmittedAssessment(db, assessmentId, organizationId);
  return toResultsView(resultOf(a), await gapsOf(db, a));
}

/** The detailed report: the full gap analysis plus the action plan rows (owners, status, notes). */
export async function getReport(db: Db, scope: Scope): Promise<ReportView> {
  const a = await getSubmittedAssessment(db, scope.assessmentId, scope.organizationId);
  await assertReportReleased(db, a.organizationId, scope.now, scope.checkoutUrl);
  const gaps = await gapsOf(db, a);
  return {
    assessmentId: a.id,
    result: resultOf(a),
    gapAnalysis: toGapAnalysisView(gaps),
    correctiveActions: await listActionViews(db, a.id, gaps),
  };
}

export interface ActionUpdate {
  ownerId?: string | null;
  status?: ActionStatus;
  notes?: string;
  baseVersion: number;
}

async function assertMember(db: Db, userId: string, organizationId: string) {
  const [p] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.organizationId, organizationId), eq(profiles.status, 'active')));
  if (!p) throw badRequest('The owner must be an active member of your organization');
}

/**
 * Assigns an owner, moves the status or edits notes of one corrective action. The write happens
 * only if nobody saved since `baseVersion` (the version the editor saw): otherwise 409
 * edit_conflict with the current item in `details.current`, so no colleague's change is overwritten.
 */
export async function updateAction(db: Db, scope: Scope & { actionId: string; userId: string }, patch: ActionUpdate): Promise<CorrectiveActionView> {
  const a = await getSubmittedAssessment(db, scope.assessmentId, scope.organizationId);
  await assertReportReleased(db, a.organizationId, scope.now, scope.checkoutUrl);
  if (patch.ownerId) await assertMember(db, patch.ownerId, a.organizationId);
  const [updated] = await db
    .update(correctiveActions)
    .set({
      ...(patch.ownerId !== undefined ? { ownerId: patch.ownerId } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
      version: sql`${correctiveActions.version} + 1`,
      updatedBy: scope.userId,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(correctiveActions.id, scope.actionId),
        eq(correctiveActions.assessmentId, a.id),
        eq(correctiveActions.version, patch.baseVersion),
      ),
    )
    .returning({ id: correctiveActions.id });
  if (!updated) {
    const [current] = await listActionViews(db, a.id, [], scope.actionId);
    if (!current) throw notFound('Corrective action not found');
    throw new AppError(409, 'edit_conflict', ACTION_CONFLICT_MESSAGE, { current });
  }
  const [view] = await listActionViews(db, a.id, [], updated.id);
  if (!view) throw notFound('Corrective action not found');
  return view;
}
