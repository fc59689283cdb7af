// The wire shapes of a scored assessment (ResultView, ResultsView in domain/contracts/assessments.ts),
// built from the scorer's output in one place: the server's submit and results routes and the
// SPA's component tests use the same mapping.
import type { FrameworkCoverageView, ResultsView, ResultView } from '../contracts/assessments.ts';
import type { ApplicabilityProfile } from '../questions/applicability.ts';
import { citationsOf } from '../questions/sources.ts';
import { failSummary } from './scoring.ts';
import type { DomainGaps, Gap, ScoreResult } from './types.ts';

/** The stored result of a submit (both spellings the API has always sent). */
export function toResultView(
  assessmentId: string,
  r: ScoreResult,
  submittedAt: Date,
  applicability: ApplicabilityProfile | null,
  cycle: Pick<ResultView, 'carry' | 'evidence_missing'> = { carry: null, evidence_missing: [] },
): ResultView {
  const at = submittedAt.toISOString();
  return {
    assessmentId,
    totalScore: r.totalScore,
    total_score: r.totalScore,
    maxScore: r.maxScore,
    percentage: r.percentage,
    grade: r.grade,
    passFail: r.passFail,
    pass_fail: r.passFail,
    failReasons: r.failReasons,
    domainScores: r.domainScores,
    gapCount: r.gaps.reduce((n, g) => n + g.gaps.length, 0),
    submittedAt: at,
    submitted_at: at,
    earned_points: r.earnedPoints,
    applicable_points: r.applicablePoints,
    applicability,
    carry: cycle.carry,
    evidence_missing: cycle.evidence_missing,
  };
}

/** A stored result as the API sends it: results stored before ADR 018 asked every question, unscaled. */
export function readResultView(stored: ResultView): ResultView {
  return {
    ...stored,
    earned_points: stored.earned_points ?? stored.totalScore,
    applicable_points: stored.applicable_points ?? stored.maxScore,
    applicability: stored.applicability ?? null,
    carry: stored.carry ?? null,
    evidence_missing: stored.evidence_missing ?? [],
  };
}

/** One wire section per domain with gaps; `item` shapes each gap (the free list or the paid report). */
export function toGapSections<T>(gaps: DomainGaps[], item: (gap: Gap) => T): { domain_id: string; domain_name: string; points_lost: number; gaps: T[] }[] {
  return gaps.map((g) => ({ domain_id: g.domainId, domain_name: g.domainName, points_lost: g.pointsLost, gaps: g.gaps.map(item) }));
}

/**
 * What every organization sees: the result, why it failed, each gap with its action's title and
 * priority and the sources it rests on (as on the question card), and the framework coverage
 * (frameworkCoverage, domain/scoring/coverage.ts).
 */
export function toResultsView(result: ResultView, gaps: DomainGaps[], coverage: FrameworkCoverageView[]): ResultsView {
  return {
    ...result,
    failSummary: failSummary(result),
    gaps: toGapSections(gaps, (x) => ({
      question_id: x.questionId,
      code: x.code,
      question_text: x.questionText,
      points: x.points,
      critical: x.critical,
      action: x.correctiveAction.action,
      priority: x.correctiveAction.priority,
      citations: citationsOf(x.sources),
    })),
    framework_coverage: coverage,
  };
}
