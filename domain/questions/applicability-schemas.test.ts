// The input rules of the applicability profile and of the conditions a question carries
// (domain/questions/applicability.ts): what is refused, and the message each refusal shows.
import { describe, expect, it } from 'vitest';
import {
  ACTIVITIES,
  applicabilityProfileSchema,
  COMPANY_NOT_COVERED_MESSAGE,
  conditionsCanHold,
  conditionsSchema,
  CONDITIONS_NEVER_HOLD_MESSAGE,
  COVERED_WITHOUT_AGENCY_MESSAGE,
  FUNDING_AGENCIES,
  ORGANIZATION_KINDS,
  type Condition,
} from './applicability.ts';
import { QUESTION_BANK } from './bank.ts';

const issues = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};
const firstMessage = (input: unknown) => issues(conditionsSchema, input)[0]?.message;

describe('applicabilityProfileSchema: a covered institution', () => {
  it('must name at least one funding agency (the definition is about federal R&D funding)', () => {
    for (const kind of ['ihe', 'nonprofit', 'ffrdc'] as const) {
      expect(issues(applicabilityProfileSchema, { kind, covered: true, agencies: [], activities: [] })).toEqual([{ path: 'agencies', message: COVERED_WITHOUT_AGENCY_MESSAGE }]);
      expect(applicabilityProfileSchema.parse({ kind, covered: true, agencies: ['other'], activities: [] }).agencies).toEqual(['other']);
    }
    // not covered: no agency is fine
    expect(issues(applicabilityProfileSchema, { kind: 'ihe', covered: false, agencies: [], activities: [] })).toEqual([]);
  });

  it('a company saying it is covered gets the company message first', () => {
    expect(issues(applicabilityProfileSchema, { kind: 'company', covered: true, agencies: ['dod'], activities: [] })).toEqual([{ path: 'covered', message: COMPANY_NOT_COVERED_MESSAGE }]);
    expect(issues(applicabilityProfileSchema, { kind: 'company', covered: true, agencies: [], activities: [] })[0]).toEqual({ path: 'covered', message: COMPANY_NOT_COVERED_MESSAGE });
  });
});

describe('conditionsSchema', () => {
  it('accepts the conditions of every question in the bank', () => {
    for (const q of QUESTION_BANK) {
      expect(issues(conditionsSchema, q.appliesWhen), q.code).toEqual([]);
      expect(issues(conditionsSchema, q.criticalWhen), q.code).toEqual([]);
    }
  });

  it('names what is wrong with one condition', () => {
    const cases: [unknown, string][] = [
      [[{ region: ['eu'] }], 'Unknown condition "region": use kinds, covered, agencies, grants, contracts or activities'],
      [[{ agencies: ['nsf'], covered: true }], 'Each condition names exactly one of kinds, covered, agencies, grants, contracts or activities'],
      [[{}], 'Each condition names exactly one of kinds, covered, agencies, grants, contracts or activities'],
      [[{ agencies: ['esa'] }], 'Unknown funding agency "esa" in agencies'],
      [[{ kinds: ['government'] }], 'Unknown kind of organization "government" in kinds'],
      [[{ activities: ['lasers'] }], 'Unknown activity "lasers" in activities'],
      [[{ agencies: 'nsf' }], 'agencies must be a list'],
      [[{ covered: false }], 'The covered condition is written { "covered": true }'],
      [[{ activities: [] }], 'Choose at least one activity'],
      [[{ kinds: [] }], 'Choose at least one kind of organization'],
      [['covered'], 'A condition looks like { "agencies": ["nsf"] }'],
      [[null], 'A condition looks like { "agencies": ["nsf"] }'],
      [{ covered: true }, 'Conditions must be a list'],
    ];
    for (const [input, message] of cases) expect([JSON.stringify(input), firstMessage(input)]).toEqual([JSON.stringify(input), message]);
  });

  it('refuses a value listed twice, and more values than there are', () => {
    expect(issues(conditionsSchema, [{ agencies: ['nsf', 'nih', 'nsf'] }])).toEqual([{ path: '0.agencies', message: '"nsf" is listed twice in agencies' }]);
    expect(firstMessage([{ kinds: ['ihe', 'ihe'] }])).toBe('"ihe" is listed twice in kinds');
    const flood = Array.from({ length: 20_000 }, () => 'nsf');
    expect(issues(conditionsSchema, [{ agencies: flood }])).toEqual([{ path: '0.agencies', message: `agencies lists at most ${FUNDING_AGENCIES.length} values` }]);
    expect(conditionsSchema.parse([{ agencies: [...FUNDING_AGENCIES] }, { activities: [...ACTIVITIES] }, { kinds: [...ORGANIZATION_KINDS] }])).toHaveLength(3);
  });

  it('refuses two conditions of one sort (each sort at most once)', () => {
    expect(issues(conditionsSchema, [{ agencies: ['nsf'] }, { agencies: ['nih'] }])).toEqual([{ path: '1', message: 'Write each sort of condition once: agencies appears twice' }]);
    expect(firstMessage([{ covered: true }, { kinds: ['ihe'] }, { covered: true }])).toBe('Write each sort of condition once: covered appears twice');
    expect(firstMessage(Array.from({ length: 7 }, () => ({ covered: true })))).toBe('At most 6 conditions');
  });

  it('refuses a list no organization can meet', () => {
    for (const never of [
      [{ kinds: ['company'] }, { covered: true }],
      [{ covered: true }, { agencies: ['nsf'] }, { kinds: ['company'] }],
    ] as Condition[][]) {
      expect(conditionsCanHold(never)).toBe(false);
      expect(issues(conditionsSchema, never)).toEqual([{ path: '', message: CONDITIONS_NEVER_HOLD_MESSAGE }]);
    }
    for (const fine of [[{ kinds: ['company', 'ihe'] }, { covered: true }], [{ kinds: ['company'] }, { agencies: ['dod'] }], [{ covered: true }], []] as Condition[][]) {
      expect(conditionsCanHold(fine), JSON.stringify(fine)).toBe(true);
      expect(issues(conditionsSchema, fine)).toEqual([]);
    }
  });

  it('can hold exactly when some valid profile meets it (checked over every kind and flag)', () => {
    // across lists too: two kind lists with nothing in common never hold
    expect(conditionsCanHold([{ kinds: ['ihe'] }, { kinds: ['company'] }])).toBe(false);
    expect(conditionsCanHold([{ kinds: ['ihe', 'ffrdc'] }, { kinds: ['ffrdc'] }, { covered: true }])).toBe(true);
  });
});
