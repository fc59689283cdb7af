import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from '../questions/bank.ts';
import { DOMAINS } from '../questions/domains.ts';
import { publicBankSummary } from './policy-summary.ts';

describe('publicBankSummary', () => {
  it('states the domain weights and critical counts of the bank', () => {
    const s = publicBankSummary(
      DOMAINS.map((d) => d.id),
      QUESTION_BANK,
    );
    expect(s.domains.map((d) => d.points)).toEqual([16, 51, 25, 29, 19]);
    expect(s.domains.reduce((n, d) => n + d.questionCount, 0)).toBe(QUESTION_BANK.length);
    expect(s.questionCount).toBe(QUESTION_BANK.length);
    expect(s.domains.reduce((n, d) => n + d.criticalCount, 0)).toBe(QUESTION_BANK.filter((q) => q.critical).length);
  });

  it('carries no text of the bank', () => {
    const json = JSON.stringify(
      publicBankSummary(
        DOMAINS.map((d) => d.id),
        QUESTION_BANK,
      ),
    );
    for (const q of QUESTION_BANK) {
      expect(json).not.toContain(q.questionText);
      expect(json).not.toContain(q.code);
    }
  });
});
