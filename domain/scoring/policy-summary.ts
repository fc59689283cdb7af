// What the "How scoring works" page renders: every number comes from policy.ts and the bank.
import { DOMAINS } from '../questions/domains.ts';
import type { QuestionDef } from '../questions/question-types.ts';
import { GRADE_SCALE, MAX_SCORE, minimumPointsFor, PASS_PERCENTAGE, PASS_THRESHOLD_POINTS, type Grade } from './policy.ts';

export interface ScoringPolicySummary {
  maxScore: number;
  passPercentage: number;
  passThresholdPoints: number;
  grades: { grade: Grade; minPercentage: number; minPoints: number }[];
  domains: { id: string; name: string; points: number; questionCount: number }[];
  criticalQuestions: { code: string; domainId: string; questionText: string; sources: string[] }[];
}

export function scoringPolicySummary(bank: readonly Pick<QuestionDef, 'code' | 'domainId' | 'questionText' | 'points' | 'critical' | 'sources'>[]): ScoringPolicySummary {
  return {
    maxScore: MAX_SCORE,
    passPercentage: PASS_PERCENTAGE,
    passThresholdPoints: PASS_THRESHOLD_POINTS,
    grades: GRADE_SCALE.map((g) => ({ ...g, minPoints: minimumPointsFor(g.grade) })),
    domains: DOMAINS.map((d) => {
      const qs = bank.filter((q) => q.domainId === d.id);
      return { id: d.id, name: d.name, points: qs.reduce((s, q) => s + q.points, 0), questionCount: qs.length };
    }),
    criticalQuestions: bank
      .filter((q) => q.critical)
      .map((q) => ({ code: q.code, domainId: q.domainId, questionText: q.questionText, sources: [...q.sources] })),
  };
}
