// Properties of the scaled score over random banks, profiles and answers: the questions asked are
// questionsFor(bank, profile) (domain/questions/applicability.ts) and the score is scoreAssessment
// over them, scaled by scaledScore (domain/scoring/policy.ts; docs/decisions/004).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITIES,
  FUNDING_AGENCIES,
  ORGANIZATION_KINDS,
  questionsFor,
  resolveApplicability,
  type ApplicabilityProfile,
  type Condition,
} from '../questions/applicability.ts';
import { MAX_SCORE, PASS_PERCENTAGE, PASS_THRESHOLD_POINTS, QUESTION_POINTS_RANGE, scaledScore } from './policy.ts';
import { scoreAssessment } from './scoring.ts';
import type { AnswerMap, AnswerValue, ScoringDomain, ScoringQuestion } from './types.ts';

type Q = ScoringQuestion & { appliesWhen: Condition[]; criticalWhen: Condition[] };

const DOMAINS: ScoringDomain[] = [
  { id: 'd1', name: 'One' },
  { id: 'd2', name: 'Two' },
  { id: 'd3', name: 'Three' },
];
// Small and fast: the whole file stays well under two seconds in the unit project.
const RUNS = { numRuns: 150 };

const conditionArb: fc.Arbitrary<Condition> = fc.oneof(
  fc.subarray([...ORGANIZATION_KINDS], { minLength: 1 }).map((kinds) => ({ kinds })),
  fc.constant({ covered: true as const }),
  fc.subarray([...FUNDING_AGENCIES], { minLength: 1 }).map((agencies) => ({ agencies })),
  fc.subarray([...ACTIVITIES], { minLength: 1 }).map((activities) => ({ activities })),
);
// Half the questions carry no condition, as in a real bank.
const conditionsArb = fc.oneof(fc.constant([] as Condition[]), fc.array(conditionArb, { minLength: 1, maxLength: 2 }));

const questionArb = fc.record({
  domainId: fc.constantFrom(...DOMAINS.map((d) => d.id)),
  points: fc.integer(QUESTION_POINTS_RANGE),
  critical: fc.boolean(),
  appliesWhen: conditionsArb,
  criticalWhen: conditionsArb,
});

const bankArb: fc.Arbitrary<Q[]> = fc.array(questionArb, { minLength: 1, maxLength: 25 }).map((qs) =>
  qs.map((q, i) => ({ ...q, id: `q${i}`, code: `QQ-${String(i).padStart(2, '0')}`, questionText: `Question ${i}` })),
);

const profileArb: fc.Arbitrary<ApplicabilityProfile> = fc
  .record({
    kind: fc.constantFrom(...ORGANIZATION_KINDS),
    covered: fc.boolean(),
    agencies: fc.subarray([...FUNDING_AGENCIES]),
    activities: fc.subarray([...ACTIVITIES]),
  })
  .map((p) => ({ ...p, covered: p.covered && p.kind !== 'company' }));
const profileOrNullArb = fc.option(profileArb, { freq: 5 });

/** Yes, No or unanswered for every question of the bank (asked or not). */
const answersFor = (bank: readonly Q[]): fc.Arbitrary<AnswerMap> =>
  fc
    .array(fc.constantFrom<AnswerValue | undefined>('yes', 'no', undefined), { minLength: bank.length, maxLength: bank.length })
    .map((vs) => Object.fromEntries(bank.flatMap((q, i) => (vs[i] ? [[q.id, vs[i]]] : []))));

const caseArb = bankArb.chain((bank) => fc.record({ bank: fc.constant(bank), profile: profileOrNullArb, answers: answersFor(bank) }));

const score = (bank: readonly Q[], profile: ApplicabilityProfile | null, answers: AnswerMap) => scoreAssessment(questionsFor(bank, profile), answers, DOMAINS);

