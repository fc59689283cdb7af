// The applicability rule of domain/questions/applicability.ts: which questions a profile is asked,
// which of them gate Pass, and which profiles the schema accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITIES,
  allHold,
  applicabilityProfileSchema,
  COMPANY_NOT_COVERED_MESSAGE,
  describeCondition,
  describeConditions,
  describeProfile,
  FUNDING_AGENCIES,
  implies,
  INSTRUMENTS,
  instrumentsOf,
  instrumentsUnconfirmed,
  instrumentsMissingMessage,
  instrumentsUnlistedMessage,
  KINDS_THAT_MAY_BE_COVERED,
  ORGANIZATION_KINDS,
  PROFILE_WITH_EVERY_DUTY,
  questionsFor,
  resolveApplicability,
  type ApplicabilityProfile,
  type ApplicabilityRules,
  type Condition,
} from './applicability.ts';

const COMPANY: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['dod'], activities: ['cui_fci'] };
const SMALL_COLLEGE: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: ['nsf'], activities: [] };
const BIG_UNIVERSITY: ApplicabilityProfile = { kind: 'ihe', covered: true, agencies: ['nsf', 'nih', 'doe'], activities: ['export_controlled', 'foreign_gifts'] };

const rules = (r: Partial<ApplicabilityRules> = {}): ApplicabilityRules => ({ critical: false, appliesWhen: [], criticalWhen: [], ...r });

describe('allHold: each kind of condition', () => {
  it('kinds: holds when the profile is one of the kinds listed', () => {
    const c: Condition = { kinds: ['ihe', 'nonprofit'] };
    expect(allHold([c], SMALL_COLLEGE)).toBe(true);
    expect(allHold([c], { ...SMALL_COLLEGE, kind: 'nonprofit' })).toBe(true);
    expect(allHold([c], COMPANY)).toBe(false);
    expect(allHold([c], { ...SMALL_COLLEGE, kind: 'ffrdc' })).toBe(false);
  });

  it('covered: holds only for a covered institution', () => {
    expect(allHold([{ covered: true }], BIG_UNIVERSITY)).toBe(true);
    expect(allHold([{ covered: true }], SMALL_COLLEGE)).toBe(false);
  });

  it('agencies: holds when any agency listed funds the organization', () => {
    expect(allHold([{ agencies: ['nih', 'dod'] }], COMPANY)).toBe(true);
    expect(allHold([{ agencies: ['nih', 'dod'] }], BIG_UNIVERSITY)).toBe(true);
    expect(allHold([{ agencies: ['nih', 'dod'] }], SMALL_COLLEGE)).toBe(false);
    expect(allHold([{ agencies: ['nasa'] }], { ...SMALL_COLLEGE, agencies: [] })).toBe(false);
  });

  it('activities: holds when the organization has any activity listed', () => {
    expect(allHold([{ activities: ['cui_fci', 'doj_dsp'] }], COMPANY)).toBe(true);
    expect(allHold([{ activities: ['cui_fci', 'doj_dsp'] }], BIG_UNIVERSITY)).toBe(false);
    expect(allHold([{ activities: ['foreign_gifts'] }], SMALL_COLLEGE)).toBe(false);
  });

  it('a list holds when every condition holds; the empty list always holds', () => {
    const both: Condition[] = [{ kinds: ['ihe'] }, { covered: true }];
    expect(allHold(both, BIG_UNIVERSITY)).toBe(true);
    expect(allHold(both, SMALL_COLLEGE)).toBe(false);
    expect(allHold(both, COMPANY)).toBe(false);
    for (const p of [COMPANY, SMALL_COLLEGE, BIG_UNIVERSITY]) expect(allHold([], p)).toBe(true);
  });

  it('a missing profile meets every condition (assessments started before profiles existed)', () => {
    expect(allHold([{ kinds: ['company'] }, { covered: true }, { agencies: ['usda'] }, { activities: ['doj_dsp'] }], null)).toBe(true);
  });
});

