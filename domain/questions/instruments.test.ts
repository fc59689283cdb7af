// The gates that follow the funding instrument (docs/decisions/037-funding-instruments.md), on the
// published bank: FY2025 NDAA §238 reaches institutions of higher education only (PP-20); DOE's
// training letter governs financial assistance, not DOE contracts (TP-12, AU-05); the research
// security training certification is in the agencies' grant terms (TP-01, TP-03). Also the gates a
// review against primary texts re-scoped in November 2026: FAR 52.204-21 binds any agency's
// contracts with federal contract information (IP-29), the DFARS clauses DoD contracts only (IP-30,
// IP-24); 2 CFR 200.334 binds grant recipients (AU-14); the malign foreign talent recruitment
// program certification and talent program disclosure gate NSF, NIH and DOE grant recipients (PP-15,
// PP-05), and so do the Common Forms (PP-19; DOE from 1 January 2026); the Confucius Institute
// limits reach institutions of higher education funded by NSF or DoD (PP-17); USDA's training
// terms are known only from summaries, so its yearly recertification (TP-13) and, for USDA alone,
// the training certification (TP-01, TP-03) are good practice on USDA grants.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITIES,
  applicabilityProfileSchema,
  FUNDING_AGENCIES,
  INSTRUMENTS,
  ORGANIZATION_KINDS,
  resolveApplicability,
  type ApplicabilityProfile,
  type FundingAgency,
  type Instrument,
} from './applicability.ts';
import { QUESTION_BANK } from './bank.ts';

const question = (code: string) => QUESTION_BANK.find((q) => q.code === code)!;
const gated = (code: string, p: ApplicabilityProfile) => resolveApplicability(question(code), p).critical;
const asked = (code: string, p: ApplicabilityProfile) => resolveApplicability(question(code), p).applies;

/** A valid profile with instruments confirmed: each agency funds through one or both; `fixed` pins some agencies' instruments. */
const profileWith = (fixed: Partial<Record<FundingAgency, Instrument[]>>, kinds: readonly (typeof ORGANIZATION_KINDS)[number][] = ORGANIZATION_KINDS) =>
  fc
    .record({
      kind: fc.constantFrom(...kinds),
      covered: fc.boolean(),
      others: fc.subarray(FUNDING_AGENCIES.filter((a) => !(a in fixed))),
      activities: fc.subarray([...ACTIVITIES]),
    })
    .chain(({ others, ...p }) =>
      fc.tuple(...others.map(() => fc.subarray([...INSTRUMENTS], { minLength: 1 }))).map((lists): ApplicabilityProfile => {
        const instruments: Partial<Record<FundingAgency, Instrument[]>> = { ...fixed, ...Object.fromEntries(others.map((a, i) => [a, lists[i]!])) };
        return { ...p, agencies: FUNDING_AGENCIES.filter((a) => a in instruments), instruments, activities: p.activities };
      }),
    )
    .filter((p) => applicabilityProfileSchema.safeParse(p).success);

