import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from '../questions/bank.ts';
import { DOMAINS } from '../questions/domains.ts';
import { GRADE_SCALE, gradeFor, MAX_SCORE, PASS_THRESHOLD_POINTS } from './policy.ts';
import { failSummary, scoreAssessment } from './scoring.ts';
import type { AnswerMap, AnswerValue, ScoringQuestion } from './types.ts';

const QUESTIONS: ScoringQuestion[] = QUESTION_BANK.map((q) => ({ ...q, id: `q-${q.code}` }));
const GRADE_RANK = Object.fromEntries(GRADE_SCALE.map((g, i) => [g.grade, GRADE_SCALE.length - i]));
const score = (answers: AnswerMap) => scoreAssessment(QUESTIONS, answers, DOMAINS);

const answersArb = fc
  .array(fc.constantFrom<AnswerValue>('yes', 'no'), { minLength: QUESTIONS.length, maxLength: QUESTIONS.length })
  .map((values) => Object.fromEntries(QUESTIONS.map((q, i) => [q.id, values[i]])) as Record<string, AnswerValue>);

const allYes = () => Object.fromEntries(QUESTIONS.map((q) => [q.id, 'yes'])) as Record<string, AnswerValue>;

describe('scoreAssessment (properties)', () => {
  it('keeps the score within 0..140 and domain scores summing to the total', () => {
    fc.assert(
      fc.property(answersArb, (answers) => {
        const r = score(answers);
        expect(r.maxScore).toBe(MAX_SCORE);
        expect(r.totalScore).toBeGreaterThanOrEqual(0);
        expect(r.totalScore).toBeLessThanOrEqual(MAX_SCORE);
        expect(r.domainScores.reduce((s, d) => s + d.earned_points, 0)).toBe(r.totalScore);
        expect(r.domainScores.reduce((s, d) => s + d.total_points, 0)).toBe(MAX_SCORE);
        // Per-domain gap counts match the gap analysis.
        for (const d of r.domainScores) expect(d.gap_count).toBe(r.gaps.find((g) => g.domainId === d.id)?.gaps.length ?? 0);
      }),
    );
  });

  it('never lowers the score or the grade when a No becomes a Yes', () => {
    fc.assert(
      fc.property(answersArb, fc.nat(), (answers, pick) => {
        const noIds = QUESTIONS.filter((q) => answers[q.id] === 'no').map((q) => q.id);
        fc.pre(noIds.length > 0);
        const flipped = { ...answers, [noIds[pick % noIds.length]!]: 'yes' as const };
        const before = score(answers);
        const after = score(flipped);
        expect(after.totalScore).toBeGreaterThan(before.totalScore);
        expect(GRADE_RANK[after.grade]!).toBeGreaterThanOrEqual(GRADE_RANK[before.grade]!);
        if (before.passFail === 'Pass') expect(after.passFail).toBe('Pass');
      }),
    );
  });

  it('always fails when a critical question is answered No', () => {
    const critical = QUESTIONS.filter((q) => q.critical);
    fc.assert(
      fc.property(answersArb, fc.constantFrom(...critical), (answers, q) => {
        const r = score({ ...answers, [q.id]: 'no' });
        expect(r.passFail).toBe('Fail');
        expect(r.failReasons.some((f) => f.includes(q.code))).toBe(true);
      }),
    );
  });

  it('lists every No exactly once in the gap analysis, critical first then by points', () => {
    fc.assert(
      fc.property(answersArb, (answers) => {
        const r = score(answers);
        const gapIds = r.gaps.flatMap((g) => g.gaps.map((x) => x.questionId));
        expect(gapIds.sort()).toEqual(QUESTIONS.filter((q) => answers[q.id] === 'no').map((q) => q.id).sort());
        for (const group of r.gaps) {
          for (let i = 1; i < group.gaps.length; i++) {
            const [a, b] = [group.gaps[i - 1]!, group.gaps[i]!];
            if (a.critical === b.critical) expect(a.points).toBeGreaterThanOrEqual(b.points);
            else expect(a.critical).toBe(true);
          }
        }
        expect(r.totalScore + r.gaps.reduce((s, g) => s + g.pointsLost, 0)).toBe(MAX_SCORE);
      }),
    );
  });
});

/**
 * Answers No until exactly `lost` points are lost: non-critical questions only (greedy, highest
 * points first) when they can lose that much, otherwise any subset of questions, gates included
 * (exact subset sum). A gate answered No fails the assessment; the score and grade are still the
 * points earned.
 */
