import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from './bank.ts';
import { RETIRED_CODES } from './bank-retired.ts';
import { CROSSWALKS, crosswalkProblems, questionsByItem, type Crosswalk, type FrameworkId } from './crosswalks.ts';
import { isKnownSource } from './sources.ts';

const BANK_CODES = new Set(QUESTION_BANK.map((q) => q.code));
const crosswalk = (id: FrameworkId): Crosswalk => {
  const c = CROSSWALKS.find((x) => x.id === id);
  if (!c) throw new Error(`No crosswalk ${id}`);
  return c;
};
const itemIds = (id: FrameworkId) => crosswalk(id).items.map((i) => i.id);

// The items the bank answers for, per framework: dropping or retiring a question that covers one fails.
const COVERED: Record<FrameworkId, readonly string[]> = {
  'nspm33-cyber': itemIds('nspm33-cyber').filter((id) => id !== 'transactions' && id !== 'external'),
  'far-52-204-21': itemIds('far-52-204-21'),
  'nist-800-171-r2': ['3.1.1', '3.1.22', '3.2.1', '3.2.3', '3.5.1', '3.5.2', '3.5.3', '3.6.2', '3.8.3', '3.10.1', '3.13.1', '3.13.5', '3.14.1', '3.14.2', '3.14.4', '3.14.5'],
  'nist-800-171-r3': ['03.01.01', '03.01.22', '03.02.01', '03.04.10', '03.05.01', '03.05.03', '03.06.02', '03.08.03', '03.10.01', '03.10.07', '03.13.01', '03.14.01', '03.14.02'],
};

describe('crosswalks', () => {
  it('list each framework’s items as the sources number them', () => {
    expect(CROSSWALKS.map((c) => [c.id, c.items.length])).toEqual([
      ['nspm33-cyber', 14],
      ['far-52-204-21', 15],
      ['nist-800-171-r2', 110],
      ['nist-800-171-r3', 97],
    ]);
    expect(crosswalk('far-52-204-21').items.map((i) => i.pinpoint).at(-1)).toBe('52.204-21(b)(1)(xv)');
    // Rev. 2: 14 families, per the CMMC Model Overview's Level 2 list.
    const perFamily = new Map<string, number>();
    for (const id of itemIds('nist-800-171-r2')) perFamily.set(id.split('.').slice(0, 2).join('.'), (perFamily.get(id.split('.').slice(0, 2).join('.')) ?? 0) + 1);
    expect([...perFamily.values()]).toEqual([22, 3, 9, 9, 11, 3, 6, 9, 2, 6, 3, 4, 16, 7]);
    // Rev. 3: 17 families, withdrawn numbers left out.
    expect(new Set(itemIds('nist-800-171-r3').map((id) => id.slice(0, 5))).size).toBe(17);
    expect(itemIds('nist-800-171-r3')).not.toContain('03.13.05');
  });

  it('cite register entries that exist', () => {
    for (const c of CROSSWALKS) expect(isKnownSource(c.sourceId), c.sourceId).toBe(true);
  });

  it('map only questions of the bank to items of their framework, and every covered item has a question', () => {
    expect(crosswalkProblems(CROSSWALKS, BANK_CODES, COVERED)).toEqual([]);
  });

  it('cover exactly the pinned items (a new mapping updates COVERED on purpose)', () => {
    for (const c of CROSSWALKS) {
      const covered = [...questionsByItem(c)].filter(([, codes]) => codes.length > 0).map(([id]) => id);
      expect(covered, c.id).toEqual(COVERED[c.id]);
    }
  });

  it('fail when a mapping cites an unknown item or question, or a covered item loses its question', () => {
    const far = crosswalk('far-52-204-21');
    const broken: Crosswalk = { ...far, mapping: { ...far.mapping, 'IP-99': ['b1-i'], 'IP-25': ['b1-xx'] } };
    expect(crosswalkProblems([broken], BANK_CODES)).toEqual(['far-52-204-21: IP-25 maps to unknown item b1-xx', 'far-52-204-21: IP-99 is not a question of the bank']);
    const withoutIp19 = new Set([...BANK_CODES].filter((code) => code !== 'IP-19' && code !== 'IP-29'));
    expect(crosswalkProblems([far], withoutIp19, { 'far-52-204-21': ['b1-vii'] })).toEqual([
      'far-52-204-21: IP-19 is not a question of the bank',
      'far-52-204-21: IP-29 is not a question of the bank',
      'far-52-204-21: item b1-vii has no question in the bank',
    ]);
  });

  it('never map a retired code', () => {
    const retired = new Set(RETIRED_CODES.map((r) => r.code));
    for (const c of CROSSWALKS) for (const code of Object.keys(c.mapping)) expect(retired.has(code), `${c.id} ${code}`).toBe(false);
  });
});