describe('gates that follow the funding instrument', () => {
  it('a company funded only through DoD contracts is never gated by PP-20 (§238 reaches institutions of higher education)', () => {
    fc.assert(
      fc.property(profileWith({ dod: ['contract'] }, ['company']), (p) => {
        const onlyDod = { ...p, agencies: ['dod'] as FundingAgency[], instruments: { dod: ['contract'] as Instrument[] } };
        expect(asked('PP-20', onlyDod)).toBe(true);
        expect(gated('PP-20', onlyDod)).toBe(false);
        // Whatever else funds it, a company is never gated by PP-20.
        expect(gated('PP-20', p)).toBe(false);
      }),
    );
  });

  it('an institution of higher education with DoD funding, by grant or contract, is gated by PP-20', () => {
    fc.assert(
      fc.property(fc.subarray([...INSTRUMENTS], { minLength: 1 }).chain((dod) => profileWith({ dod }, ['ihe'])), (p) => {
        expect(gated('PP-20', p)).toBe(true);
      }),
    );
  });

  it('a DOE contractor FFRDC is not gated by TP-12 or AU-05 (DOE FAL 2025-02 governs financial assistance)', () => {
    fc.assert(
      fc.property(profileWith({ doe: ['contract'] }, ['ffrdc']), (p) => {
        for (const code of ['TP-12', 'AU-05']) {
          expect(gated(code, p), code).toBe(false);
          expect(asked(code, p), code).toBe(false);
        }
      }),
    );
  });

  it('any organization with DOE grants is gated by TP-12 and AU-05', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Instrument[]>(['grant'], ['grant', 'contract']).chain((doe) => profileWith({ doe })),
        (p) => {
          expect(gated('TP-12', p)).toBe(true);
          expect(gated('AU-05', p)).toBe(true);
        },
      ),
    );
  });

  it('an NSF grant recipient is gated by the research security training certification (TP-01, TP-03: NSF Important Notice No. 149)', () => {
    fc.assert(
      fc.property(profileWith({ nsf: ['grant'] }), (p) => {
        expect(gated('TP-01', p)).toBe(true);
        expect(gated('TP-03', p)).toBe(true);
      }),
    );
  });

  it('Section 889 purchasing (PP-25, 2 CFR 200.216) gates every grant recipient, and is not asked of an organization with contracts only', () => {
    const contractsOnly = (p: ApplicabilityProfile): ApplicabilityProfile => ({ ...p, instruments: Object.fromEntries(p.agencies.map((a) => [a, ['contract']])) });
    fc.assert(
      fc.property(profileWith({}), (p) => {
        const grants = Object.values(p.instruments ?? {}).some((list) => list.includes('grant'));
        expect(gated('PP-25', p)).toBe(grants);
        expect(asked('PP-25', contractsOnly(p))).toBe(false);
      }),
    );
  });

  it('a company holding only NASA contracts, with federal contract information, is gated by the FAR 52.204-21 safeguards (IP-29) and by no DoD clause (IP-30, IP-24)', () => {
    const nasaContractor: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['nasa'], instruments: { nasa: ['contract'] }, activities: ['cui_fci'] };
    expect(gated('IP-29', nasaContractor)).toBe(true);
    for (const code of ['IP-30', 'IP-24']) expect(asked(code, nasaContractor), code).toBe(false);
    // Any agency's contract with federal contract information: IP-29 gates exactly when some agency funds by contract.
    fc.assert(
      fc.property(profileWith({}), (p) => {
        const contracts = Object.values(p.instruments ?? {}).some((list) => list.includes('contract'));
        const fci = p.activities.includes('cui_fci');
        expect(gated('IP-29', p)).toBe(contracts && fci);
        expect(gated('IP-30', p)).toBe(fci && (p.instruments?.dod ?? []).includes('contract'));
      }),
    );
  });

  it('an organization with federal contract information but only grants is not asked the contract safeguards (IP-29, IP-30)', () => {
    const grantee: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: ['nsf', 'dod'], instruments: { nsf: ['grant'], dod: ['grant'] }, activities: ['cui_fci'] };
    for (const code of ['IP-29', 'IP-30', 'IP-24']) expect(asked(code, grantee), code).toBe(false);
  });

  it('a company funded only through DoD contracts is not asked the grant records question (AU-14, 2 CFR 200.334); any grant recipient is gated by it', () => {
    const dodContractor: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['dod'], instruments: { dod: ['contract'] }, activities: ['cui_fci'] };
    expect(asked('AU-14', dodContractor)).toBe(false);
    // The retention periods no award term sets are asked of it as good practice.
    expect(asked('AU-15', dodContractor)).toBe(true);
    expect(gated('AU-15', dodContractor)).toBe(false);
    fc.assert(
      fc.property(profileWith({}), (p) => {
        const grants = Object.values(p.instruments ?? {}).some((list) => list.includes('grant'));
        expect(gated('AU-14', p)).toBe(grants);
      }),
    );
  });

  it('a USDA grant recipient is asked the training questions (TP-01, TP-03) as good practice: no primary USDA text carries the training term', () => {
    const usdaOnly: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: ['usda'], instruments: { usda: ['grant'] }, activities: [] };
    for (const code of ['TP-01', 'TP-03']) {
      expect(asked(code, usdaOnly), code).toBe(true);
      expect(gated(code, usdaOnly), code).toBe(false);
      expect(question(code).sources, code).not.toContain('usdaSm1078014');
    }
    // With NSF, NIH, DOE or NASA grants besides, the training certification gates as before.
    for (const agency of ['nsf', 'nih', 'doe', 'nasa'] as const) {
      fc.assert(
        fc.property(profileWith({ usda: ['grant'], [agency]: ['grant'] }), (p) => {
          expect(gated('TP-01', p), agency).toBe(true);
          expect(gated('TP-03', p), agency).toBe(true);
        }),
      );
    }
  });

  it('USDA yearly recertification (TP-13) is never a gate, and is not asked of a USDA contractor', () => {
    const usdaContractor: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['usda'], instruments: { usda: ['contract'] }, activities: [] };
    expect(asked('TP-13', usdaContractor)).toBe(false);
    fc.assert(
      fc.property(profileWith({ usda: ['grant'] }), (p) => {
        expect(asked('TP-13', p)).toBe(true);
        expect(gated('TP-13', p)).toBe(false);
      }),
    );
  });

  it('the talent program certification and disclosure (PP-15, PP-05) gate NSF, NIH and DOE grant recipients; DoD, NASA, USDA or other funding alone is asked, not gated', () => {
    for (const agency of ['nsf', 'nih', 'doe'] as const) {
      fc.assert(
        fc.property(profileWith({ [agency]: ['grant'] }), (p) => {
          expect(gated('PP-15', p), agency).toBe(true);
          expect(gated('PP-05', p), agency).toBe(true);
        }),
      );
    }
    // DOE's Common Forms apply to its funding opportunities, not to a DOE contract.
    const doeContractor: ApplicabilityProfile = { kind: 'ffrdc', covered: true, agencies: ['doe'], instruments: { doe: ['contract'] }, activities: [] };
    expect(asked('PP-15', doeContractor)).toBe(true);
    expect(gated('PP-15', doeContractor)).toBe(false);
    for (const agency of ['dod', 'nasa', 'usda', 'other'] as const) {
      const only: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: [agency], instruments: { [agency]: ['grant', 'contract'] }, activities: [] };
      expect(asked('PP-15', only), agency).toBe(true);
      expect(gated('PP-15', only), agency).toBe(false);
    }
    expect(question('PP-15').questionText).not.toMatch(/NSF|NIH/);
  });

  it('the Common Forms (PP-19) gate NSF, NIH and DOE grant recipients, DOE from its Common Forms; contracts alone, or other agencies, are not asked', () => {
    for (const agency of ['nsf', 'nih', 'doe'] as const) {
      fc.assert(
        fc.property(profileWith({ [agency]: ['grant'] }), (p) => {
          expect(gated('PP-19', p), agency).toBe(true);
        }),
      );
    }
    expect(question('PP-19').sources).toContain('doeCommonForms');
    // DOE's Common Forms apply to its funding opportunities (financial assistance), not to a DOE contract.
    const doeContractor: ApplicabilityProfile = { kind: 'ffrdc', covered: true, agencies: ['doe'], instruments: { doe: ['contract'] }, activities: [] };
    expect(asked('PP-19', doeContractor)).toBe(false);
    for (const agency of ['dod', 'nasa', 'usda', 'other'] as const) {
      const only: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: [agency], instruments: { [agency]: ['grant', 'contract'] }, activities: [] };
      expect(asked('PP-19', only), agency).toBe(false);
    }
    // A DOE profile saved before instruments were asked counts DOE as both, so it is gated as a grant recipient.
    expect(gated('PP-19', { kind: 'ffrdc', covered: true, agencies: ['doe'], activities: [] })).toBe(true);
  });

  it('the Confucius Institute question (PP-17) gates every institution of higher education funded by NSF or DoD, by grant or contract, and no other kind', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<FundingAgency>('nsf', 'dod').chain((agency) => fc.subarray([...INSTRUMENTS], { minLength: 1 }).chain((list) => profileWith({ [agency]: list }, ['ihe']))),
        (p) => {
          expect(gated('PP-17', p)).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(profileWith({ nsf: ['grant'], dod: ['contract'] }, ['company', 'nonprofit', 'ffrdc']), (p) => {
        expect(asked('PP-17', p)).toBe(false);
      }),
    );
    const nihOnly: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: ['nih'], activities: [] };
    expect(asked('PP-17', nihOnly)).toBe(false);
  });

  it('a profile saved before instruments were asked is gated as before: every agency counts as both', () => {
    const doeFfrdc: ApplicabilityProfile = { kind: 'ffrdc', covered: true, agencies: ['doe'], activities: [] };
    expect(gated('TP-12', doeFfrdc)).toBe(true);
    expect(gated('AU-05', doeFfrdc)).toBe(true);
    expect(gated('TP-01', doeFfrdc)).toBe(true);
    expect(gated('TP-12', { ...doeFfrdc, instruments: { doe: ['contract'] } })).toBe(false);
    expect(gated('TP-01', { ...doeFfrdc, instruments: { doe: ['contract'] } })).toBe(false);
  });
});