function answersLosing(lost: number): Record<string, AnswerValue> {
  const answers = allYes();
  let remaining = lost;
  for (const q of QUESTIONS.filter((x) => !x.critical).sort((a, b) => b.points - a.points)) {
    if (q.points <= remaining) {
      answers[q.id] = 'no';
      remaining -= q.points;
    }
  }
  if (remaining === 0) return answers;
  // reach[s] = index of the question that first reached sum s (-1 for 0), over all questions.
  const reach = new Map<number, number>([[0, -1]]);
  QUESTIONS.forEach((q, i) => {
    for (const [sum] of [...reach]) if (!reach.has(sum + q.points) && sum + q.points <= lost) reach.set(sum + q.points, i);
  });
  if (!reach.has(lost)) throw new Error(`cannot lose exactly ${lost} points`);
  const exact = allYes();
  for (let sum = lost; sum > 0; ) {
    const q = QUESTIONS[reach.get(sum)!]!;
    exact[q.id] = 'no';
    sum -= q.points;
  }
  return exact;
}

describe('scoreAssessment (boundaries)', () => {
  it('passes at exactly 112 points and fails at 111', () => {
    expect(PASS_THRESHOLD_POINTS).toBe(112);
    const at112 = score(answersLosing(MAX_SCORE - 112));
    expect(at112.totalScore).toBe(112);
    expect(at112.passFail).toBe('Pass');
    expect(at112.failReasons).toEqual([]);
    const at111 = score(answersLosing(MAX_SCORE - 111));
    expect(at111.totalScore).toBe(111);
    expect(at111.passFail).toBe('Fail');
    expect(at111.failReasons).toEqual(['Score of 111 is 1 point below the pass threshold of 112 (80%).']);
  });

  it('fails a perfect-but-one score when the missing Yes is critical', () => {
    const answers = allYes();
    const gate = QUESTIONS.find((q) => q.code === 'TP-01')!;
    answers[gate.id] = 'no';
    const r = score(answers);
    expect(r.totalScore).toBe(MAX_SCORE - gate.points);
    expect(r.grade).toBe('A');
    expect(r.passFail).toBe('Fail');
    expect(r.failReasons).toEqual([`Critical requirement TP-01 answered No: ${gate.questionText}`]);
  });

  it.each([
    [140, 'A'],
    [126, 'A'],
    [125, 'B'],
    [112, 'B'],
    [111, 'C'],
    [98, 'C'],
    [97, 'D'],
    [84, 'D'],
    [83, 'F'],
    [0, 'F'],
  ] as const)('grades %i points as %s', (points, grade) => {
    expect(gradeFor(points)).toBe(grade);
    if (points > 0 && points < MAX_SCORE) expect(score(answersLosing(MAX_SCORE - points)).grade).toBe(grade);
  });

  it('treats unanswered questions as earning nothing and unanswered gates as failing', () => {
    const r = score({});
    expect(r.totalScore).toBe(0);
    expect(r.answeredCount).toBe(0);
    expect(r.questionCount).toBe(QUESTIONS.length);
    expect(r.gaps).toEqual([]);
    expect(r.failReasons.filter((f) => f.includes('not answered'))).toHaveLength(QUESTIONS.filter((q) => q.critical).length);
  });

  it('reports domain percentages in wire field names', () => {
    const r = score(allYes());
    expect(r.domainScores.map((d) => d.id)).toEqual(DOMAINS.map((d) => d.id));
    for (const d of r.domainScores) expect(d).toMatchObject({ earned_points: d.total_points, weighted_percentage: 100, gap_count: 0 });
    expect(r.percentage).toBe(100);
  });
});

describe('failSummary', () => {
  const crit = (code: string) => `Critical requirement ${code} answered No: text`;
  it('explains a Fail by its critical requirements and/or the threshold', () => {
    expect(failSummary({ passFail: 'Pass', totalScore: 130, failReasons: [] })).toBeNull();
    expect(failSummary({ passFail: 'Fail', totalScore: 130, failReasons: [crit('TP-01'), crit('PP-15')] })).toBe('Fail: 2 critical requirements not met');
    expect(failSummary({ passFail: 'Fail', totalScore: 130, failReasons: [crit('TP-01')] })).toBe('Fail: 1 critical requirement not met');
    expect(failSummary({ passFail: 'Fail', totalScore: 90, failReasons: ['Score of 90 is 22 points below'] })).toBe(
      `Fail: score below the pass threshold of ${PASS_THRESHOLD_POINTS}`,
    );
  });
  it('counts the critical reasons scoreAssessment writes', () => {
    const qs = QUESTION_BANK.map((q, i) => ({ ...q, id: `q${i}` }));
    const answers = Object.fromEntries(qs.map((q) => [q.id, q.code === 'TP-01' || q.code === 'PP-15' ? 'no' : 'yes'])) as AnswerMap;
    const r = scoreAssessment(qs as unknown as ScoringQuestion[], answers, DOMAINS);
    expect(failSummary(r)).toBe('Fail: 2 critical requirements not met');
  });
});
