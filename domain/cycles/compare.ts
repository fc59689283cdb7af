// Comparison with the previous submitted assessment and the trend across all of them (ADR 019),
// computed from stored results only: the result a submit stored (readResultView reads those stored
// before cycles) and the answers by question code, so questionnaire versions compare by code.
// Pure: the server builds the API views with it, the SPA only renders them.
import type { AssessmentRef, ComparisonView, QuestionChange, TrendView } from '../contracts/cycles.ts';
import type { ResultView } from '../contracts/assessments.ts';
import type { AnswerValue } from '../contracts/enums.ts';

/** A question as asked in an assessment, for the lists of changes. */
export interface AskedQuestion {
  code: string;
  questionText: string;
  domainId: string;
  critical: boolean;
}

/** A submitted assessment as compareAssessments reads it. */
export interface ComparedAssessment {
  /** The stored result (readResultView applied). */
  result: ResultView;
  /** Its answers by question code (every question asked in a submitted assessment is answered). */
  answers: Readonly<Record<string, AnswerValue | undefined>>;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The summary line of a stored result. */
export function refOf(result: ResultView): AssessmentRef {
  return {
    assessment_id: result.assessmentId,
    submitted_at: result.submittedAt,
    total_score: result.totalScore,
    grade: result.grade,
    pass_fail: result.passFail,
  };
}

/**
 * `current` against `previous` (null for the organization's first submitted assessment).
 * A question counts as regressed (Yes before, No now) or improved (No before, Yes now) only when
 * both assessments asked it, matched by code; `questions` are the current assessment's, in the
 * order the lists keep (bank order). Domain deltas use the stored weighted percentages, for the
 * current assessment's domains; a domain the previous one did not score has no delta.
 */
export function compareAssessments(previous: ComparedAssessment | null, current: ComparedAssessment & { questions: readonly AskedQuestion[] }): ComparisonView {
  const prevDomains = new Map((previous?.result.domainScores ?? []).map((d) => [d.id, d.weighted_percentage]));
  const domains = current.result.domainScores.map((d) => {
    const before = prevDomains.get(d.id);
    return {
      domain_id: d.id,
      domain_name: d.name,
      previous_percentage: before ?? null,
      percentage: d.weighted_percentage,
      delta: before === undefined ? null : oneDecimal(d.weighted_percentage - before),
    };
  });
  const regressed: QuestionChange[] = [];
  const improved: QuestionChange[] = [];
  if (previous) {
    for (const q of current.questions) {
      const from = previous.answers[q.code];
      const to = current.answers[q.code];
      if (!from || !to || from === to) continue;
      const change: QuestionChange = { code: q.code, question_text: q.questionText, domain_id: q.domainId, from, to, critical: q.critical };
      (from === 'yes' ? regressed : improved).push(change);
    }
  }
  return {
    current: refOf(current.result),
    previous: previous ? refOf(previous.result) : null,
    total_delta: previous ? current.result.totalScore - previous.result.totalScore : null,
    domains,
    regressed,
    improved,
  };
}

/**
 * Every submitted assessment's score and domain percentages, oldest first (ties by id, so the
 * order is stable). Domains are listed in the newest result's order, then any only older results
 * scored; a point has no entry for a domain its assessment did not score.
 */
export function trendOf(results: readonly ResultView[]): TrendView {
  const sorted = [...results].sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.assessmentId.localeCompare(b.assessmentId));
  const domains = new Map<string, string>();
  for (const r of [...sorted].reverse()) for (const d of r.domainScores) if (!domains.has(d.id)) domains.set(d.id, d.name);
  return {
    domains: [...domains].map(([id, name]) => ({ id, name })),
    points: sorted.map((r) => ({ ...refOf(r), domains: Object.fromEntries(r.domainScores.map((d) => [d.id, d.weighted_percentage])) })),
  };
}

/** One sentence for a screen reader or a caption: how the score moved over the trend. */
export function trendSummary(view: Pick<TrendView, 'points'>): string {
  const n = view.points.length;
  if (n === 0) return 'No submitted assessment yet.';
  const first = view.points[0]!;
  const last = view.points[n - 1]!;
  if (n === 1) return `One submitted assessment so far, scoring ${first.total_score}. A trend needs two assessments.`;
  const moved =
    last.total_score > first.total_score ? `rose from ${first.total_score} to ${last.total_score}` : last.total_score < first.total_score ? `fell from ${first.total_score} to ${last.total_score}` : `stayed at ${last.total_score}`;
  return `Score ${moved} over ${n} assessments.`;
}

/** A signed delta for display: "+3", "−2.5" (minus sign), "0"; percentages keep one decimal. */
export function signed(delta: number): string {
  if (delta === 0) return '0';
  return `${delta > 0 ? '+' : '\u2212'}${Math.abs(delta)}`;
}
