import { describe, expect, it } from 'vitest';
import { MAX_SCORE, QUESTION_COUNT_RANGE, QUESTION_POINTS_RANGE } from '../scoring/policy.ts';
import { QUESTION_BANK } from './bank.ts';
import { checkQuestionBank } from './bank-rules.ts';
import { DOMAINS } from './domains.ts';
import { questionDefSchema } from './question-types.ts';
import { SRC } from './sources.ts';

describe('question bank', () => {
  it(`totals exactly ${MAX_SCORE} points`, () => {
    expect(QUESTION_BANK.reduce((s, q) => s + q.points, 0)).toBe(140);
  });

  it('holds 45–70 questions with unique codes', () => {
    expect(QUESTION_BANK.length).toBeGreaterThanOrEqual(QUESTION_COUNT_RANGE.min);
    expect(QUESTION_BANK.length).toBeLessThanOrEqual(QUESTION_COUNT_RANGE.max);
    expect(new Set(QUESTION_BANK.map((q) => q.code)).size).toBe(QUESTION_BANK.length);
  });

  it('gives every question 1–5 points and a valid shape', () => {
    for (const q of QUESTION_BANK) {
      expect(q.points, q.code).toBeGreaterThanOrEqual(QUESTION_POINTS_RANGE.min);
      expect(q.points, q.code).toBeLessThanOrEqual(QUESTION_POINTS_RANGE.max);
      expect(questionDefSchema.safeParse(q).success, q.code).toBe(true);
    }
  });

  it('covers every domain, with codes prefixed per domain', () => {
    const prefix: Record<string, string> = {
      'communications-integration': 'CI',
      'policies-procedures': 'PP',
      'training-program': 'TP',
      'information-protection': 'IP',
      audit: 'AU',
    };
    for (const d of DOMAINS) expect(QUESTION_BANK.some((q) => q.domainId === d.id), d.id).toBe(true);
    for (const q of QUESTION_BANK) expect(q.code.startsWith(`${prefix[q.domainId]}-`), q.code).toBe(true);
  });

  it('has sources on every critical question, all from the source register', () => {
    const known = new Set<string>(Object.values(SRC));
    for (const q of QUESTION_BANK) {
      if (q.critical) expect(q.sources.length, q.code).toBeGreaterThan(0);
      for (const s of q.sources) expect(known.has(s), `${q.code}: ${s}`).toBe(true);
    }
  });

  it('marks the hard statutory and certification requirements as critical', () => {
    const critical = QUESTION_BANK.filter((q) => q.critical).map((q) => q.code);
    expect(critical).toEqual(['CI-01', 'CI-03', 'PP-02', 'PP-04', 'TP-01', 'AU-01']);
    for (const q of QUESTION_BANK.filter((x) => x.critical)) expect(q.correctiveAction.priority).toBe('critical');
  });

  it('passes the publish-time bank rules, which catch a broken bank', () => {
    expect(checkQuestionBank(QUESTION_BANK)).toEqual([]);
    const broken = [...QUESTION_BANK.slice(1), { ...QUESTION_BANK[1]!, critical: true, sources: [] }];
    const problems = checkQuestionBank(broken);
    expect(problems.some((p) => p.includes('total exactly 140'))).toBe(true);
    expect(problems.some((p) => p.includes('used more than once'))).toBe(true);
    expect(problems.some((p) => p.includes('must cite at least one source'))).toBe(true);
    expect(problems.some((p) => p.includes('questions (this one'))).toBe(false);
    const tooFew = checkQuestionBank(QUESTION_BANK.slice(0, QUESTION_COUNT_RANGE.min - 1));
    expect(tooFew).toContain(`A questionnaire holds 45 to 70 questions (this one would hold 44).`);
  });
});
