// What the "How scoring works" page shows, derived from the policy and the authored question bank.
// Nothing here restates a number: every figure comes from domain/scoring/policy.ts or the bank.
import { DOMAINS } from '#domain/questions/domains.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { GRADE_SCALE, MAX_SCORE, minimumPointsFor, type Grade } from '#domain/scoring/policy.ts';

export interface DomainPoints {
  id: string;
  name: string;
  icon: string;
  description: string;
  questionCount: number;
  points: number;
  criticalCount: number;
}

export interface GradeBand {
  grade: Grade;
  minPercentage: number;
  minPoints: number;
  /** Highest score that still earns this grade. */
  maxPoints: number;
}

export interface CriticalQuestion {
  code: string;
  domainName: string;
  questionText: string;
  points: number;
}

export function domainPoints(): DomainPoints[] {
  return DOMAINS.map((d) => {
    const qs = QUESTION_BANK.filter((q) => q.domainId === d.id);
    return {
      id: d.id,
      name: d.name,
      icon: d.icon,
      description: d.description,
      questionCount: qs.length,
      points: qs.reduce((s, q) => s + q.points, 0),
      criticalCount: qs.filter((q) => q.critical).length,
    };
  });
}

export function gradeBands(): GradeBand[] {
  return GRADE_SCALE.map((step, i) => {
    const higher = GRADE_SCALE[i - 1];
    return {
      grade: step.grade,
      minPercentage: step.minPercentage,
      minPoints: minimumPointsFor(step.grade),
      maxPoints: higher ? minimumPointsFor(higher.grade) - 1 : MAX_SCORE,
    };
  });
}

export function criticalQuestions(): CriticalQuestion[] {
  return QUESTION_BANK.filter((q) => q.critical).map((q) => ({
    code: q.code,
    domainName: DOMAINS.find((d) => d.id === q.domainId)?.name ?? q.domainId,
    questionText: q.questionText,
    points: q.points,
  }));
}

export const questionCount = () => QUESTION_BANK.length;
