import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from '../questions/bank.ts';
import { CROSSWALKS, questionsByItem, type Crosswalk } from '../questions/crosswalks.ts';
import { coverageLine } from './coverage-text.ts';
import { frameworkCoverage, itemStatus } from './coverage.ts';
import type { AnswerMap } from './types.ts';

// The bank as asked with every question applying; question id = code, for readable answers.
const ASKED = QUESTION_BANK.map((q) => ({ id: q.code, code: q.code }));
const allYesExcept = (...no: string[]): AnswerMap => Object.fromEntries(ASKED.map((q) => [q.id, no.includes(q.code) ? 'no' : 'yes']));
const byId = (id: string, asked = ASKED, answers = allYesExcept()) => {
  const c = frameworkCoverage(asked, answers).find((x) => x.framework_id === id);
  if (!c) throw new Error(id);
  return c;
};

describe('itemStatus', () => {
  const answers = new Map<string, 'yes' | 'no' | undefined>([
    ['A', 'yes'],
    ['B', 'no'],
    ['C', undefined],
  ]);
  it('is not_covered with no question, not_asked when none was asked, met only when all asked are Yes', () => {
    expect(itemStatus([], answers)).toEqual({ status: 'not_covered', open: [] });
    expect(itemStatus(['Z'], answers)).toEqual({ status: 'not_asked', open: [] });
    expect(itemStatus(['A', 'Z'], answers)).toEqual({ status: 'met', open: [] });
    expect(itemStatus(['A', 'B'], answers)).toEqual({ status: 'gap', open: ['B'] });
    expect(itemStatus(['C'], answers)).toEqual({ status: 'gap', open: ['C'] });
  });
});

describe('frameworkCoverage', () => {
  it('meets every covered item when every question is answered Yes', () => {
    const far = byId('far-52-204-21');
    expect(far).toMatchObject({ total: 15, covered: 15, met: 15, not_asked: 0, not_covered: 0, gaps: [] });
    expect(byId('nspm33-cyber')).toMatchObject({ total: 14, covered: 12, met: 12, not_covered: 2, gaps: [] });
    expect(byId('nist-800-171-r2')).toMatchObject({ total: 110, covered: 16, met: 16, not_covered: 94 });
    expect(byId('nist-800-171-r3')).toMatchObject({ total: 97, covered: 13, met: 13, not_covered: 84 });
  });

  it('turns a No into a gap on every item its question maps to, naming the question', () => {
    const far = byId('far-52-204-21', ASKED, allYesExcept('IP-18'));
    expect(far.met).toBe(12);
    expect(far.gaps).toEqual([
      { id: 'b1-xiii', ref: '(b)(1)(xiii)', title: 'Malicious code protection', codes: ['IP-18'] },
      { id: 'b1-xiv', ref: '(b)(1)(xiv)', title: 'Malicious code protection updates', codes: ['IP-18'] },
      { id: 'b1-xv', ref: '(b)(1)(xv)', title: 'Periodic and real-time scans', codes: ['IP-18'] },
    ]);
    expect(coverageLine(far)).toBe(
      'FAR 52.204-21 (CMMC Level 1): 12 of 15 met, 3 gaps: (b)(1)(xiii) Malicious code protection (IP-18); (b)(1)(xiv) Malicious code protection updates (IP-18); (b)(1)(xv) Periodic and real-time scans (IP-18). 15 of 15 covered by the question bank.',
    );
  });

  it('counts an unanswered question as a gap', () => {
    const answers = { ...allYesExcept(), 'TP-09': undefined };
    expect(byId('nspm33-cyber', ASKED, answers).gaps).toEqual([
      { id: 'training', ref: '', title: 'Cybersecurity awareness training, including social engineering', codes: ['TP-09'] },
    ]);
  });

  it('leaves items whose questions were not asked of the organization out of met and gaps', () => {
    // An organization without federal contract information is not asked IP-29: (ii), (iii) and (ix) rest on it alone.
    const asked = ASKED.filter((q) => q.code !== 'IP-29');
    const far = byId('far-52-204-21', asked);
    expect(far).toMatchObject({ met: 12, not_asked: 3, gaps: [] });
    expect(coverageLine(far)).toBe('FAR 52.204-21 (CMMC Level 1): 12 of 15 met, no gaps. 15 of 15 covered by the question bank; 3 not asked of this organization.');
  });

  it('partitions every framework’s items into met, gaps, not asked and not covered, whatever the answers (property)', () => {
    const answer = fc.constantFrom<'yes' | 'no' | undefined>('yes', 'no', undefined);
    fc.assert(
      fc.property(fc.array(answer, { minLength: ASKED.length, maxLength: ASKED.length }), fc.array(fc.boolean(), { minLength: ASKED.length, maxLength: ASKED.length }), (values, askedFlags) => {
        const asked = ASKED.filter((_, i) => askedFlags[i]);
        const answers: AnswerMap = Object.fromEntries(ASKED.map((q, i) => [q.id, values[i]]));
        for (const c of frameworkCoverage(asked, answers)) {
          expect(c.met + c.gaps.length + c.not_asked + c.not_covered).toBe(c.total);
          expect(c.covered).toBe(c.total - c.not_covered);
          const askedCodes = new Set(asked.map((q) => q.code));
          // A gap names only questions asked and not answered Yes.
          for (const g of c.gaps) for (const code of g.codes) expect(askedCodes.has(code) && answers[code] !== 'yes').toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('is monotone: answering one more question Yes never loses a met item (property)', () => {
    const codes = ASKED.map((q) => q.code);
    fc.assert(
      fc.property(fc.subarray(codes), fc.constantFrom(...codes), (no, flipped) => {
        const before = frameworkCoverage(ASKED, allYesExcept(...no));
        const after = frameworkCoverage(ASKED, allYesExcept(...no.filter((c) => c !== flipped)));
        before.forEach((b, i) => expect(after[i]?.met ?? 0).toBeGreaterThanOrEqual(b.met));
      }),
      { numRuns: 100 },
    );
  });

  it('works on any crosswalk given, not only the bank’s', () => {
    const tiny: Crosswalk = {
      id: 'far-52-204-21',
      name: 'Tiny',
      sourceId: 'far204021',
      basis: 'primary',
      note: 'test',
      items: [
        { id: 'a', ref: 'A', title: 'First', pinpoint: 'p' },
        { id: 'b', ref: 'B', title: 'Second', pinpoint: 'p' },
      ],
      mapping: { 'X-01': ['a'] },
    };
    expect(questionsByItem(tiny).get('b')).toEqual([]);
    expect(frameworkCoverage([{ id: 'q1', code: 'X-01' }], { q1: 'no' }, [tiny])).toEqual([
      { framework_id: 'far-52-204-21', name: 'Tiny', basis: 'primary', total: 2, covered: 1, met: 0, not_asked: 0, not_covered: 1, gaps: [{ id: 'a', ref: 'A', title: 'First', codes: ['X-01'] }] },
    ]);
  });

  it('returns the frameworks in crosswalk order', () => {
    expect(frameworkCoverage(ASKED, allYesExcept()).map((c) => c.framework_id)).toEqual(CROSSWALKS.map((c) => c.id));
  });
});
