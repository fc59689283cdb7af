// Scoring policy: the ONE place for the maximum score, the pass threshold and the grade scale.
// The "How scoring works" page renders these constants; docs/decisions/004 explains them.

/** Every questionnaire version totals exactly this many points. */
export const MAX_SCORE = 140;

/** Pass needs at least this share of the maximum score... */
export const PASS_PERCENTAGE = 80;
/** ...which is this many points (80 % of 140)... */
export const PASS_THRESHOLD_POINTS = (MAX_SCORE * PASS_PERCENTAGE) / 100;
/** ...AND a Yes on every critical ("gate") question. */
export const CRITICAL_QUESTIONS_MUST_ALL_BE_YES = true;

export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
export type Grade = (typeof GRADES)[number];
export const PASS_FAIL = ['Pass', 'Fail'] as const;
export type PassFail = (typeof PASS_FAIL)[number];

/** Highest grade first; a grade applies when percentage >= minPercentage. */
export const GRADE_SCALE: readonly { grade: Grade; minPercentage: number }[] = [
  { grade: 'A', minPercentage: 90 },
  { grade: 'B', minPercentage: 80 },
  { grade: 'C', minPercentage: 70 },
  { grade: 'D', minPercentage: 60 },
  { grade: 'F', minPercentage: 0 },
];

/** The bank must hold between these many questions (inclusive). */
export const QUESTION_COUNT_RANGE = { min: 45, max: 90 } as const;
/** Points a single question may carry. */
export const QUESTION_POINTS_RANGE = { min: 1, max: 5 } as const;
export const QUESTION_POINTS_MESSAGE = `Points must be between ${QUESTION_POINTS_RANGE.min} and ${QUESTION_POINTS_RANGE.max}`;
/** Every point value a question may carry, lowest first (for pickers). */
export const QUESTION_POINT_VALUES: readonly number[] = Array.from(
  { length: QUESTION_POINTS_RANGE.max - QUESTION_POINTS_RANGE.min + 1 },
  (_, i) => QUESTION_POINTS_RANGE.min + i,
);
export const isAllowedPoints = (points: number) =>
  Number.isInteger(points) && points >= QUESTION_POINTS_RANGE.min && points <= QUESTION_POINTS_RANGE.max;

/**
 * The score out of MAX_SCORE. Only the questions that apply to the organization are asked
 * (domain/questions/applicability.ts), so the points earned are scaled from the points that
 * apply to MAX_SCORE, rounded down: full marks only for every applicable point, and
 * scaledScore >= PASS_THRESHOLD_POINTS exactly when earned >= PASS_PERCENTAGE % of applicable.
 * When every question applies (the bank totals MAX_SCORE) the scaled score is the points earned.
 */
export function scaledScore(earnedPoints: number, applicablePoints: number): number {
  if (applicablePoints <= 0) return 0;
  return Math.floor((earnedPoints * MAX_SCORE) / applicablePoints);
}

/** The rule in words, for "How scoring works" and the report. */
export const SCALING_RULE_TEXT = `Only the questions that apply to your organization are asked. Your score is the points you earn on them, scaled to ${MAX_SCORE} and rounded down: score = floor(points earned × ${MAX_SCORE} ÷ points that apply). When every question applies, the score is simply the points earned.`;

/** Grade for a score; integer arithmetic so 126/140 is exactly 90 % (an A). */
export function gradeFor(totalScore: number, maxScore: number = MAX_SCORE): Grade {
  for (const step of GRADE_SCALE) {
    if (totalScore * 100 >= step.minPercentage * maxScore) return step.grade;
  }
  return 'F';
}

/** Lowest score (in points) that earns a grade, e.g. minimumPointsFor('A') === 126. */
export function minimumPointsFor(grade: Grade, maxScore: number = MAX_SCORE): number {
  const step = GRADE_SCALE.find((s) => s.grade === grade);
  return Math.ceil(((step?.minPercentage ?? 0) * maxScore) / 100);
}
