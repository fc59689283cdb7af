// Across an organization's submitted assessments (ADR 019): the comparison of one with the one
// submitted before it, the trend of all of them, and each question's earlier answers. Everything is
// read from what submit stored (the result, readResultView for results stored before cycles) and
// the answers, matched by question code so that questionnaire versions compare.
import { and, asc, desc, eq, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { ResultView } from '#domain/contracts/assessments.ts';
import type { AnswerValue } from '#domain/contracts/enums.ts';
import type { ComparisonView, PreviousAnswersView, TrendView } from '#domain/contracts/cycles.ts';
import { compareAssessments, trendOf } from '#domain/cycles/compare.ts';
import { readResultView } from '#domain/scoring/result-views.ts';
import type { Db } from '../../db/client.ts';
import { assessments, profiles, questions, responses } from '../../db/schema/index.ts';
import { loadAssessmentQuestions } from '../questions/index.ts';
import { getSubmittedAssessment, NOT_SUBMITTED_MESSAGE } from './assessments.report.ts';
import type { AssessmentRow } from './assessments.service.ts';
import type { ServiceContext } from '../../lib/context.ts';

export { NOT_SUBMITTED_MESSAGE };

/** A stored result under its row's id and submit time (the row is the authority). */
function storedResult(row: { id: string; submittedAt: Date | null; result: ResultView | null }): ResultView {
  const r = readResultView(row.result!);
  return { ...r, assessmentId: row.id, submittedAt: row.submittedAt!.toISOString(), submitted_at: row.submittedAt!.toISOString() };
}

const submittedOf = (organizationId: string) =>
  and(eq(assessments.organizationId, organizationId), eq(assessments.status, 'submitted'), isNotNull(assessments.submittedAt), isNotNull(assessments.result));

/**
 * The organization's submitted assessments submitted before `a` (every one when `a` is in
 * progress), newest first; ties on the submit time are broken by id, the same way both ways.
 */
function submittedBefore(a: AssessmentRow) {
  const base = and(submittedOf(a.organizationId), ne(assessments.id, a.id));
  if (!a.submittedAt) return base;
  return and(base, or(lt(assessments.submittedAt, a.submittedAt), and(eq(assessments.submittedAt, a.submittedAt), lt(assessments.id, a.id))));
}

/**
 * Answers by question code. A carried answer still to re-confirm is not an answer (ADR 019,
 * responses.origin), so it is left out.
 */
async function answersByCode(db: Db, assessmentId: string): Promise<Record<string, AnswerValue>> {
  const rows = await db
    .select({ code: questions.code, answer: responses.answer })
    .from(responses)
    .innerJoin(questions, eq(questions.id, responses.questionId))
    .where(and(eq(responses.assessmentId, assessmentId), ne(responses.origin, 'carried')));
  return Object.fromEntries(rows.map((r) => [r.code, r.answer]));
}

/** GET /api/assessments/trend: every submitted assessment of the organization, oldest first. */
export async function getTrend(ctx: Pick<ServiceContext, 'db'>, organizationId: string | null): Promise<TrendView> {
  const { db } = ctx;
  if (!organizationId) return trendOf([]);
  const rows = await db
    .select({ id: assessments.id, submittedAt: assessments.submittedAt, result: assessments.result })
    .from(assessments)
    .where(submittedOf(organizationId))
    .orderBy(asc(assessments.submittedAt), asc(assessments.id));
  return trendOf(rows.map(storedResult));
}

/**
 * GET /api/assessments/:id/comparison: a submitted assessment against the one submitted before it.
 * An assessment in progress has no stored result to compare: 409, as GET .../results answers.
 */
export async function getComparison(ctx: Pick<ServiceContext, 'db'>, assessmentId: string, organizationId: string | null): Promise<ComparisonView> {
  const { db } = ctx;
  const a = await getSubmittedAssessment(ctx, assessmentId, organizationId);
  const [prev] = await db
    .select({ id: assessments.id, submittedAt: assessments.submittedAt, result: assessments.result })
    .from(assessments)
    .where(submittedBefore(a))
    .orderBy(desc(assessments.submittedAt), desc(assessments.id))
    .limit(1);
  const asked = await loadAssessmentQuestions(ctx, a.id);
  const current = {
    result: storedResult(a),
    answers: await answersByCode(db, a.id),
    questions: asked.map((q) => ({ code: q.code, questionText: q.questionText, domainId: q.domainId, critical: q.critical })),
  };
  const previous = prev ? { result: storedResult(prev), answers: await answersByCode(db, prev.id) } : null;
  return compareAssessments(previous, current);
}

/**
 * GET /api/assessments/:id/previous-answers: for each question asked in `a`, its answers in the
 * organization's assessments submitted before it, newest first, with who answered and when.
 */
export async function getPreviousAnswers(ctx: Pick<ServiceContext, 'db'>, a: AssessmentRow): Promise<PreviousAnswersView> {
  const { db } = ctx;
  const codes = (await loadAssessmentQuestions(ctx, a.id)).map((q) => q.code);
  if (codes.length === 0) return {};
  const rows = await db
    .select({
      code: questions.code,
      assessmentId: assessments.id,
      submittedAt: assessments.submittedAt,
      answer: responses.answer,
      answeredAt: responses.updatedAt,
      first: profiles.firstName,
      last: profiles.lastName,
    })
    .from(assessments)
    .innerJoin(responses, eq(responses.assessmentId, assessments.id))
    .innerJoin(questions, eq(questions.id, responses.questionId))
    .leftJoin(profiles, eq(profiles.id, responses.updatedBy))
    .where(and(submittedBefore(a), ne(responses.origin, 'carried'), inArray(questions.code, codes)))
    .orderBy(desc(assessments.submittedAt), desc(assessments.id));
  const view: PreviousAnswersView = {};
  for (const r of rows) {
    (view[r.code] ??= []).push({
      assessment_id: r.assessmentId,
      submitted_at: r.submittedAt!.toISOString(),
      answer: r.answer,
      answered_by_name: r.first == null ? null : `${r.first} ${r.last ?? ''}`.trim(),
      answered_at: r.answeredAt.toISOString(),
    });
  }
  return view;
}
