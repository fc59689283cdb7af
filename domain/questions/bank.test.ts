import { describe, expect, it } from 'vitest';
import { MAX_SCORE, QUESTION_COUNT_RANGE, QUESTION_POINTS_RANGE, scaledScore } from '../scoring/policy.ts';
import { PROFILE_WITH_EVERY_DUTY, questionsFor, type ApplicabilityProfile } from './applicability.ts';
import { QUESTION_BANK } from './bank.ts';
import { RETIRED_CODES } from './bank-retired.ts';
import { checkQuestionBank } from './bank-rules.ts';
import { DOMAINS } from './domains.ts';
import { questionDefSchema } from './question-types.ts';
import { citationOf, isHardSource, isKnownSource, SOURCES, sourceOf } from './sources.ts';
import { isHardRequirement, sourceDefSchema, type SourceDef } from './source-types.ts';

// Every question that cites a hard requirement in force (bank-rules.ts), each scoped to where its source binds.
const GATES = [
  ...['PP-02', 'PP-03', 'PP-05', 'PP-15', 'PP-23', 'PP-17', 'PP-18', 'PP-19', 'PP-20', 'PP-21', 'PP-24', 'PP-25', 'PP-26', 'PP-27', 'PP-28'],
  ...['TP-01', 'TP-03', 'TP-12', 'TP-14'],
  ...['IP-23', 'IP-24', 'IP-29', 'IP-30', 'IP-31', 'IP-32'],
  ...['AU-05', 'AU-13', 'AU-14', 'AU-16'],
];

