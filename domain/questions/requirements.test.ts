import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from './bank.ts';
import { renderRegister } from './bank-register.ts';
import { REQUIREMENTS } from './requirements.ts';
import { isHardSource, isKnownSource, sourceOf } from './sources.ts';

const codes = new Set(QUESTION_BANK.map((q) => q.code));

describe('requirements register', () => {
  it('gives requirements unique ids R1, R2, ... in order', () => {
    expect(REQUIREMENTS.map((r) => r.id)).toEqual(REQUIREMENTS.map((_, i) => `R${i + 1}`));
  });

  it('covers every requirement with at least one question, naming only codes of the bank', () => {
    for (const r of REQUIREMENTS) {
      expect(r.questions.length, r.id).toBeGreaterThan(0);
      for (const c of r.questions) expect(codes.has(c), `${r.id} names ${c}`).toBe(true);
    }
  });

  it('cites only registered sources, and a hard requirement rests on a binding source in force', () => {
    for (const r of REQUIREMENTS) {
      expect(r.sources.length, r.id).toBeGreaterThan(0);
      for (const s of r.sources) expect(isKnownSource(s), `${r.id}: ${s}`).toBe(true);
      if (r.hard) expect(r.sources.some(isHardSource), r.id).toBe(true);
    }
  });

  it('gives every question at least one dated source', () => {
    for (const q of QUESTION_BANK) {
      const dated = q.sources.map(sourceOf).filter((s) => s && /^\d{4}/.test(s.date));
      expect(dated.length, q.code).toBeGreaterThan(0);
    }
  });

  it('makes every gate cite a hard requirement', () => {
    for (const q of QUESTION_BANK.filter((x) => x.critical)) expect(q.sources.some(isHardSource), q.code).toBe(true);
  });

  it('makes every question resting on a hard requirement a gate', () => {
    expect(QUESTION_BANK.filter((q) => !q.critical && q.sources.some(isHardSource)).map((q) => q.code)).toEqual([]);
  });

  it('maps every gate to a hard requirement', () => {
    const hardCodes = new Set(REQUIREMENTS.filter((r) => r.hard).flatMap((r) => r.questions));
    for (const q of QUESTION_BANK.filter((x) => x.critical)) expect(hardCodes.has(q.code), q.code).toBe(true);
  });

  it('renders each requirement, every source and every clock', () => {
    const md = renderRegister();
    for (const r of REQUIREMENTS) expect(md).toContain(`### ${r.id}. ${r.title}`);
    for (const q of QUESTION_BANK) expect(md).toContain(`| ${q.code} |`);
    expect(md).toContain('| ostp2024 | OSTP RSP Guidelines (2024) |');
    expect(md).toContain('Executive policy; Announced, not yet in force; verified 2026-11-27 (primary text)');
    expect(md).toContain('| PP-23 | Section 117 report due January 31 or July 31, whichever comes first after a reportable foreign gift or contract ($250,000 or more from one foreign source in a calendar year); nothing to report, no report | Twice a year | 6 months | 01-31, 07-31 |');
    expect(md).toContain('Within a year after agencies publish a travel security training resource');
  });
});
