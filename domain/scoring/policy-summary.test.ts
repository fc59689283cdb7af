import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from '../questions/bank.ts';
import { scoringPolicySummary } from './policy-summary.ts';

describe('scoringPolicySummary', () => {
  it('states the thresholds, grade edges, domain weights and gates of the bank', () => {
    const s = scoringPolicySummary(QUESTION_BANK);
    expect(s).toMatchObject({ maxScore: 140, passPercentage: 80, passThresholdPoints: 112 });
    expect(s.grades.map((g) => [g.grade, g.minPoints])).toEqual([
      ['A', 126],
      ['B', 112],
      ['C', 98],
      ['D', 84],
      ['F', 0],
    ]);
    expect(s.domains.map((d) => d.points)).toEqual([28, 34, 29, 27, 22]);
    expect(s.domains.reduce((n, d) => n + d.questionCount, 0)).toBe(QUESTION_BANK.length);
    expect(s.criticalQuestions.map((q) => q.code)).toEqual(['CI-01', 'CI-03', 'PP-02', 'PP-04', 'TP-01', 'AU-01']);
  });
});