describe('question bank', () => {
  it(`totals exactly ${MAX_SCORE} points`, () => {
    expect(QUESTION_BANK.reduce((s, q) => s + q.points, 0)).toBe(140);
  });

  it(`holds ${QUESTION_COUNT_RANGE.min}–${QUESTION_COUNT_RANGE.max} questions with unique codes, none of them retired`, () => {
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
    for (const code of ['AU-12', 'CI-02', 'PP-07', 'TP-07', 'PP-23', 'PP-17', 'PP-18', 'CI-05', 'PP-02']) expect(codes, code).not.toContain(code);
    // DoD decides training project by project: asked, not a gate. The DoD contract duties are gates.
    expect(asked.find((q) => q.code === 'TP-01')?.critical).toBe(false);
    expect(asked.find((q) => q.code === 'TP-03')?.critical).toBe(false);
    // The §1286 screening (PP-20) is asked of every DoD-funded organization but gates only institutions of higher education (FY2025 NDAA §238).
    expect(asked.find((q) => q.code === 'PP-20')?.critical).toBe(false);
    // Its instruments are not confirmed, so DoD counts as grants and contracts: the grant records (AU-14) gate too.
    expect(asked.filter((q) => q.critical).map((q) => q.code).sort()).toEqual(['AU-14', 'IP-24', 'IP-29', 'IP-30', 'PP-24', 'PP-25']);
    // The talent program duties reach organizations through NSF, NIH and DOE terms (CHIPS Act
    // §10631-10632 direct the agencies): a DoD-only company is asked both as good practice, on
    // guidance and DoD's policy as summarized, and neither gates.
    expect(asked.find((q) => q.code === 'PP-05')?.critical).toBe(false);
    expect(asked.find((q) => q.code === 'PP-05')?.sources).toContain('nspm33GuidanceDisclosure');
    expect(asked.find((q) => q.code === 'PP-15')?.critical).toBe(false);
    expect(asked.find((q) => q.code === 'PP-15')?.sources).toContain('dodFtrp2023');
    // Controls with no hard source for it are good practice, not gates (IP-10 incident reporting).
    expect(asked.find((q) => q.code === 'IP-10')?.critical).toBe(false);
  });

  it('asks the training question of an organization funded by NSF and DoD in words it can answer Yes to', () => {
    const nsfAndDod: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: ['nsf', 'dod'], activities: [] };
    const tp01 = questionsFor(QUESTION_BANK, nsfAndDod).find((q) => q.code === 'TP-01')!;
    expect(tp01.critical).toBe(true);
    expect(tp01.questionText).toContain('proposals to an agency that requires research security training (NSF, NIH, DOE, NASA; USDA and DoD where the award requires it)');
    // Training is not asked of an organization funded only by an agency that does not require it.
    const other: ApplicabilityProfile = { kind: 'nonprofit', covered: false, agencies: ['other'], activities: [] };
    const codes = questionsFor(QUESTION_BANK, other).map((q) => q.code);
    for (const code of ['TP-01', 'TP-02', 'TP-03']) expect(codes, code).not.toContain(code);
    for (const code of ['PP-05', 'PP-15']) expect(questionsFor(QUESTION_BANK, other).find((q) => q.code === code)?.critical, code).toBe(false);
    // NSF, NIH and DOE applicants certify and disclose under their agency's terms: both are gates.
    for (const agency of ['nsf', 'nih', 'doe'] as const) {
      const funded: ApplicabilityProfile = { kind: 'nonprofit', covered: false, agencies: [agency], activities: [] };
      const gates = questionsFor(QUESTION_BANK, funded).filter((q) => q.critical).map((q) => q.code);
      expect(gates, agency).toEqual(expect.arrayContaining(['PP-05', 'PP-15']));
    }
  });

  it('gates the federal-funds purchasing bans for every federally funded organization, the NSF training plan for NSF applicants only, and neither without federal funds', () => {
    const gatesOf = (p: ApplicabilityProfile) => questionsFor(QUESTION_BANK, p).filter((q) => q.critical).map((q) => q.code);
    const codesOf = (p: ApplicabilityProfile) => questionsFor(QUESTION_BANK, p).map((q) => q.code);
    // An NSF grant recipient certifies research security training (TP-01) and its responsible conduct of research plan (TP-14).
    const nsf: ApplicabilityProfile = { kind: 'nonprofit', covered: false, agencies: ['nsf'], activities: [] };
    expect(gatesOf(nsf)).toEqual(expect.arrayContaining(['TP-01', 'TP-14', 'PP-24', 'PP-25']));
    // Drones and Section 889 reach whatever agency funds the award; the NSF plan only NSF applicants.
    for (const agency of ['nih', 'doe', 'dod', 'nasa', 'usda', 'other'] as const) {
      const funded: ApplicabilityProfile = { kind: 'company', covered: false, agencies: [agency], activities: [] };
      expect(gatesOf(funded), agency).toEqual(expect.arrayContaining(['PP-24', 'PP-25']));
      expect(codesOf(funded), agency).not.toContain('TP-14');
    }
    // A company without federal funds is never asked a federal-award question.
    const unfunded: ApplicabilityProfile = { kind: 'company', covered: false, agencies: [], activities: [] };
    for (const code of ['PP-24', 'PP-25', 'TP-14', 'TP-01', 'AU-14', 'PP-15']) expect(codesOf(unfunded), code).not.toContain(code);
    // Each rests on the text that binds it.
    const sourcesOf = (code: string) => QUESTION_BANK.find((q) => q.code === code)!.sources;
    expect(sourcesOf('PP-24')).toEqual(['asda1825']);
    expect(sourcesOf('PP-25')).toEqual(['uniform200216']);
    expect(sourcesOf('TP-14')).toEqual(['nsfRecr']);
  });

  it('gates the NIH data and biospecimen duties only for organizations that hold them: NIH repository users and NIH-supported biospecimen holders', () => {
    const gatesOf = (p: ApplicabilityProfile) => questionsFor(QUESTION_BANK, p).filter((q) => q.critical).map((q) => q.code);
    const codesOf = (p: ApplicabilityProfile) => questionsFor(QUESTION_BANK, p).map((q) => q.code);
    const nihGrantee: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: ['nih'], instruments: { nih: ['grant'] }, activities: [] };
    // An NIH grantee without biospecimens or NIH repository data is asked none of the three.
    for (const code of ['IP-23', 'IP-31', 'IP-32']) expect(codesOf(nihGrantee), code).not.toContain(code);
    // With NIH-supported biospecimens it is gated on the biospecimen policy (NOT-OD-25-160), and on nothing about repository data.
    const withBiospecimens = { ...nihGrantee, activities: ['nih_biospecimens'] } satisfies ApplicabilityProfile;
    expect(gatesOf(withBiospecimens)).toContain('IP-32');
    expect(codesOf(withBiospecimens)).not.toContain('IP-31');
    // The activity is NIH support itself: a holder funded through a subaward, whose profile lists another agency, is gated too.
    const subrecipient: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['dod'], activities: ['nih_biospecimens'] };
    expect(gatesOf(subrecipient)).toContain('IP-32');
    // An approved user of NIH repositories is gated on NIST SP 800-171 (IP-23) and on no country-of-concern access (IP-31), NIH-funded or not.
    const nihDataUser: ApplicabilityProfile = { kind: 'company', covered: false, agencies: [], activities: ['nih_controlled_access'] };
    expect(gatesOf(nihDataUser)).toEqual(expect.arrayContaining(['IP-23', 'IP-31']));
    // Controlled-access data from other providers: IP-23 asked as good practice, not a gate; the NIH-only duties not asked.
    const otherData: ApplicabilityProfile = { kind: 'nonprofit', covered: false, agencies: ['nih'], activities: ['controlled_access_data'] };
    const asked = questionsFor(QUESTION_BANK, otherData);
    expect(asked.find((q) => q.code === 'IP-23')?.critical).toBe(false);
    expect(codesOf(otherData)).not.toContain('IP-31');
    expect(codesOf(otherData)).not.toContain('IP-32');
    const sourcesOf = (code: string) => QUESTION_BANK.find((q) => q.code === code)!.sources;
    expect(sourcesOf('IP-31')).toEqual(['nihOd25083', 'nihOd25159']);
    expect(sourcesOf('IP-32')).toEqual(['nihOd25160']);
  });

  it('gates the DOJ rejected-transaction report (AU-16) for DOJ Data Security Program activity only, with its 14-day window', () => {
    const gatesOf = (p: ApplicabilityProfile) => questionsFor(QUESTION_BANK, p).filter((q) => q.critical).map((q) => q.code);
    const codesOf = (p: ApplicabilityProfile) => questionsFor(QUESTION_BANK, p).map((q) => q.code);
    expect(gatesOf({ kind: 'nonprofit', covered: false, agencies: ['nih'], activities: ['doj_dsp'] })).toContain('AU-16');
    expect(codesOf({ kind: 'nonprofit', covered: false, agencies: ['nih'], activities: ['nih_biospecimens'] })).not.toContain('AU-16');
    const au16 = QUESTION_BANK.find((q) => q.code === 'AU-16')!;
    expect(au16.clock).toMatchObject({ recurrence: 'after_event', within: 14, unit: 'days', source: 'doj202Reports' });
    expect(SOURCES.doj202Reports).toMatchObject({ force: 'regulation', status: 'in_force', basis: 'primary', effective: '2025-10-06', binds: [{ activities: ['doj_dsp'] }] });
  });

  it('gates the EAR Affiliates Rule (PP-28) for export-controlled work only', () => {
    const gatesOf = (p: ApplicabilityProfile) => questionsFor(QUESTION_BANK, p).filter((q) => q.critical).map((q) => q.code);
    const codesOf = (p: ApplicabilityProfile) => questionsFor(QUESTION_BANK, p).map((q) => q.code);
    expect(gatesOf({ kind: 'company', covered: false, agencies: [], activities: ['export_controlled'] })).toContain('PP-28');
    expect(codesOf({ kind: 'ihe', covered: true, agencies: ['nsf'], activities: [] })).not.toContain('PP-28');
  });

  it(`holds more than 70 questions and still scores out of ${MAX_SCORE}: every profile answering Yes to all it is asked scores ${MAX_SCORE}`, () => {
    expect(QUESTION_BANK.length).toBeGreaterThan(70);
    expect(QUESTION_BANK.reduce((s, q) => s + q.points, 0)).toBe(MAX_SCORE);
    const profiles: ApplicabilityProfile[] = [
      PROFILE_WITH_EVERY_DUTY,
      { kind: 'ihe', covered: false, agencies: ['nsf'], activities: [] },
      { kind: 'company', covered: false, agencies: ['dod'], activities: ['cui_fci'] },
      { kind: 'nonprofit', covered: false, agencies: [], activities: [] },
    ];
    for (const p of profiles) {
      const applicable = questionsFor(QUESTION_BANK, p).reduce((s, q) => s + q.points, 0);
      expect(scaledScore(applicable, applicable), JSON.stringify(p)).toBe(MAX_SCORE);
      expect(scaledScore(applicable - 1, applicable), JSON.stringify(p)).toBeLessThan(MAX_SCORE);
    }
  });

  it('gates every hard requirement asked of a profile with every duty, so a Pass cannot hide a legal miss', () => {
    const asked = questionsFor(QUESTION_BANK, PROFILE_WITH_EVERY_DUTY);
    const hardButNotGate = asked.filter((q) => !q.critical && q.sources.some(isHardSource)).map((q) => q.code);
    expect(hardButNotGate).toEqual([]);
  });

  it('asks an organization without federal funding only the questions every organization gets', () => {
    const none: ApplicabilityProfile = { kind: 'nonprofit', covered: false, agencies: [], activities: [] };
    const asked = questionsFor(QUESTION_BANK, none);
    expect(asked.some((q) => q.critical)).toBe(false);
    expect(asked.every((q) => q.appliesWhen.length === 0 || q.code === 'CI-05')).toBe(true);
  });

  it('weighs a question with no hard source at 2 points or less (good practice, docs/decisions/018)', () => {
    for (const q of QUESTION_BANK) if (!q.sources.some(isHardSource)) expect(q.points, q.code).toBeLessThanOrEqual(2);
  });

  it('passes the publish-time bank rules, which catch a broken bank', () => {
    expect(checkQuestionBank(QUESTION_BANK)).toEqual([]);
    // Drop the first question and repeat the code of the second on one worth other points, so the total changes too.
    const otherPoints = QUESTION_BANK.find((q) => q.points !== QUESTION_BANK[0]!.points)!;
    const broken = [...QUESTION_BANK.slice(1), { ...otherPoints, code: QUESTION_BANK[1]!.code, critical: true, sources: [] }];
    const problems = checkQuestionBank(broken);
    expect(problems.some((p) => p.includes('total exactly 140'))).toBe(true);
    expect(problems.some((p) => p.includes('used more than once'))).toBe(true);
    expect(problems.some((p) => p.includes('must cite at least one source'))).toBe(true);
    expect(problems.some((p) => p.includes('questions (this one'))).toBe(false);
    const tooFew = checkQuestionBank(QUESTION_BANK.slice(0, QUESTION_COUNT_RANGE.min - 1));
    expect(tooFew).toContain(`A questionnaire holds 45 to ${QUESTION_COUNT_RANGE.max} questions (this one would hold 44).`);
    // The bank may hold more than 70 questions (a gate per requirement in force), never more than the maximum.
    expect(QUESTION_COUNT_RANGE.max).toBeGreaterThan(70);
    const tooMany = Array.from({ length: QUESTION_COUNT_RANGE.max + 1 - QUESTION_BANK.length }, (_, i) => ({ ...QUESTION_BANK[0]!, code: `ZZ-${String(i).padStart(2, '0')}` }));
    expect(checkQuestionBank([...QUESTION_BANK, ...tooMany])).toContain(
      `A questionnaire holds 45 to ${QUESTION_COUNT_RANGE.max} questions (this one would hold ${QUESTION_COUNT_RANGE.max + 1}).`,
    );
  });

  it('rejects a gate asked of organizations its sources do not bind, naming whom it gates and whom they bind', () => {
    // IP-10 made a gate, asked of every organization, citing only DFARS 252.204-7012.
    const edited = QUESTION_BANK.map((q) => (q.code === 'IP-10' ? { ...q, critical: true, sources: ['dfars7012'] } : q));
    expect(checkQuestionBank(edited)).toEqual([
      'Critical question IP-10 gates organizations its sources do not bind: it gates every organization, but DFARS 252.204-7012 / NIST SP 800-171 binds organizations with contracts from DoD with CUI or FCI.',
    ]);
    // Scoped to where the clause binds, it passes.
    expect(checkQuestionBank(edited.map((q) => (q.code === 'IP-10' ? { ...q, appliesWhen: [{ contracts: ['dod' as const] }, { activities: ['cui_fci' as const] }] } : q)))).toEqual([]);
    // A gate for every federally funded organization resting on DOE's letter alone gates NSF-only organizations too.
    const au05 = QUESTION_BANK.map((q) => (q.code === 'AU-05' ? { ...q, appliesWhen: [{ agencies: ['nsf' as const, 'doe' as const] }] } : q));
    expect(checkQuestionBank(au05)).toEqual([
      'Critical question AU-05 gates organizations its sources do not bind: it gates organizations funded by NSF, but DOE FAL 2025-02 binds organizations with grants or cooperative agreements from DOE.',
    ]);
    // A covered-institution gate falls within a source binding IHEs, nonprofits and FFRDCs only if it says so.
    const covered = QUESTION_BANK.map((q) => (q.code === 'PP-17' ? { ...q, appliesWhen: [{ covered: true as const }, { agencies: ['nsf' as const] }], sources: ['chips10339b'] } : q));
    expect(checkQuestionBank(covered)).toEqual([
      'Critical question PP-17 gates organizations its sources do not bind: it gates covered institutions funded by NSF, but CHIPS Act §10339B (42 U.S.C. 19040) binds institutions of higher education funded by NSF.',
    ]);
  });

  it('rejects a question that cites a requirement in force without being a gate, a retired code and a clock source outside the register', () => {
    const edited = QUESTION_BANK.map((q) =>
      q.code === 'TP-02'
        ? { ...q, sources: ['nsfIn149'] }
        : q.code === 'AU-02'
          ? { ...q, code: 'AU-01' }
          : q.code === 'AU-06'
            ? { ...q, clock: { summary: 'Every year', recurrence: 'annual' as const, months: 12, dates: [], starts: null, source: 'selfAssessmentRule' } }
            : q,
    );
    expect(checkQuestionBank(edited)).toEqual([
      'Question TP-02 cites a requirement in force (NSF Important Notice No. 149), so it must be a gate: mark it critical, or cite guidance instead if it only supports that duty.',
      'Question code AU-01 was retired and cannot be used again.',
      'The clock of question AU-06 names "selfAssessmentRule" as its source, which is not in the source register.',
    ]);
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

  it('says whom each binding source binds; a statute that only directs agencies binds no organization and is not a hard requirement', () => {
    for (const [id, s] of Object.entries(SOURCES) as [string, SourceDef][]) {
      const binding = s.status === 'in_force' && ['statute', 'regulation', 'agency_term'].includes(s.force);
      const binds = s.binds;
      if (binding && binds === undefined) expect(s.note, `${id} binds no organization: its note says why`).toMatch(/not institutions|not a duty|Definitions only|the duty on/);
      if (!binding) expect(binds, id).toBeUndefined();
    }
    expect(isHardSource('chips10229')).toBe(false);
    // CHIPS Act §10631, §10632 and §10634 direct OSTP and the agencies; the duties reach
    // organizations through agency terms, which are the hard sources.
    for (const id of ['chips10631', 'chips10632', 'chips10634'] as const) {
      expect(SOURCES[id].force, id).toBe('statute');
      expect(isHardSource(id), id).toBe(false);
    }
    for (const id of ['nsfPappg', 'nsfIn149', 'nihOd26017', 'nihOd26018', 'doeFal', 'usdaSm1078014', 'nasaGic2602'] as const) expect(isHardSource(id), id).toBe(true);
    // Retention: 2 CFR 200.334 binds assistance awards, FAR 4.703 contracts, each with its own binds.
    expect(SOURCES.uniform200334.note).toMatch(/not procurement contracts \(FAR 4\.703\)/);
    expect(SOURCES.uniform200334.binds).toEqual([{ grants: ['nsf', 'nih', 'doe', 'dod', 'nasa', 'usda', 'other'] }]);
    expect(SOURCES.far4703.binds).toEqual([{ contracts: ['nsf', 'nih', 'doe', 'dod', 'nasa', 'usda', 'other'] }]);
    // FAR 52.204-21 reaches any agency's contracts with federal contract information; the DFARS clauses DoD contracts only.
    expect(SOURCES.far204021.binds).toEqual([{ contracts: ['nsf', 'nih', 'doe', 'dod', 'nasa', 'usda', 'other'] }, { activities: ['cui_fci'] }]);
    for (const id of ['dfars7012', 'dfars7019', 'cmmc', 'dfarsCmmc'] as const) expect(SOURCES[id].binds, id).toEqual([{ contracts: ['dod'] }, { activities: ['cui_fci'] }]);
    // The Confucius Institute limits: NSF (42 U.S.C. 19039) and DoD (FY2021 NDAA §1062) funding of institutions of higher education.
    expect(SOURCES.chips10339a.binds).toEqual([{ kinds: ['ihe'] }, { agencies: ['nsf'] }]);
    expect(SOURCES.ndaa21s1062.binds).toEqual([{ kinds: ['ihe'] }, { agencies: ['dod'] }]);
    // DOE's Common Forms reach its financial assistance; DoD's 2023 policy is known only from summaries and binds no one here.
    expect(SOURCES.doeCommonForms.binds).toEqual([{ grants: ['doe'] }]);
    expect(isHardSource('dodFtrp2023')).toBe(false);
    // USDA's memorandum reaches USDA grants and cooperative agreements.
    expect(SOURCES.usdaSm1078014.binds).toEqual([{ grants: ['usda'] }]);
    // DOE's training letter governs financial assistance, not DOE contracts.
    expect(SOURCES.doeFal.binds).toEqual([{ grants: ['doe'] }]);
    // FY2025 NDAA §238 and its FY2026 extension reach DoD-funded institutions of higher education only.
    expect(SOURCES.ndaa25s238.binds).toEqual([{ kinds: ['ihe'] }, { agencies: ['dod'] }]);
    expect(SOURCES.ndaa26.binds).toEqual([{ kinds: ['ihe'] }, { agencies: ['dod'] }]);
    expect(SOURCES.falseClaims.binds).toEqual([]);
    expect(sourceDefSchema.safeParse({ ...SOURCES.nspm33Guidance, binds: [] }).error?.issues[0]?.message).toBe('Only a statute, regulation or agency term binds organizations');
    expect(isHardRequirement({ force: 'agency_term', status: 'rescinded', binds: [] })).toBe(false);
  });

  it('records the federal-funds purchasing bans and the NSF training plan with whom they bind and how they were verified', () => {
    expect(SOURCES.uniform200216).toMatchObject({ force: 'regulation', status: 'in_force', basis: 'primary', effective: '2020-08-13', verifiedOn: '2026-11-29' });
    expect(SOURCES.uniform200216.note).toMatch(/not procurement contracts/);
    expect(SOURCES.asda1825).toMatchObject({ force: 'statute', status: 'in_force', basis: 'secondary', effective: '2025-12-22', url: null });
    expect(SOURCES.asda1825.searched).toMatch(/uscode\.house\.gov/);
    expect(SOURCES.nsfRecr).toMatchObject({ force: 'statute', status: 'in_force', basis: 'primary', binds: [{ agencies: ['nsf'] }] });
    // Grants (2 CFR part 200) from any agency; the drone ban reaches contracts, grants and cooperative agreements alike.
    expect(SOURCES.uniform200216.binds).toEqual([{ grants: ['nsf', 'nih', 'doe', 'dod', 'nasa', 'usda', 'other'] }]);
    expect(SOURCES.asda1825.binds).toEqual([{ agencies: ['nsf', 'nih', 'doe', 'dod', 'nasa', 'usda', 'other'] }]);
    for (const id of ['uniform200216', 'asda1825', 'nsfRecr'] as const) expect(isHardSource(id), id).toBe(true);
  });

  it('records the NIH data and biospecimen notices, the Affiliates Rule and CMMC Phase 2 with whom they bind and how they were verified', () => {
    expect(SOURCES.nihOd25160).toMatchObject({ force: 'agency_term', status: 'in_force', basis: 'primary', effective: '2025-10-24', binds: [{ activities: ['nih_biospecimens'] }] });
    expect(SOURCES.nihOd25083).toMatchObject({ force: 'agency_term', status: 'in_force', basis: 'secondary', effective: '2025-04-04', binds: [{ activities: ['nih_controlled_access'] }] });
    expect(SOURCES.nihOd25083.searched).toMatch(/NOT-OD-25-159 and NOT-OD-25-160/);
    // NOT-OD-24-157 and NOT-OD-25-159 bind approved users of NIH repositories, not any controlled-access data.
    for (const id of ['nihOd24157', 'nihOd25159'] as const) expect(SOURCES[id].binds, id).toEqual([{ activities: ['nih_controlled_access'] }]);
    expect(SOURCES.bisAffiliates).toMatchObject({ force: 'regulation', status: 'in_force', basis: 'secondary', effective: '2026-11-10', binds: [{ activities: ['export_controlled'] }] });
    expect(SOURCES.cmmcPhases).toMatchObject({ force: 'regulation', status: 'in_force', basis: 'secondary', effective: '2026-11-10', binds: [{ activities: ['cui_fci'] }] });
    for (const id of ['nihOd25160', 'nihOd25083', 'bisAffiliates', 'cmmcPhases'] as const) {
      expect(isHardSource(id), id).toBe(true);
      expect(SOURCES[id].verifiedOn, id).toBe('2026-11-29');
    }
  });

  it('dates the NSF training notice and HEA §117 as their texts do', () => {
    expect(SOURCES.nsfIn149.effective).toBe('2025-12-02');
    expect(SOURCES.nsfIn149.note).toMatch(/first set for 10 October 2025; delayed by the October-November 2025 lapse in appropriations/i);
    expect(SOURCES.hea117.date).toBe('1986-10-17');
    expect(SOURCES.hea117.document).toContain('Higher Education Amendments of 1986 (Pub. L. 99-498)');
  });

  it('marks the institutional program certification as announced, not in force, with its expected date', () => {
    expect(SOURCES.ostp2024.status).toBe('announced');
    expect(SOURCES.ostp2024.effective).toBeNull();
    expect(SOURCES.ostp2024.note).toMatch(/No agency has put/);
    expect(SOURCES.ostp2024.note).toMatch(/up to 18 months after each agency issues its policy, and no agency has issued one/);
    expect(SOURCES.nihOd25154.status).toBe('rescinded');
  });
});
