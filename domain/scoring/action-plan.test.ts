import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from '../questions/bank.ts';
import { DOMAINS } from '../questions/domains.ts';
import { buildCorrectiveActionPlan } from './action-plan.ts';
import { buildGapAnalysis } from './gaps.ts';
import type { ScoringQuestion } from './types.ts';

const QUESTIONS: ScoringQuestion[] = QUESTION_BANK.map((q) => ({ ...q, id: `q-${q.code}` }));

describe('corrective action plan', () => {
  it('has one item per gap, dated submission + targetDays, in gap order', () => {
    const answers = { 'q-CI-16': 'no', 'q-CI-13': 'no', 'q-CI-03': 'yes', 'q-AU-02': 'no', 'q-CI-05': 'no' } as const;
    const gaps = buildGapAnalysis(QUESTIONS, answers, DOMAINS);
    expect(gaps.map((g) => g.domainId)).toEqual(['communications-integration', 'audit']);
    expect(gaps[0]!.gaps.map((g) => g.code)).toEqual(['CI-13', 'CI-05', 'CI-16']);
    const submittedAt = new Date('2026-03-01T12:00:00.000Z');
    const plan = buildCorrectiveActionPlan(gaps, submittedAt);
    expect(plan.map((p) => p.code)).toEqual(['CI-13', 'CI-05', 'CI-16', 'AU-02']);
    expect(plan[0]).toMatchObject({ priority: 'high', targetDays: 30, targetDate: '2026-03-31T12:00:00.000Z' });
    expect(plan[2]).toMatchObject({ priority: 'low', targetDays: 180, targetDate: '2026-08-28T12:00:00.000Z' });
  });

  it('falls back to a generic action when a question has no template', () => {
    const q: ScoringQuestion = { id: 'x', code: 'AU-99', domainId: 'audit', questionText: 'Is X done?', points: 2, critical: true };
    const [item] = buildCorrectiveActionPlan(buildGapAnalysis([q], { x: 'no' }, DOMAINS), new Date('2026-01-01T00:00:00Z'));
    expect(item).toMatchObject({ action: 'Put in place: Is X done?', priority: 'critical', targetDate: '2026-01-31T00:00:00.000Z' });
  });
});
