// Pure scoring, shared by the browser (offline preview) and the server (the only result that counts).
import { buildGapAnalysis } from './gaps.ts';
import { gradeFor, MAX_SCORE, PASS_PERCENTAGE, PASS_THRESHOLD_POINTS, scaledScore, type PassFail } from './policy.ts';
import type { AnswerMap, CriticalFailure, DomainScore, ScoreResult, ScoringDomain, ScoringQuestion } from './types.ts';

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const percentOf = (part: number, whole: number) => (whole > 0 ? oneDecimal((part * 100) / whole) : 0);

/** Per-domain earned and available points, in domain order (domains with no question are left out). */
export function scoreDomains(questions: readonly ScoringQuestion[], answers: AnswerMap, domains: readonly ScoringDomain[]): DomainScore[] {
  const ids = [...domains.map((d) => d.id)];
  for (const q of questions) if (!ids.includes(q.domainId)) ids.push(q.domainId);
  return ids
    .map((id) => {
      const inDomain = questions.filter((q) => q.domainId === id);
      const total = inDomain.reduce((s, q) => s + q.points, 0);
      const earned = inDomain.reduce((s, q) => s + (answers[q.id] === 'yes' ? q.points : 0), 0);
      return {
        id,
        name: domains.find((d) => d.id === id)?.name ?? id,
        earned_points: earned,
        total_points: total,
        weighted_percentage: percentOf(earned, total),
        gap_count: inDomain.filter((q) => answers[q.id] === 'no').length,
        count: inDomain.length,
      };
    })
    .filter((d) => d.count > 0)
    .map(({ count: _count, ...d }) => d);
}

/** Critical questions that are not answered Yes (No, or unanswered). */
export function criticalFailures(questions: readonly ScoringQuestion[], answers: AnswerMap): CriticalFailure[] {
  return questions
    .filter((q) => q.critical && answers[q.id] !== 'yes')
    .map((q) => ({ questionId: q.id, code: q.code, questionText: q.questionText, answer: answers[q.id] ?? null }));
}

/** Every fail reason about a critical question starts with this (failSummary counts them). */
const CRITICAL_REASON = 'Critical requirement ';

function failReasonsFor(totalScore: number, failures: readonly CriticalFailure[]): string[] {
  const reasons: string[] = [];
  if (totalScore < PASS_THRESHOLD_POINTS) {
    const short = PASS_THRESHOLD_POINTS - totalScore;
    reasons.push(
      `Score of ${totalScore} is ${short} point${short === 1 ? '' : 's'} below the pass threshold of ${PASS_THRESHOLD_POINTS} (${PASS_PERCENTAGE}%).`,
    );
  }
  for (const f of failures) {
    const what = f.answer === 'no' ? 'answered No' : 'not answered';
    reasons.push(`${CRITICAL_REASON}${f.code} ${what}: ${f.questionText}`);
  }
  return reasons;
}

/**
 * "Fail" that explains itself, e.g. "Fail: 2 critical requirements not met"; null for a Pass.
 * Reads a stored result (score and fail reasons), so results saved before this existed read the same.
 */
export function failSummary(r: { passFail: PassFail; totalScore: number; failReasons: readonly string[] }): string | null {
  if (r.passFail === 'Pass') return null;
  const critical = r.failReasons.filter((x) => x.startsWith(CRITICAL_REASON)).length;
  const parts: string[] = [];
  if (critical > 0) parts.push(`${critical} critical requirement${critical === 1 ? '' : 's'} not met`);
  if (r.totalScore < PASS_THRESHOLD_POINTS) parts.push(`score below the pass threshold of ${PASS_THRESHOLD_POINTS}`);
  return `Fail: ${parts.join('; ') || 'pass conditions not met'}`;
}

/**
 * Scores one set of answers against the questions asked of the organization (the questionnaire
 * version filtered by its applicability profile: questionsFor in domain/questions/applicability.ts,
 * with each gate resolved). The total is scaled to MAX_SCORE (scaledScore, domain/scoring/policy.ts).
 * Pass = total >= PASS_THRESHOLD_POINTS and every critical question answered Yes.
 */
export function scoreAssessment(
  questions: readonly ScoringQuestion[],
  answers: AnswerMap,
  domains: readonly ScoringDomain[],
): ScoreResult {
  const domainScores = scoreDomains(questions, answers, domains);
  const earnedPoints = domainScores.reduce((s, d) => s + d.earned_points, 0);
  const applicablePoints = domainScores.reduce((s, d) => s + d.total_points, 0);
  const totalScore = scaledScore(earnedPoints, applicablePoints);
  const maxScore = MAX_SCORE;
  const failures = criticalFailures(questions, answers);
  const passFail: PassFail = totalScore >= PASS_THRESHOLD_POINTS && failures.length === 0 ? 'Pass' : 'Fail';
  return {
    totalScore,
    maxScore,
    earnedPoints,
    applicablePoints,
    percentage: percentOf(earnedPoints, applicablePoints),
    grade: gradeFor(totalScore, maxScore),
    passFail,
    failReasons: failReasonsFor(totalScore, failures),
    criticalFailures: failures,
    domainScores,
    answeredCount: questions.filter((q) => answers[q.id] === 'yes' || answers[q.id] === 'no').length,
    questionCount: questions.length,
    gaps: buildGapAnalysis(questions, answers, domains),
  };
}