describe('ACTIVITIES', () => {
  it('keeps the order of the activities profiles were saved and signed with; new ones come after', () => {
    // Self-certification records sign a profile's activities in this order (domain/certification): an
    // activity inserted before an older one would reorder the lists profiles are saved with.
    expect(ACTIVITIES.slice(0, 6)).toEqual(['cui_fci', 'export_controlled', 'controlled_access_data', 'foreign_gifts', 'foreign_components', 'doj_dsp']);
    const old = applicabilityProfileSchema.parse({ kind: 'ihe', covered: false, agencies: [], activities: ['doj_dsp', 'controlled_access_data'] });
    expect(old.activities).toEqual(['controlled_access_data', 'doj_dsp']);
    const both = applicabilityProfileSchema.parse({ kind: 'ihe', covered: false, agencies: ['nih'], activities: ['nih_biospecimens', 'doj_dsp', 'nih_controlled_access'] });
    expect(both.activities).toEqual(['doj_dsp', 'nih_controlled_access', 'nih_biospecimens']);
  });
});

describe('resolveApplicability', () => {
  it('asks a question without conditions of everyone, with its gate as published', () => {
    for (const p of [COMPANY, SMALL_COLLEGE, BIG_UNIVERSITY, null]) {
      expect(resolveApplicability(rules({ critical: true }), p)).toEqual({ applies: true, critical: true });
      expect(resolveApplicability(rules(), p)).toEqual({ applies: true, critical: false });
    }
  });

  it('a question that does not apply is never a gate', () => {
    const q = rules({ critical: true, appliesWhen: [{ covered: true }] });
    expect(resolveApplicability(q, SMALL_COLLEGE)).toEqual({ applies: false, critical: false });
    expect(resolveApplicability(q, BIG_UNIVERSITY)).toEqual({ applies: true, critical: true });
  });

  it('criticalWhen narrows a gate: asked of everyone, a gate only where it holds', () => {
    const q = rules({ critical: true, criticalWhen: [{ kinds: ['ihe', 'nonprofit', 'ffrdc'] }, { covered: true }] });
    expect(resolveApplicability(q, BIG_UNIVERSITY)).toEqual({ applies: true, critical: true });
    expect(resolveApplicability(q, SMALL_COLLEGE)).toEqual({ applies: true, critical: false });
    expect(resolveApplicability(q, COMPANY)).toEqual({ applies: true, critical: false });
  });

  it('criticalWhen never makes a non-critical question a gate', () => {
    expect(resolveApplicability(rules({ criticalWhen: [{ covered: true }] }), BIG_UNIVERSITY)).toEqual({ applies: true, critical: false });
  });

  it('with no profile, everything applies and gates are as published', () => {
    const q = rules({ critical: true, appliesWhen: [{ kinds: ['company'] }], criticalWhen: [{ covered: true }] });
    expect(resolveApplicability(q, null)).toEqual({ applies: true, critical: true });
    expect(resolveApplicability({ ...q, critical: false }, null)).toEqual({ applies: true, critical: false });
  });
});

