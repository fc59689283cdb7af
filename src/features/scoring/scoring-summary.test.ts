import { describe, expect, it } from 'vitest';
import { gradeFor, MAX_SCORE, PASS_THRESHOLD_POINTS } from '#domain/scoring/policy.ts';
import { applicabilityCounts, domainPoints, gateRows, gradeBands, questionCount, SCALING_EXAMPLE } from './scoring-summary.ts';

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

  it('counts the questions asked of everyone and those that depend on the profile', () => {
    const c = applicabilityCounts();
    expect(c.everyOrganization + c.dependsOnProfile).toBe(questionCount());
    expect(c.everyOrganization).toBeGreaterThan(0);
  });

  it('lists every gate under its domain with where it is a gate', () => {
    const gates = gateRows();
    const rows = domainPoints();
    expect(gates).toHaveLength(rows.reduce((s, r) => s + r.criticalCount, 0));
    for (const r of rows) {
      const mine = gates.filter((g) => g.domainId === r.id);
      expect(mine).toHaveLength(r.criticalCount);
      expect(mine.reduce((s, g) => s + g.points, 0)).toBe(r.criticalPoints);
      for (const g of mine) {
        expect(g.domainName).toBe(r.name);
        expect(g.gateFor).toMatch(/^[A-Z]/);
        expect(g.subdomain.length).toBeGreaterThan(0);
      }
    }
  });

  it('works the scaling example with the rule itself: 101 of 120 points is 117 of 140', () => {
    expect(SCALING_EXAMPLE).toEqual({ earned: 101, applicable: 120, score: 117, maxScore: MAX_SCORE, reachesThreshold: 117 >= PASS_THRESHOLD_POINTS });
  });
});
