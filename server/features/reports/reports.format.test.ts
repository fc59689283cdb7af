// The report's summary sentence (reports.format.ts): the score is out of 140, the percentage is of
// the points that apply, and the sentence says which when they differ.
import { describe, expect, it } from 'vitest';
import type { ResultView } from '#domain/contracts/assessments.ts';
import { scaledScore } from '#domain/scoring/policy.ts';
import type { ReportDocument } from './reports.data.ts';
import { scoreLine, summarySentence } from './reports.format.ts';

type Numbers = Pick<ResultView, 'totalScore' | 'maxScore' | 'percentage' | 'earned_points' | 'applicable_points' | 'grade' | 'passFail'>;
const docOf = (result: Numbers) => ({ organizationName: 'Acme Research', report: { result } }) as unknown as ReportDocument;

describe('summarySentence', () => {
  it('names the points that apply when the score is scaled from them', () => {
    const earned = 101;
    const applicable = 120;
    const r: Numbers = { totalScore: scaledScore(earned, applicable), maxScore: 140, percentage: 84, earned_points: earned, applicable_points: applicable, grade: 'B', passFail: 'Pass' };
    expect(r.totalScore).toBe(117);
    expect(summarySentence(docOf(r))).toBe('Acme Research scored 117 of 140 points (84% of the 120 points that apply to it: 101 earned), grade B, and the assessment result is Pass.');
    expect(scoreLine(r)).toBe('Score 117 of 140 (101 of 120 applicable points, scaled to 140)');
  });

  it('says "of the maximum" when every question applied', () => {
    const r: Numbers = { totalScore: 126, maxScore: 140, percentage: 90, earned_points: 126, applicable_points: 140, grade: 'A', passFail: 'Fail' };
    expect(summarySentence(docOf(r))).toBe('Acme Research scored 126 of 140 points (90% of the maximum), grade A, and the assessment result is Fail.');
  });
});