describe('scaled score (properties)', () => {
  it('stays within 0..140, with earned and applicable points read off the questions asked', () => {
    fc.assert(
      fc.property(caseArb, ({ bank, profile, answers }) => {
        const asked = questionsFor(bank, profile);
        const r = score(bank, profile, answers);
        expect(r.maxScore).toBe(MAX_SCORE);
        expect(r.totalScore).toBeGreaterThanOrEqual(0);
        expect(r.totalScore).toBeLessThanOrEqual(MAX_SCORE);
        expect(r.applicablePoints).toBe(asked.reduce((s, q) => s + q.points, 0));
        expect(r.earnedPoints).toBe(asked.reduce((s, q) => s + (answers[q.id] === 'yes' ? q.points : 0), 0));
        expect(r.totalScore).toBe(scaledScore(r.earnedPoints, r.applicablePoints));
        expect(r.questionCount).toBe(asked.length);
        // Full marks only for every applicable point.
        if (r.applicablePoints > 0) expect(r.totalScore === MAX_SCORE).toBe(r.earnedPoints === r.applicablePoints);
      }),
      RUNS,
    );
  });

  it('never lowers the score nor turns a Pass into a Fail when a No becomes a Yes', () => {
    fc.assert(
      fc.property(caseArb, fc.nat(), ({ bank, profile, answers }, pick) => {
        const noes = bank.filter((q) => answers[q.id] === 'no');
        fc.pre(noes.length > 0);
        const flipped = noes[pick % noes.length]!;
        const before = score(bank, profile, answers);
        const after = score(bank, profile, { ...answers, [flipped.id]: 'yes' });
        expect(after.totalScore).toBeGreaterThanOrEqual(before.totalScore);
        expect(after.earnedPoints).toBeGreaterThanOrEqual(before.earnedPoints);
        if (before.passFail === 'Pass') expect(after.passFail).toBe('Pass');
      }),
      RUNS,
    );
  });

  it('a question that does not apply never causes a Fail, and answering it changes nothing', () => {
    fc.assert(
      fc.property(caseArb, profileArb, fc.constantFrom<AnswerValue | undefined>('yes', 'no', undefined), ({ bank, answers }, profile, value) => {
        const notAsked = bank.filter((q) => !resolveApplicability(q, profile).applies);
        fc.pre(notAsked.length > 0);
        const before = score(bank, profile, answers);
        const changed = { ...answers };
        for (const q of notAsked) {
          if (value) changed[q.id] = value;
          else delete changed[q.id];
        }
        expect(score(bank, profile, changed)).toEqual(before);
        for (const q of notAsked) {
          expect(before.criticalFailures.map((f) => f.questionId)).not.toContain(q.id);
          expect(before.failReasons.join('\n')).not.toContain(q.code);
        }
      }),
      RUNS,
    );
  });

  it('a gate whose criticalWhen does not hold is scored but never fails the assessment', () => {
    fc.assert(
      fc.property(caseArb, profileArb, ({ bank, answers }, profile) => {
        const narrowed = bank.filter((q) => q.critical && resolveApplicability(q, profile).applies && !resolveApplicability(q, profile).critical);
        fc.pre(narrowed.length > 0);
        const r = score(bank, profile, { ...answers, ...Object.fromEntries(narrowed.map((q) => [q.id, 'no'])) });
        for (const q of narrowed) expect(r.criticalFailures.map((f) => f.questionId)).not.toContain(q.id);
      }),
      RUNS,
    );
  });

  it('passes exactly when earned × 100 ≥ 80 × applicable and every applicable gate is Yes', () => {
    expect(PASS_THRESHOLD_POINTS * 100).toBe(PASS_PERCENTAGE * MAX_SCORE);
    fc.assert(
      fc.property(caseArb, ({ bank, profile, answers }) => {
        const asked = questionsFor(bank, profile);
        fc.pre(asked.length > 0);
        const earned = asked.reduce((s, q) => s + (answers[q.id] === 'yes' ? q.points : 0), 0);
        const applicable = asked.reduce((s, q) => s + q.points, 0);
        const gatesYes = bank.every((q) => !resolveApplicability(q, profile).critical || answers[q.id] === 'yes');
        const pass = earned * 100 >= PASS_PERCENTAGE * applicable && gatesYes;
        expect(score(bank, profile, answers).passFail).toBe(pass ? 'Pass' : 'Fail');
      }),
      RUNS,
    );
  });

  it('equals the points earned when every question applies and the bank totals 140', () => {
    // Points of 1..5 cut to total exactly MAX_SCORE.
    const bank140 = fc.array(fc.integer(QUESTION_POINTS_RANGE), { minLength: MAX_SCORE, maxLength: MAX_SCORE }).map((ps) => {
      const points: number[] = [];
      let left = MAX_SCORE;
      for (const p of ps) {
        if (left === 0) break;
        points.push(Math.min(p, left));
        left -= points[points.length - 1]!;
      }
      return points;
    });
    const arb = fc.tuple(bank140, fc.infiniteStream(questionArb)).chain(([points, qs]) => {
      // Conditions kept, but asked of no profile (every question applies); or dropped, asked of any profile.
      const bank: Q[] = points.map((p, i) => ({ ...qs.next().value, points: p, id: `q${i}`, code: `QQ-${i}`, questionText: `Question ${i}` }));
      const unconditional = bank.map((q) => ({ ...q, appliesWhen: [] }));
      return fc.oneof(
        fc.record({ bank: fc.constant(bank), profile: fc.constant(null), answers: answersFor(bank) }),
        fc.record({ bank: fc.constant(unconditional), profile: profileArb, answers: answersFor(unconditional) }),
      );
    });
    fc.assert(
      fc.property(arb, ({ bank, profile, answers }) => {
        expect(bank.reduce((s, q) => s + q.points, 0)).toBe(MAX_SCORE);
        const r = score(bank, profile, answers);
        expect(r.applicablePoints).toBe(MAX_SCORE);
        expect(r.totalScore).toBe(r.earnedPoints);
        expect(r.totalScore).toBe(bank.reduce((s, q) => s + (answers[q.id] === 'yes' ? q.points : 0), 0));
      }),
      { numRuns: 60 },
    );
  });
});

