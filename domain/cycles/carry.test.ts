import { describe, expect, it } from 'vitest';
import { carryPlan, carrySummary, noveltiesOf, noveltyOf, type AskedQuestion } from './carry.ts';

const q = (id: string, code: string, over: Partial<AskedQuestion> = {}): AskedQuestion => ({
  id,
  code,
  questionText: `Question ${code}?`,
  points: 2,
  documentEvidenceRequired: false,
  critical: false,
  ...over,
});

describe('noveltyOf', () => {
  it('is new when the code was not asked before, null when nothing that matters changed', () => {
    expect(noveltyOf(undefined, q('n1', 'AC-01'))).toBe('new');
    // A new version gives the same question a new id: identity is the code.
    expect(noveltyOf(q('p1', 'AC-01'), q('n1', 'AC-01'))).toBeNull();
  });

  it.each([
    ['wording', { questionText: 'Reworded?' }],
    ['points', { points: 3 }],
    ['evidence rule', { documentEvidenceRequired: true }],
    ['resolved gate', { critical: true }],
  ] as const)('is changed when the %s differs', (_label, over) => {
    expect(noveltyOf(q('p1', 'AC-01'), q('n1', 'AC-01', over))).toBe('changed');
  });

  it('maps every asked question of the new assessment by id', () => {
    const prev = [q('p1', 'AC-01'), q('p2', 'AC-02')];
    const next = [q('n1', 'AC-01'), q('n2', 'AC-02', { points: 5 }), q('n3', 'AC-03')];
    expect(Object.fromEntries(noveltiesOf(prev, next))).toEqual({ n1: null, n2: 'changed', n3: 'new' });
  });
});

describe('carryPlan', () => {
  const prev = [q('p1', 'AC-01'), q('p2', 'AC-02'), q('p3', 'AC-03'), q('p4', 'AC-04')];
  const next = [q('n1', 'AC-01'), q('n2', 'AC-02', { questionText: 'Now different?' }), q('n3', 'AC-03'), q('n5', 'AC-05')];

  it('carries answers of unchanged questions only, keeping their authors', () => {
    const plan = carryPlan({
      previous: prev,
      next,
      answers: [
        { questionId: 'p1', answer: 'yes', origin: 'answered', updatedBy: 'u1' },
        { questionId: 'p2', answer: 'no', origin: 'confirmed', updatedBy: 'u2' },
        { questionId: 'p3', answer: 'no', origin: 'bulk_confirmed', updatedBy: null },
        { questionId: 'p4', answer: 'yes', origin: 'answered', updatedBy: 'u1' },
      ],
      evidence: [],
    });
    expect(plan.answers).toEqual([
      { questionId: 'n1', answer: 'yes', updatedBy: 'u1' },
      { questionId: 'n3', answer: 'no', updatedBy: null },
    ]);
    expect(Object.fromEntries(plan.novelty)).toEqual({ n1: null, n2: 'changed', n3: null, n5: 'new' });
  });

  it('never carries an answer that was itself still to re-confirm, nor one that was not given', () => {
    const plan = carryPlan({ previous: prev, next, answers: [{ questionId: 'p1', answer: 'yes', origin: 'carried', updatedBy: 'u1' }], evidence: [] });
    expect(plan.answers).toEqual([]);
  });

  it('carries the attached evidence of carried questions, re-pointed at the new question', () => {
    const evidence = [
      { id: 'e1', questionId: 'p1', status: 'attached' },
      { id: 'e2', questionId: 'p1', status: 'detached' },
      { id: 'e3', questionId: 'p1', status: 'complete' },
      { id: 'e4', questionId: 'p2', status: 'attached' }, // changed question: answered afresh, no file carried
      { id: 'e5', questionId: 'p3', status: 'attached' }, // unanswered before: nothing carried
    ];
    const plan = carryPlan({ previous: prev, next, answers: [{ questionId: 'p1', answer: 'yes', origin: 'answered', updatedBy: 'u1' }, { questionId: 'p2', answer: 'yes', origin: 'answered', updatedBy: 'u1' }], evidence });
    expect(plan.evidence).toEqual([{ questionId: 'n1', from: evidence[0] }]);
  });
});

describe('carrySummary', () => {
  it('counts how each carried answer was settled; a change reverted counts as re-chosen', () => {
    const summary = carrySummary({
      carriedFrom: 'prev',
      carried: [
        { questionId: 'a', answer: 'yes' },
        { questionId: 'b', answer: 'yes' },
        { questionId: 'c', answer: 'no' },
        { questionId: 'd', answer: 'no' },
        { questionId: 'e', answer: 'yes' },
      ],
      current: new Map([
        ['a', { answer: 'yes', origin: 'confirmed' }],
        ['b', { answer: 'yes', origin: 'bulk_confirmed' }],
        ['c', { answer: 'yes', origin: 'answered' }],
        ['d', { answer: 'no', origin: 'answered' }],
        ['e', { answer: 'yes', origin: 'carried' }],
      ] as const),
      newQuestions: 3,
    });
    expect(summary).toEqual({ carried_from: 'prev', carried: 5, confirmed: 2, bulk_confirmed: 1, changed: 1, new_questions: 3 });
  });
});
