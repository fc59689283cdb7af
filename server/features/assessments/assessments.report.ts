// Results for every organization (score, Fail explained, gaps with their corrective action) and the
// detailed report released once payment is verified (docs/decisions/012-results-line-and-public-content.md).
import type { FrameworkCoverageView, ReportView, ResultsView, ResultView } from '#domain/contracts/assessments.ts';
import { readResultView, toGapSections, toResultsView } from '#domain/scoring/result-views.ts';
import { citationOf, citationsOf } from '#domain/questions/sources.ts';
import { frameworkCoverage } from '#domain/scoring/coverage.ts';
import { buildGapAnalysis } from '#domain/scoring/gaps.ts';
import type { DomainGaps } from '#domain/scoring/types.ts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import { assertReportReleased, listAssessmentActions } from '../actions/index.ts';
import { listDomainViews, loadAssessmentQuestions, toScoringQuestion } from '../questions/index.ts';
import { getOwnedAssessment, type AssessmentRow } from './assessments.service.ts';
import { loadAnswerMap } from './assessments.submit.ts';
import type { ServiceContext } from '../../lib/context.ts';

export const NOT_SUBMITTED_MESSAGE = 'This assessment has not been submitted yet';

interface Scope {
  assessmentId: string;
  organizationId: string | null;
  now: Date;
  checkoutUrl: string;
}

/** A submitted assessment of the organization (404 for others, 409 while in progress). */
export async function getSubmittedAssessment(ctx: Pick<ServiceContext, 'db'>, assessmentId: string, organizationId: string | null): Promise<AssessmentRow & { result: ResultView }> {
  const a = await getOwnedAssessment(ctx, assessmentId, organizationId);
  if (a.status !== 'submitted' || !a.result) throw conflict(NOT_SUBMITTED_MESSAGE);
  return { ...a, result: readResultView(a.result) };
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
    citations: citationsOf(x.sources),
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

/**
 * The gap analysis and the framework coverage, recomputed from the locked answers and the
 * questions asked in the assessment.
 */
async function gapsOf(db: Db, a: AssessmentRow): Promise<{ gaps: DomainGaps[]; coverage: FrameworkCoverageView[] }> {
  const asked = (await loadAssessmentQuestions({ db }, a.id)).map(toScoringQuestion);
  const answers = await loadAnswerMap({ db }, a.id);
  return { gaps: buildGapAnalysis(asked, answers, await listDomainViews({ db })), coverage: frameworkCoverage(asked, answers) };
}

/**
 * What every organization sees, paid or not: the result, why it failed, and each gap (the question
 * answered No) with its corrective action's title and priority. No guidance, citations, target
 * dates, owners or downloads: those are the detailed report.
 */
export async function getResults(ctx: Pick<ServiceContext, 'db'>, assessmentId: string, organizationId: string | null): Promise<ResultsView> {
  const { db } = ctx;
  const a = await getSubmittedAssessment(ctx, assessmentId, organizationId);
  const { gaps, coverage } = await gapsOf(db, a);
  return toResultsView(resultOf(a), gaps, coverage);
}

/** The detailed report: the full gap analysis plus the action plan rows (owners, status, notes). */
export async function getReport(ctx: Pick<ServiceContext, 'db'>, scope: Scope): Promise<ReportView> {
  const { db } = ctx;
  const a = await getSubmittedAssessment(ctx, scope.assessmentId, scope.organizationId);
  await assertReportReleased(ctx, a.organizationId, scope.now, scope.checkoutUrl);
  const { gaps, coverage } = await gapsOf(db, a);
  return {
    assessmentId: a.id,
    result: resultOf(a),
    gapAnalysis: toGapAnalysisView(gaps),
    framework_coverage: coverage,
    correctiveActions: await listAssessmentActions(ctx, { id: a.id, organizationId: a.organizationId, submittedAt: a.submittedAt ?? scope.now }, gaps.flatMap((g) => g.gaps.map((x) => x.code)), scope.now),
  };
}
