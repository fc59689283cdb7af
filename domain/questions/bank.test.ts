import { describe, expect, it } from 'vitest';
import { MAX_SCORE, QUESTION_COUNT_RANGE, QUESTION_POINTS_RANGE } from '../scoring/policy.ts';
import { PROFILE_WITH_EVERY_DUTY, questionsFor, type ApplicabilityProfile } from './applicability.ts';
import { QUESTION_BANK } from './bank.ts';
import { RETIRED_CODES } from './bank-retired.ts';
import { checkQuestionBank } from './bank-rules.ts';
import { DOMAINS } from './domains.ts';
import { questionDefSchema } from './question-types.ts';
import { citationOf, isHardSource, isKnownSource, SOURCES, sourceOf } from './sources.ts';
import { sourceDefSchema } from './source-types.ts';

const GATES = ['PP-02', 'PP-15', 'PP-16', 'PP-17', 'PP-18', 'PP-22', 'TP-01', 'IP-24'];

describe('question bank', () => {
  it(`totals exactly ${MAX_SCORE} points`, () => {
    expect(QUESTION_BANK.reduce((s, q) => s + q.points, 0)).toBe(140);
  });

  it('holds 45–70 questions with unique codes, none of them retired', () => {
    expect(QUESTION_BANK.length).toBeGreaterThanOrEqual(QUESTION_COUNT_RANGE.min);
    expect(QUESTION_BANK.length).toBeLessThanOrEqual(QUESTION_COUNT_RANGE.max);
    expect(new Set(QUESTION_BANK.map((q) => q.code)).size).toBe(QUESTION_BANK.length);
    const retired = new Set(RETIRED_CODES.map((r) => r.code));
    expect(retired.size).toBe(RETIRED_CODES.length);
    expect(QUESTION_BANK.filter((q) => retired.has(q.code)).map((q) => q.code)).toEqual([]);
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

  it('cites only sources of the register, and every question cites one', () => {
    for (const q of QUESTION_BANK) {
      expect(q.sources.length, q.code).toBeGreaterThan(0);
      for (const s of q.sources) expect(isKnownSource(s), `${q.code}: ${s}`).toBe(true);
      if (q.clock) expect(isKnownSource(q.clock.source), `${q.code} clock`).toBe(true);
    }
  });

  it('gates exactly the duties imposed by a requirement in force, each with a critical corrective action', () => {
    const critical = QUESTION_BANK.filter((q) => q.critical).map((q) => q.code);
    expect(critical.sort()).toEqual([...GATES].sort());
    for (const q of QUESTION_BANK.filter((x) => x.critical)) {
      expect(q.correctiveAction.priority, q.code).toBe('critical');
      expect(q.sources.some(isHardSource), q.code).toBe(true);
    }
  });

  it('asks a profile with every duty every question, each gate a gate', () => {
    const asked = questionsFor(QUESTION_BANK, PROFILE_WITH_EVERY_DUTY);
    expect(asked.map((q) => q.code)).toEqual(QUESTION_BANK.map((q) => q.code));
    expect(asked.filter((q) => q.critical).map((q) => q.code).sort()).toEqual([...GATES].sort());
  });

  it('asks a company that is not covered fewer questions, and no covered-institution or university duty', () => {
    const company: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['dod'], activities: ['cui_fci'] };
    const asked = questionsFor(QUESTION_BANK, company);
    const codes = asked.map((q) => q.code);
    expect(asked.length).toBeLessThan(QUESTION_BANK.length);
    // Covered-institution duties (program certification evidence, travel) and university duties are not asked.
    for (const code of ['AU-12', 'CI-02', 'PP-07', 'TP-07', 'PP-16', 'PP-17', 'PP-18', 'CI-05', 'PP-02']) expect(codes, code).not.toContain(code);
    // DoD decides training project by project: asked, not a gate. CMMC affirmation is a gate.
    expect(asked.find((q) => q.code === 'TP-01')?.critical).toBe(false);
    expect(asked.filter((q) => q.critical).map((q) => q.code).sort()).toEqual(['IP-24', 'PP-15']);
    expect(codes).toContain('PP-20');
  });

  it('asks an organization without federal funding only the questions every organization gets', () => {
    const none: ApplicabilityProfile = { kind: 'nonprofit', covered: false, agencies: [], activities: [] };
    const asked = questionsFor(QUESTION_BANK, none);
    expect(asked.some((q) => q.critical)).toBe(false);
    expect(asked.every((q) => q.appliesWhen.length === 0 || q.code === 'CI-05')).toBe(true);
  });

  it('weighs a hard requirement that is not a gate at 3 or more, and good practice at 1–2', () => {
    for (const q of QUESTION_BANK) {
      const hard = q.sources.some(isHardSource);
      if (hard && !q.critical) expect(q.points, q.code).toBeGreaterThanOrEqual(3);
      const practiceOnly = q.sources.every((s) => ['practice', 'guidance'].includes(sourceOf(s)!.force));
      if (practiceOnly) expect(q.points, q.code).toBeLessThanOrEqual(2);
    }
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

  it('rejects an unknown source, a gate resting on guidance alone, and gate conditions on a non-gate', () => {
    const ci13 = QUESTION_BANK.find((q) => q.code === 'CI-13')!;
    const edited = QUESTION_BANK.map((q) =>
      q.code === 'CI-13'
        ? { ...q, critical: true, sources: ['nspm33Guidance'] }
        : q.code === 'CI-14'
          ? { ...q, sources: ['NSPM-33 (2021)'] }
          : q.code === 'CI-15'
            ? { ...q, criticalWhen: [{ covered: true as const }] }
            : q,
    );
    expect(ci13.critical).toBe(false);
    expect(checkQuestionBank(edited)).toEqual([
      'Critical question CI-13 must cite a requirement in force (statute, regulation or agency term).',
      'Question CI-14 cites "NSPM-33 (2021)", which is not in the source register.',
      'Question CI-15 has conditions for when it is critical, but it is not critical.',
    ]);
  });
});

describe('source register', () => {
  it('holds valid, dated entries', () => {
    for (const [id, s] of Object.entries(SOURCES)) {
      expect(id, id).toMatch(/^[a-z][A-Za-z0-9]*$/);
      const parsed = sourceDefSchema.safeParse(s);
      expect(parsed.success, `${id}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('shows a citation with its status, and leaves labels of older versions unchanged', () => {
    expect(citationOf('chips10634')).toBe('CHIPS Act §10634 (42 U.S.C. 19234)');
    expect(citationOf('ostp2024')).toBe('OSTP RSP Guidelines (2024) (announced, not yet in force)');
    expect(citationOf('nihOd25154')).toBe('NIH NOT-OD-25-154 (rescinded)');
    expect(citationOf('nistIr8481')).toBe('NIST IR 8481 (draft, 2023) (proposed, not in force)');
    expect(citationOf('NSPM-33 (2021)')).toBe('NSPM-33 (2021)');
    expect(citationOf('toString')).toBe('toString');
    expect(sourceOf('constructor')).toBeUndefined();
  });

  it('marks the institutional program certification as announced, not in force, with its expected date', () => {
    expect(SOURCES.ostp2024.status).toBe('announced');
    expect(SOURCES.ostp2024.effective).toBe('2027-01-09');
    expect(SOURCES.ostp2024.note).toMatch(/No agency has put/);
    expect(SOURCES.nihOd25154.status).toBe('rescinded');
  });
});