describe('questionsFor', () => {
  const bank = [
    { code: 'A', ...rules({ critical: true }) },
    { code: 'B', ...rules({ appliesWhen: [{ covered: true }] }) },
    { code: 'C', ...rules({ critical: true, criticalWhen: [{ covered: true }] }) },
    { code: 'D', ...rules({ appliesWhen: [{ activities: ['cui_fci'] }], critical: true }) },
    { code: 'E', ...rules({ appliesWhen: [{ agencies: ['nsf', 'nih'] }] }) },
  ];
  const asked = (p: ApplicabilityProfile | null) => questionsFor(bank, p).map((q) => [q.code, q.critical]);

  it('keeps the bank order, leaves out what does not apply and resolves each gate', () => {
    expect(asked(COMPANY)).toEqual([
      ['A', true],
      ['C', false],
      ['D', true],
    ]);
    expect(asked(SMALL_COLLEGE)).toEqual([
      ['A', true],
      ['C', false],
      ['E', false],
    ]);
    expect(asked(BIG_UNIVERSITY)).toEqual([
      ['A', true],
      ['B', false],
      ['C', true],
      ['E', false],
    ]);
  });

  it('asks everything, gates as published, without a profile', () => {
    expect(asked(null)).toEqual(bank.map((q) => [q.code, q.critical]));
  });

  it('returns copies and leaves the bank as it was', () => {
    const before = structuredClone(bank);
    const out = questionsFor(bank, SMALL_COLLEGE);
    expect(bank).toEqual(before);
    expect(out[1]).not.toBe(bank[2]);
    expect(out[1]).toMatchObject({ code: 'C', appliesWhen: [], criticalWhen: [{ covered: true }] });
  });

  it('asks nothing of an empty bank', () => {
    expect(questionsFor([], BIG_UNIVERSITY)).toEqual([]);
  });
});

describe('PROFILE_WITH_EVERY_DUTY', () => {
  // No negation exists, so meeting every single condition means meeting every list of them.
  const everyCondition: Condition[] = [
    ...ORGANIZATION_KINDS.filter((k) => k === PROFILE_WITH_EVERY_DUTY.kind).map((k) => ({ kinds: [k] })),
    { covered: true },
    ...FUNDING_AGENCIES.map((a) => ({ agencies: [a] })),
    ...FUNDING_AGENCIES.map((a) => ({ grants: [a] })),
    ...FUNDING_AGENCIES.map((a) => ({ contracts: [a] })),
    ...ACTIVITIES.map((a) => ({ activities: [a] })),
  ];

  it('meets every covered, agency and activity condition', () => {
    for (const c of everyCondition) expect(allHold([c], PROFILE_WITH_EVERY_DUTY), JSON.stringify(c)).toBe(true);
    expect(allHold(everyCondition, PROFILE_WITH_EVERY_DUTY)).toBe(true);
  });

  it('meets every kinds condition that names a kind able to be covered', () => {
    expect(allHold([{ kinds: ['ihe', 'nonprofit', 'ffrdc'] }], PROFILE_WITH_EVERY_DUTY)).toBe(true);
    expect(allHold([{ kinds: [...ORGANIZATION_KINDS] }], PROFILE_WITH_EVERY_DUTY)).toBe(true);
  });

  it('is a valid profile and its own normal form', () => {
    expect(applicabilityProfileSchema.parse(PROFILE_WITH_EVERY_DUTY)).toEqual(PROFILE_WITH_EVERY_DUTY);
  });
});

