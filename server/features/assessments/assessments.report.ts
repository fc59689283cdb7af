// The detailed report (gap analysis + corrective action plan), released once payment is verified.
import { and, eq } from 'drizzle-orm';
import type { ActionStatus, CorrectiveActionView, ReportView, ResultView } from '#domain/contracts/assessments.ts';
import type { ActionPriority } from '#domain/questions/question-types.ts';
import { buildGapAnalysis } from '#domain/scoring/gaps.ts';
import type { DomainGaps } from '#domain/scoring/types.ts';
import type { Db } from '../../db/client.ts';
import { correctiveActions, organizations, profiles, questions } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { listDomainViews, loadVersionQuestions, toScoringQuestion } from '../questions/questions.service.ts';
import { getOwnedAssessment, type AssessmentRow } from './assessments.service.ts';
import { loadAnswerMap } from './assessments.submit.ts';

export const PAYMENT_REQUIRED_MESSAGE =
  'The detailed report with the corrective action plan is released once your subscription payment has been verified.';
export const NOT_SUBMITTED_MESSAGE = 'This assessment has not been submitted yet';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
export async function getSubmittedAssessment(db: Db, assessmentId: string, organizationId: string | null): Promise<AssessmentRow> {
  const a = await getOwnedAssessment(db, assessmentId, organizationId);
  if (a.status !== 'submitted' || !a.result) throw conflict(NOT_SUBMITTED_MESSAGE);
  return a;
}

async function listActionViews(db: Db, assessmentId: string, gaps: DomainGaps[]): Promise<CorrectiveActionView[]> {
  const rows = await db
    .select({ ca: correctiveActions, q: questions, ownerFirst: profiles.firstName, ownerLast: profiles.lastName })
    .from(correctiveActions)
    .innerJoin(questions, eq(questions.id, correctiveActions.questionId))
    .leftJoin(profiles, eq(profiles.id, correctiveActions.ownerId))
    .where(eq(correctiveActions.assessmentId, assessmentId));
  const order = new Map(gaps.flatMap((g) => g.gaps).map((g, i) => [g.questionId, i]));
  return rows
    .map(({ ca, q, ownerFirst, ownerLast }) => {
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
        owner_name: ownerFirst == null ? null : `${ownerFirst} ${ownerLast ?? ''}`.trim(),
        status: ca.status as ActionStatus,
        notes: ca.notes,
      };
    })
    .sort((x, y) => (order.get(x.question_id) ?? 1e9) - (order.get(y.question_id) ?? 1e9));
}

function toGapAnalysisView(gaps: DomainGaps[]): ReportView['gapAnalysis'] {
  return gaps.map((g) => ({
    domain_id: g.domainId,
    domain_name: g.domainName,
    points_lost: g.pointsLost,
    gaps: g.gaps.map((x) => ({
      question_id: x.questionId,
      code: x.code,
      subdomain: x.subdomain,
      question_text: x.questionText,
      points: x.points,
      critical: x.critical,
      guidance: x.guidance,
      sources: x.sources,
      corrective_action: { action: x.correctiveAction.action, priority: x.correctiveAction.priority, target_days: x.correctiveAction.targetDays },
    })),
  }));
}

/** Gap analysis recomputed from the locked answers and the pinned version, plus the action plan rows. */
export async function getReport(db: Db, scope: Scope): Promise<ReportView> {
  const a = await getSubmittedAssessment(db, scope.assessmentId, scope.organizationId);
  await assertReportReleased(db, a.organizationId, scope.now, scope.checkoutUrl);
  const versionQuestions = await loadVersionQuestions(db, a.versionId);
  const answers = await loadAnswerMap(db, a.id);
  const gaps = buildGapAnalysis(versionQuestions.map(toScoringQuestion), answers, await listDomainViews(db));
  return {
    assessmentId: a.id,
    result: a.result as ResultView,
    gapAnalysis: toGapAnalysisView(gaps),
    correctiveActions: await listActionViews(db, a.id, gaps),
  };
}

export interface ActionUpdate {
  ownerId?: string | null;
  status?: ActionStatus;
  notes?: string;
}

async function assertMember(db: Db, userId: string, organizationId: string) {
  const [p] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.organizationId, organizationId), eq(profiles.status, 'active')));
  if (!p) throw badRequest('The owner must be an active member of your organization');
}

/** Assigns an owner, moves the status or edits notes of one corrective action. */
export async function updateAction(db: Db, scope: Scope & { actionId: string }, patch: ActionUpdate): Promise<CorrectiveActionView> {
  const a = await getSubmittedAssessment(db, scope.assessmentId, scope.organizationId);
  await assertReportReleased(db, a.organizationId, scope.now, scope.checkoutUrl);
  if (!UUID_RE.test(scope.actionId)) throw notFound('Corrective action not found');
  if (patch.ownerId) await assertMember(db, patch.ownerId, a.organizationId);
  const [updated] = await db
    .update(correctiveActions)
    .set({
      ...(patch.ownerId !== undefined ? { ownerId: patch.ownerId } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(correctiveActions.id, scope.actionId), eq(correctiveActions.assessmentId, a.id)))
    .returning({ id: correctiveActions.id });
  if (!updated) throw notFound('Corrective action not found');
  const view = (await listActionViews(db, a.id, [])).find((x) => x.id === updated.id);
  if (!view) throw notFound('Corrective action not found');
  return view;
}
