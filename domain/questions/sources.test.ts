// The source register says, for every entry, when it was verified and whether against the text itself
// or only against summaries of it (and then what was searched for the text); a superseded entry
// names what replaced it, no question cites it, and a gate cannot rest on it alone.
import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from './bank.ts';
import { renderRegister } from './bank-register.ts';
import { checkQuestionBank } from './bank-rules.ts';
import { sourceDefSchema, type SourceDef } from './source-types.ts';
import { citationOf, isHardSource, SOURCES, sourceOf } from './sources.ts';

const ENTRIES = Object.entries(SOURCES) as [string, SourceDef][];
const issues = (s: unknown) => sourceDefSchema.safeParse(s).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('source verification', () => {
  it('records for every entry the day it was verified and its basis, and for a secondary entry what was searched', () => {
    for (const [id, s] of ENTRIES) {
      expect(s.verifiedOn, id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['primary', 'secondary'], id).toContain(s.basis);
      if (s.basis === 'secondary') expect(s.searched?.trim().length ?? 0, `${id}: what was searched for the primary text`).toBeGreaterThan(10);
      else expect(s.searched, `${id}: only a secondary entry says what was searched`).toBeUndefined();
      expect(issues(s), id).toEqual([]);
    }
  });

  it('refuses an entry without verifiedOn or basis, and a secondary entry without searched', () => {
    const base = SOURCES.chips10634 as SourceDef;
    const { verifiedOn: _v, ...noDate } = base;
    const { basis: _b, ...noBasis } = base;
    expect(issues(noDate)).toEqual(['verifiedOn: Invalid input: expected string, received undefined']);
    expect(issues(noBasis)[0]).toMatch(/^basis: /);
    expect(issues({ ...base, verifiedOn: '27 November 2026' })).toEqual(['verifiedOn: Use YYYY-MM-DD']);
    expect(issues({ ...base, basis: 'secondary' })).toEqual([
      'searched: A secondary entry says what was searched for the primary text (searched), and only a secondary entry does',
    ]);
    expect(issues({ ...base, searched: 'The statute text on govinfo' })).toEqual([
      'searched: A secondary entry says what was searched for the primary text (searched), and only a secondary entry does',
    ]);
    expect(issues({ ...base, basis: 'secondary', searched: 'The statute text on govinfo and uscode.house.gov' })).toEqual([]);
  });

  it('names the successor of a superseded entry, which is in the register and not itself superseded', () => {
    expect(issues({ ...(SOURCES.dodMatrix as SourceDef), supersededBy: undefined })).toEqual([
      'supersededBy: A superseded entry names the source that supersedes it (supersededBy), and only a superseded entry does',
    ]);
    const superseded = ENTRIES.filter(([, s]) => s.status === 'superseded');
    expect(superseded.map(([id]) => id)).toEqual(['dodMatrix']);
    for (const [id, s] of superseded) {
      const next = sourceOf(s.supersededBy!);
      expect(next, id).toBeDefined();
      expect(next!.status, id).not.toBe('superseded');
    }
    expect(citationOf('dodMatrix')).toBe('DoD Decision Matrix (2023, updated 9 May 2025) (superseded)');
  });

  it('keeps questions on the source in force, and refuses a gate resting only on a superseded source', () => {
    for (const q of QUESTION_BANK) for (const id of q.sources) expect(sourceOf(id)?.status, `${q.code} cites ${id}`).not.toBe('superseded');
    expect(QUESTION_BANK.find((q) => q.code === 'PP-13')?.sources).toEqual(['dodMatrix2026', 'nsfTrust']);
    const edited = QUESTION_BANK.map((q) => (q.code === 'PP-20' ? { ...q, sources: ['dodMatrix'] } : q));
    expect(checkQuestionBank(edited)).toEqual([
      'Critical question PP-20 rests only on a superseded source (DoD Decision Matrix (2023, updated 9 May 2025), superseded by DoW Decision Matrix (9 March 2026)): cite the requirement in force that replaces it.',
    ]);
    expect(isHardSource('dodMatrix')).toBe(false);
  });

  it('shows in the register when each source was verified, on what basis and what was searched', () => {
    const register = renderRegister();
    expect(register).toContain('| Verified on | Basis |');
    expect(register).toMatch(/\| usdaSm1078014 \|.*\| 2026-11-29 \| Secondary summaries only; searched: The memorandum's text and a public URL for it/);
    expect(register).toMatch(/\| nihOd24157 \|.*\| 2026-11-27 \| Primary text \|/);
    expect(register).toContain('Superseded by DoW Decision Matrix (9 March 2026) (`dodMatrix2026`)');
    // Entries added on 29 November 2026: primary where the text was read, secondary with what was searched.
    expect(register).toMatch(/\| uniform200216 \|.*\| 2026-11-29 \| Primary text \|/);
    expect(register).toMatch(/\| nsfRecr \|.*\| 2026-11-29 \| Primary text \|/);
    expect(register).toMatch(/\| asda1825 \|.*\| 2026-11-29 \| Secondary summaries only; searched: uscode\.house\.gov and govinfo/);
    expect(register).toMatch(/\| nsfTrust \|.*\| 2026-11-29 \| Secondary summaries only; searched: nsf\.gov/);
  });
});
