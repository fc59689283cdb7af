import { describe, expect, it } from 'vitest';
import { gradeFor, MAX_SCORE } from '#domain/scoring/policy.ts';
import { domainPoints, gradeBands, questionCount } from './scoring-summary.ts';

describe('how-scoring-works figures', () => {
  it('points per domain add up to the maximum score and cover every question', () => {
    const rows = domainPoints();
    expect(rows).toHaveLength(5);
    expect(rows.reduce((s, r) => s + r.points, 0)).toBe(MAX_SCORE);
    expect(rows.reduce((s, r) => s + r.questionCount, 0)).toBe(questionCount());
    expect(rows.reduce((s, r) => s + r.criticalCount, 0)).toBeGreaterThan(0);
  });

  it('grade bands are contiguous from the maximum down to 0 and agree with gradeFor', () => {
    const bands = gradeBands();
    expect(bands[0]!.maxPoints).toBe(MAX_SCORE);
    expect(bands[bands.length - 1]!.minPoints).toBe(0);
    for (let i = 1; i < bands.length; i++) expect(bands[i]!.maxPoints).toBe(bands[i - 1]!.minPoints - 1);
    for (const b of bands) {
      expect(gradeFor(b.minPoints)).toBe(b.grade);
      expect(gradeFor(b.maxPoints)).toBe(b.grade);
    }
  });
});
