// Assessment lifecycle: create (one in progress per organization), list, read, responses.
import { and, count, desc, eq } from 'drizzle-orm';
import type { AssessmentDetail, AssessmentListItem } from '#domain/contracts/assessments.ts';
import type { StartFrom } from '#domain/contracts/enums.ts';
import { MSG } from '#domain/messages.ts';
import type { Role } from '#domain/roles.ts';
import { readResultView } from '#domain/scoring/result-views.ts';
import { failSummary } from '#domain/scoring/scoring.ts';
import type { Db } from '../../db/client.ts';
import { assessmentQuestions, assessments, organizations } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { currentVersionId, freezeAssessmentQuestions, loadAssessmentQuestions } from '../questions/index.ts';
import { answerCounts, carryForward } from './assessments.carry.ts';
import { lastSubmitted } from '../../lib/last-submitted.ts';
import type { ServiceContext } from '../../lib/context.ts';

export type AssessmentRow = typeof assessments.$inferSelect;

export const ALREADY_IN_PROGRESS_MESSAGE = 'An assessment is already in progress';

/**
 * No assessment starts before an org_admin completes the organization's applicability profile
 * (ADR 018); a team member is told that the admin must do it.
 */
export const applicabilityRequired = (callerRole: Role) =>
  new AppError(409, 'applicability_required', callerRole === 'org_admin' ? MSG.applicabilityRequired : MSG.applicabilityRequiredMember);

export const alreadyInProgress = (assessmentId: string) =>
  new AppError(409, 'already_in_progress', ALREADY_IN_PROGRESS_MESSAGE, { assessmentId }, { assessmentId });

/** The assessment when it belongs to the organization; 404 otherwise (another org learns nothing). */
export async function getOwnedAssessment(ctx: Pick<ServiceContext, 'db'>, assessmentId: string, organizationId: string | null): Promise<AssessmentRow> {
  const { db } = ctx;
  if (!organizationId) throw notFound('Assessment not found');
  const [row] = await db
    .select()
    .from(assessments)
    .where(and(eq(assessments.id, assessmentId), eq(assessments.organizationId, organizationId)));
  if (!row) throw notFound('Assessment not found');
  return row;
}

async function findInProgress(db: Db, organizationId: string) {
  const [row] = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(eq(assessments.organizationId, organizationId), eq(assessments.status, 'in_progress')));
  return row;
}

/**
 * Starts an assessment pinned to the current questionnaire version, with the organization's
 * applicability profile frozen into it and the questions that apply to that profile
 * (assessment_questions), all in one transaction: a later profile change never alters it.
 * startFrom 'previous' (the default) starts from the organization's last submitted assessment
 * when there is one (ADR 019): questions are frozen with their novelty against it and its answers
 * and evidence are carried (carryForward); without one, or with 'blank', the start is blank.
 */
export async function createAssessment(
  ctx: Pick<ServiceContext, 'db'>,
  input: { organizationId: string; callerOrganizationId: string | null; userId: string; callerRole: Role; startFrom?: StartFrom },
): Promise<{ assessmentId: string; versionId: number; startFrom: StartFrom }> {
  const { db } = ctx;
  if (input.organizationId !== input.callerOrganizationId) throw notFound('Organization not found');
  const open = await findInProgress(db, input.organizationId);
  if (open) throw alreadyInProgress(open.id);
  const versionId = await currentVersionId(ctx);
  const created = await db.transaction(async (tx) => {
    // FOR SHARE: a concurrent profile change waits, so the frozen profile is the one read here.
    const [org] = await tx
      .select({ applicability: organizations.applicability })
      .from(organizations)
      .where(eq(organizations.id, input.organizationId))
      .for('share');
    if (!org) throw notFound('Organization not found');
    if (!org.applicability) throw applicabilityRequired(input.callerRole);
    const previous = input.startFrom === 'blank' ? undefined : (await lastSubmitted(tx, input.organizationId)) ?? undefined;
    // The partial unique index settles a race between two creates; the loser reports the winner.
    const [row] = await tx
      .insert(assessments)
      .values({ organizationId: input.organizationId, versionId, startedBy: input.userId, applicability: org.applicability, carriedFrom: previous?.id ?? null })
      .onConflictDoNothing()
      .returning({ id: assessments.id });
    if (!row) return null;
    const previousAsked = previous ? await loadAssessmentQuestions({ db: tx }, previous.id) : undefined;
    const asked = await freezeAssessmentQuestions({ db: tx }, { assessmentId: row.id, versionId, applicability: org.applicability, previous: previousAsked });
    if (previous && previousAsked) {
      await carryForward(tx, { assessmentId: row.id, organizationId: input.organizationId, previousId: previous.id, previousAsked, asked });
    }
    return { assessmentId: row.id, versionId, startFrom: previous ? ('previous' as const) : ('blank' as const) };
  });
  if (created) return created;
  const winner = await findInProgress(db, input.organizationId);
  if (winner) throw alreadyInProgress(winner.id);
  throw new Error('assessment insert returned no row');
}

export function toListItem(a: AssessmentRow): AssessmentListItem {
  return {
    id: a.id,
    status: a.status,
    started_at: a.startedAt.toISOString(),
    submitted_at: a.submittedAt ? a.submittedAt.toISOString() : null,
    total_score: a.totalScore,
    grade: a.grade,
    pass_fail: a.passFail,
    fail_summary: a.result ? failSummary(readResultView(a.result)) : null,
  };
}

/** The organization's assessments, newest first. */
export async function listAssessments(ctx: Pick<ServiceContext, 'db'>, organizationId: string | null): Promise<AssessmentListItem[]> {
  const { db } = ctx;
  if (!organizationId) return [];
  const rows = await db
    .select()
    .from(assessments)
    .where(eq(assessments.organizationId, organizationId))
    .orderBy(desc(assessments.startedAt), desc(assessments.createdAt));
  return rows.map(toListItem);
}

/** The detail view of an assessment already checked with getOwnedAssessment. */
export async function getAssessmentDetail(ctx: Pick<ServiceContext, 'db'>, a: AssessmentRow): Promise<AssessmentDetail> {
  const { db } = ctx;
  const counts = await answerCounts(ctx, a.id);
  const [total] = await db.select({ n: count() }).from(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, a.id));
  return {
    ...toListItem(a),
    version_id: a.versionId,
    answered_count: counts.answered,
    question_count: Number(total?.n ?? 0),
    applicability: a.applicability ?? null,
    carried_from: a.carriedFrom ?? null,
    to_confirm_count: counts.toConfirm,
  };
}