describe('applicabilityProfileSchema', () => {
  const issues = (input: unknown) => {
    const r = applicabilityProfileSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('accepts a valid profile', () => {
    expect(applicabilityProfileSchema.parse(COMPANY)).toEqual(COMPANY);
    expect(applicabilityProfileSchema.parse({ kind: 'ffrdc', covered: true, agencies: ['doe'], activities: [] })).toEqual({ kind: 'ffrdc', covered: true, agencies: ['doe'], activities: [] });
  });

  it('refuses a company that says it is a covered institution', () => {
    expect(issues({ ...COMPANY, covered: true })).toEqual([{ path: 'covered', message: COMPANY_NOT_COVERED_MESSAGE }]);
    for (const kind of ['ihe', 'nonprofit', 'ffrdc'] as const) expect(issues({ ...COMPANY, kind, covered: true })).toEqual([]);
  });

  it('collapses duplicates and orders each set as the lists of values do', () => {
    expect(applicabilityProfileSchema.parse({ kind: 'ihe', covered: false, agencies: ['nih', 'nsf', 'nih'], activities: ['foreign_gifts', 'cui_fci', 'foreign_gifts'] })).toEqual({
      kind: 'ihe',
      covered: false,
      agencies: ['nsf', 'nih'],
      activities: ['cui_fci', 'foreign_gifts'],
    });
  });

  it('refuses unknown values with a message the form can show', () => {
    expect(issues({ ...COMPANY, kind: 'government' })).toEqual([{ path: 'kind', message: 'Choose the kind of organization' }]);
    expect(issues({ ...COMPANY, agencies: ['nsf', 'darpa'] })).toEqual([{ path: 'agencies.1', message: 'Unknown funding agency' }]);
    expect(issues({ ...COMPANY, activities: ['lasers'] })).toEqual([{ path: 'activities.0', message: 'Unknown activity' }]);
    expect(issues({ ...COMPANY, covered: 'no' })).toEqual([{ path: 'covered', message: 'Say whether the organization is a covered institution' }]);
  });

  it('refuses missing and unknown keys (strict)', () => {
    expect(issues({ kind: 'ihe', covered: false, agencies: [] }).map((i) => i.path)).toEqual(['activities']);
    const extra = issues({ ...COMPANY, name: 'Acme' });
    expect(extra).toHaveLength(1);
    expect(extra[0]!.message).toMatch(/name/);
    expect(issues(null)).toHaveLength(1);
  });
});

describe('words', () => {
  it('describes a question asked of everyone, and one with conditions', () => {
    expect(describeConditions([])).toBe('Every organization');
    expect(describeConditions([{ covered: true }])).toBe('Covered institutions');
    expect(describeConditions([{ kinds: ['ihe', 'nonprofit', 'ffrdc'] }, { agencies: ['nsf', 'dod'] }])).toBe(
      'Institutions of higher education, nonprofit research institutes or FFRDCs funded by NSF or DoD',
    );
    expect(describeCondition({ activities: ['export_controlled'] })).toBe('organizations with export-controlled research');
  });

  it('describes a profile without confirmed instruments in four labelled lines', () => {
    expect(describeProfile(COMPANY)).toEqual([
      { label: 'Kind of organization', value: 'Company' },
      { label: 'Covered institution', value: 'No' },
      { label: 'Funding agencies', value: 'DoD' },
      { label: 'Activities with extra duties', value: 'Controlled unclassified information (CUI) or federal contract information (FCI) under federal contracts' },
    ]);
    expect(describeProfile({ kind: 'nonprofit', covered: true, agencies: [], activities: [] }).map((l) => l.value)).toEqual(['Nonprofit research institute', 'Yes', 'None', 'None']);
  });
});

/** Valid profiles, with funding instruments confirmed (one or both per agency) or not (saved before they were asked). */
const validProfile: fc.Arbitrary<ApplicabilityProfile> = fc
  .record({ kind: fc.constantFrom(...ORGANIZATION_KINDS), covered: fc.boolean(), agencies: fc.subarray([...FUNDING_AGENCIES]), activities: fc.subarray([...ACTIVITIES]) })
  .chain((p) =>
    fc.option(fc.tuple(...p.agencies.map(() => fc.subarray([...INSTRUMENTS], { minLength: 1 }))), { nil: undefined }).map(
      (lists): ApplicabilityProfile => (lists ? { ...p, instruments: Object.fromEntries(p.agencies.map((a, i) => [a, lists[i]!])) } : p),
    ),
  )
  .filter((p) => applicabilityProfileSchema.safeParse(p).success);

describe('funding instruments', () => {
  const DOE_CONTRACTOR: ApplicabilityProfile = { kind: 'ffrdc', covered: true, agencies: ['doe'], instruments: { doe: ['contract'] }, activities: [] };
  const NSF_GRANTEE: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: ['nsf', 'dod'], instruments: { nsf: ['grant'], dod: ['grant', 'contract'] }, activities: [] };

  it('grants and contracts: hold when a listed agency funds the organization through that instrument', () => {
    expect(allHold([{ grants: ['doe'] }], DOE_CONTRACTOR)).toBe(false);
    expect(allHold([{ contracts: ['doe'] }], DOE_CONTRACTOR)).toBe(true);
    expect(allHold([{ agencies: ['doe'] }], DOE_CONTRACTOR)).toBe(true);
    expect(allHold([{ grants: ['nsf'] }], NSF_GRANTEE)).toBe(true);
    expect(allHold([{ contracts: ['nsf'] }], NSF_GRANTEE)).toBe(false);
    expect(allHold([{ contracts: ['nsf', 'dod'] }], NSF_GRANTEE)).toBe(true);
    expect(allHold([{ grants: ['nih'] }], NSF_GRANTEE)).toBe(false);
  });

  it('a profile saved before instruments were asked counts both for every agency it lists (the wider duties)', () => {
    const old: ApplicabilityProfile = { kind: 'ffrdc', covered: true, agencies: ['doe'], activities: [] };
    expect(instrumentsUnconfirmed(old)).toBe(true);
    expect(instrumentsOf(old, 'doe')).toEqual(['grant', 'contract']);
    expect(instrumentsOf(old, 'nsf')).toEqual([]);
    expect(allHold([{ grants: ['doe'] }], old)).toBe(true);
    expect(allHold([{ contracts: ['doe'] }], old)).toBe(true);
    expect(allHold([{ grants: ['nsf'] }], old)).toBe(false);
    // Confirmed, or nothing to confirm (no agency): no prompt.
    expect(instrumentsUnconfirmed(DOE_CONTRACTOR)).toBe(false);
    expect(instrumentsUnconfirmed({ agencies: [] })).toBe(false);
  });

  it('the schema accepts a profile without instruments and one with an entry for each agency, in one spelling', () => {
    expect(applicabilityProfileSchema.parse({ kind: 'ffrdc', covered: true, agencies: ['doe'], activities: [] })).toEqual({ kind: 'ffrdc', covered: true, agencies: ['doe'], activities: [] });
    expect(
      applicabilityProfileSchema.parse({ kind: 'ihe', covered: false, agencies: ['dod', 'nsf'], instruments: { dod: ['contract', 'grant', 'contract'], nsf: ['grant'] }, activities: [] }),
    ).toEqual({ kind: 'ihe', covered: false, agencies: ['nsf', 'dod'], instruments: { nsf: ['grant'], dod: ['grant', 'contract'] }, activities: [] });
    expect(applicabilityProfileSchema.parse({ kind: 'company', covered: false, agencies: [], instruments: {}, activities: [] }).instruments).toEqual({});
  });

  it('the schema refuses an agency without an instrument, an instrument for an agency not listed, and unknown instruments', () => {
    const issues = (input: unknown) => {
      const r = applicabilityProfileSchema.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    };
    const base = { kind: 'ihe', covered: false, agencies: ['nsf', 'doe'], activities: [] };
    expect(issues({ ...base, instruments: { nsf: ['grant'] } })).toEqual([{ path: 'instruments.doe', message: instrumentsMissingMessage('doe') }]);
    expect(issues({ ...base, instruments: { nsf: ['grant'], doe: [] } })).toEqual([{ path: 'instruments.doe', message: instrumentsMissingMessage('doe') }]);
    expect(instrumentsMissingMessage('doe')).toBe('Choose grants or cooperative agreements, contracts, or both for DOE');
    expect(issues({ ...base, instruments: { nsf: ['grant'], doe: ['grant'], nih: ['grant'] } })).toEqual([{ path: 'instruments.nih', message: instrumentsUnlistedMessage('nih') }]);
    expect(issues({ ...base, instruments: { nsf: ['loan'], doe: ['grant'] } })).toEqual([{ path: 'instruments.nsf.0', message: 'Unknown funding instrument: use grant or contract' }]);
    expect(issues({ ...base, instruments: { darpa: ['grant'], nsf: ['grant'], doe: ['grant'] } })[0]?.path).toMatch(/^instruments/);
  });

  it('implies: grants or contracts from an agency are funding by it, never the other way round', () => {
    expect(implies([{ grants: ['doe'] }], [{ agencies: ['doe', 'nsf'] }])).toBe(true);
    expect(implies([{ contracts: ['dod'] }], [{ agencies: ['dod'] }])).toBe(true);
    expect(implies([{ agencies: ['doe'] }], [{ grants: ['doe'] }])).toBe(false);
    expect(implies([{ contracts: ['doe'] }], [{ grants: ['doe'] }])).toBe(false);
    expect(implies([{ grants: ['doe'] }], [{ grants: ['doe', 'nsf'] }])).toBe(true);
    expect(implies([{ grants: ['doe', 'nsf'] }], [{ grants: ['doe'] }])).toBe(false);
  });

  it('words: the conditions and the confirmed profile say grants or contracts', () => {
    expect(describeConditions([{ grants: ['doe'] }])).toBe('Organizations with grants or cooperative agreements from DOE');
    expect(describeConditions([{ kinds: ['ihe'] }, { contracts: [...FUNDING_AGENCIES] }])).toBe('Institutions of higher education with federal contracts');
    // A grants condition implies the agencies condition it narrows, which is then left out.
    expect(describeConditions([{ agencies: ['doe', 'nsf'] }, { grants: ['doe'] }])).toBe('Organizations with grants or cooperative agreements from DOE');
    expect(describeProfile(NSF_GRANTEE)).toContainEqual({ label: 'Funding instruments', value: 'NSF: grants or cooperative agreements; DoD: grants or cooperative agreements and contracts' });
    expect(describeProfile({ ...NSF_GRANTEE, instruments: undefined }).map((l) => l.label)).not.toContain('Funding instruments');
  });

  it('property: confirming instruments never adds a duty (an unconfirmed profile is asked and gated at least as much)', () => {
    const condition: fc.Arbitrary<Condition> = fc.oneof(
      fc.subarray([...FUNDING_AGENCIES], { minLength: 1 }).map((grants) => ({ grants })),
      fc.subarray([...FUNDING_AGENCIES], { minLength: 1 }).map((contracts) => ({ contracts })),
      fc.subarray([...FUNDING_AGENCIES], { minLength: 1 }).map((agencies) => ({ agencies })),
    );
    fc.assert(
      fc.property(validProfile, fc.array(condition, { maxLength: 3 }), (p, cs) => {
        if (allHold(cs, p)) expect(allHold(cs, { ...p, instruments: undefined })).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('implies: a gate scope against the organizations a source binds', () => {
  it('holds when every condition of the right side has an equal or narrower one on the left', () => {
    expect(implies([], [])).toBe(true);
    expect(implies([{ agencies: ['nsf'] }], [])).toBe(true);
    expect(implies([{ agencies: ['nsf'] }], [{ agencies: ['nsf', 'nih'] }])).toBe(true);
    expect(implies([{ kinds: ['ihe'] }, { agencies: ['nsf'] }], [{ agencies: ['nsf'] }, { kinds: ['ihe', 'ffrdc'] }])).toBe(true);
    expect(implies([{ activities: ['cui_fci'] }], [{ activities: ['cui_fci', 'doj_dsp'] }])).toBe(true);
    expect(implies([{ covered: true }], [{ covered: true }])).toBe(true);
  });

  it('fails when the left side is broader, missing a condition, or keyed differently', () => {
    // A gate asked of everyone does not fall within a source that binds DoD contractors with CUI or FCI.
    expect(implies([], [{ activities: ['cui_fci'] }])).toBe(false);
    expect(implies([{ agencies: ['nsf', 'nih'] }], [{ agencies: ['nsf'] }])).toBe(false);
    expect(implies([{ agencies: ['nsf'] }], [{ kinds: ['ihe'] }, { agencies: ['nsf'] }])).toBe(false);
    expect(implies([{ agencies: ['dod'] }], [{ activities: ['cui_fci'] }])).toBe(false);
    expect(implies([{ kinds: ['ihe'] }], [{ covered: true }])).toBe(false);
  });

  it('reads "covered institution" as one of the kinds that may be covered, never as a single kind', () => {
    expect(implies([{ covered: true }], [{ kinds: ['ihe', 'nonprofit', 'ffrdc'] }])).toBe(true);
    expect(implies([{ covered: true }], [{ kinds: [...ORGANIZATION_KINDS] }])).toBe(true);
    expect(implies([{ covered: true }], [{ kinds: ['ihe'] }])).toBe(false);
    expect(implies([{ covered: true }], [{ kinds: ['ihe', 'nonprofit'] }])).toBe(false);
  });

  it('is sound: every valid profile that meets the left side meets the right side', () => {
    const someOf = <T>(xs: readonly T[]) => fc.subarray([...xs], { minLength: 1 });
    const condition: fc.Arbitrary<Condition> = fc.oneof(
      someOf(ORGANIZATION_KINDS).map((kinds) => ({ kinds })),
      fc.constant({ covered: true as const }),
      someOf(FUNDING_AGENCIES).map((agencies) => ({ agencies })),
      someOf(FUNDING_AGENCIES).map((grants) => ({ grants })),
      someOf(FUNDING_AGENCIES).map((contracts) => ({ contracts })),
      someOf(ACTIVITIES).map((activities) => ({ activities })),
    );
    const conditions = fc.array(condition, { maxLength: 6 });
    const profile = validProfile;
    // Right sides built by widening some of the left side's conditions, so that most pairs imply.
    const widen = (c: Condition): fc.Arbitrary<Condition> => {
      if ('kinds' in c) return fc.subarray([...ORGANIZATION_KINDS]).map((more) => ({ kinds: ORGANIZATION_KINDS.filter((k) => c.kinds.includes(k) || more.includes(k)) }));
      if ('agencies' in c) return fc.subarray([...FUNDING_AGENCIES]).map((more) => ({ agencies: FUNDING_AGENCIES.filter((k) => c.agencies.includes(k) || more.includes(k)) }));
      // Grants (or contracts) from some agencies widen to more agencies, or to funding by them at all.
      if ('grants' in c || 'contracts' in c) {
        const from = 'grants' in c ? c.grants : c.contracts;
        return fc.tuple(fc.subarray([...FUNDING_AGENCIES]), fc.boolean()).map(([more, any]): Condition => {
          const agencies = FUNDING_AGENCIES.filter((k) => from.includes(k) || more.includes(k));
          return any ? { agencies } : 'grants' in c ? { grants: agencies } : { contracts: agencies };
        });
      }
      if ('activities' in c) return fc.subarray([...ACTIVITIES]).map((more) => ({ activities: ACTIVITIES.filter((k) => c.activities.includes(k) || more.includes(k)) }));
      return fc.constantFrom<Condition>(c, { kinds: [...KINDS_THAT_MAY_BE_COVERED] }, { kinds: [...ORGANIZATION_KINDS] });
    };
    const pair = conditions.chain((a) => fc.tuple(fc.constant(a), fc.oneof(conditions, fc.subarray(a).chain((kept) => fc.tuple(...kept.map(widen))))));
    let implied = 0;
    fc.assert(
      fc.property(pair, fc.array(profile, { minLength: 1, maxLength: 20 }), ([a, b], profiles) => {
        if (!implies(a, b)) return;
        implied++;
        for (const p of profiles) if (allHold(a, p)) expect(allHold(b, p), JSON.stringify({ a, b, p })).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(implied).toBeGreaterThan(500);
  });

  it('is reflexive, and adding conditions to the left keeps it', () => {
    const a: Condition[] = [{ kinds: ['ihe'] }, { agencies: ['nsf'] }];
    expect(implies(a, a)).toBe(true);
    expect(implies([...a, { covered: true }], a)).toBe(true);
  });
});