describe('scaledScore (properties)', () => {
  const pointsArb = fc.integer({ min: 1, max: 5 * 70 }).chain((applicable) => fc.tuple(fc.integer({ min: 0, max: applicable }), fc.constant(applicable)));

  it('rounds down: score ≤ earned × 140 ÷ applicable < score + 1', () => {
    fc.assert(
      fc.property(pointsArb, ([earned, applicable]) => {
        const s = scaledScore(earned, applicable);
        expect(Number.isInteger(s)).toBe(true);
        expect(s * applicable).toBeLessThanOrEqual(earned * MAX_SCORE);
        expect((s + 1) * applicable).toBeGreaterThan(earned * MAX_SCORE);
      }),
    );
  });

  it('reaches the pass threshold exactly when earned is at least 80 % of applicable', () => {
    fc.assert(
      fc.property(pointsArb, ([earned, applicable]) => {
        expect(scaledScore(earned, applicable) >= PASS_THRESHOLD_POINTS).toBe(earned * 100 >= PASS_PERCENTAGE * applicable);
      }),
    );
  });
});

describe('scaled score (examples)', () => {
  it('scales 101 of 120 applicable points to 117 of 140, rounding down', () => {
    expect(scaledScore(101, 120)).toBe(117);
    expect(scaledScore(120, 120)).toBe(MAX_SCORE);
    expect(scaledScore(119, 120)).toBe(138);
    expect(scaledScore(0, 120)).toBe(0);
  });

  it('puts the pass line at 80 % of the applicable points exactly', () => {
    // 96 of 120 is 80 %: 112 of 140; one point fewer is below it.
    expect(scaledScore(96, 120)).toBe(PASS_THRESHOLD_POINTS);
    expect(scaledScore(95, 120)).toBeLessThan(PASS_THRESHOLD_POINTS);
    // 77 of 97 is 79.4 %, and 78 of 97 is 80.4 %: floor keeps the line where the percentage puts it.
    expect(scaledScore(77, 97)).toBe(111);
    expect(scaledScore(78, 97)).toBe(112);
  });

  it('scores a profile asked nothing as 0 and a Fail', () => {
    const bank: Q[] = [{ id: 'q0', code: 'QQ-00', domainId: 'd1', questionText: 'Question 0', points: 3, critical: false, appliesWhen: [{ covered: true }], criticalWhen: [] }];
    const r = score(bank, { kind: 'company', covered: false, agencies: [], activities: [] }, { q0: 'yes' });
    expect([r.applicablePoints, r.totalScore, r.passFail]).toEqual([0, 0, 'Fail']);
  });
});
