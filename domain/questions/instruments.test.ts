// The gates that follow the funding instrument (docs/decisions/037-funding-instruments.md), on the
// published bank: FY2025 NDAA §238 reaches institutions of higher education only (PP-20); DOE's
// training letter governs financial assistance, not DOE contracts (TP-12, AU-05); the research
// security training certification is in the agencies' grant terms (TP-01, TP-03).
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

  it('a profile saved before instruments were asked is gated as before: every agency counts as both', () => {
    const doeFfrdc: ApplicabilityProfile = { kind: 'ffrdc', covered: true, agencies: ['doe'], activities: [] };
    expect(gated('TP-12', doeFfrdc)).toBe(true);
    expect(gated('AU-05', doeFfrdc)).toBe(true);
    expect(gated('TP-01', doeFfrdc)).toBe(true);
    expect(gated('TP-12', { ...doeFfrdc, instruments: { doe: ['contract'] } })).toBe(false);
    expect(gated('TP-01', { ...doeFfrdc, instruments: { doe: ['contract'] } })).toBe(false);
  });
});
