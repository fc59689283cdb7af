// Which duties an organization has: its applicability profile, and the conditions a question of
// the bank carries as data (appliesWhen, criticalWhen). One rule decides, for a profile, which
// questions are asked and which of them gate Pass; the server freezes the result into each
// assessment when it starts (docs/decisions/018-applicability-and-scaled-score.md).
import { z } from 'zod';
import { MSG } from '../messages.ts';

/** Kinds of organization, as the research security rules name them. */
export const ORGANIZATION_KINDS = ['ihe', 'nonprofit', 'ffrdc', 'company'] as const;
export type OrganizationKind = (typeof ORGANIZATION_KINDS)[number];

/** Federal agencies that fund the organization's research. */
export const FUNDING_AGENCIES = ['nsf', 'nih', 'doe', 'dod', 'nasa', 'usda', 'other'] as const;
export type FundingAgency = (typeof FUNDING_AGENCIES)[number];

/**
 * How an agency funds the organization: `grant` is financial assistance (grants and cooperative
 * agreements, 2 CFR part 200), `contract` a procurement contract (the FAR). Several duties follow
 * one and not the other (docs/decisions/037-funding-instruments.md).
 */
export const INSTRUMENTS = ['grant', 'contract'] as const;
export type Instrument = (typeof INSTRUMENTS)[number];

/**
 * Activities that bring duties of their own. New values go at the end: a profile lists its
 * activities in this order, and self-certification records sign that list as it was saved
 * (domain/certification/certification.ts), so the order of older values never changes.
 */
export const ACTIVITIES = [
  'cui_fci',
  'export_controlled',
  'controlled_access_data',
  'foreign_gifts',
  'foreign_components',
  'doj_dsp',
  'nih_controlled_access',
  'nih_biospecimens',
] as const;
export type Activity = (typeof ACTIVITIES)[number];

/**
 * An organization's applicability profile. Keys are single words, so the same shape is the
 * request payload, the response and the stored JSON (docs/decisions/016-names-and-casing.md).
 */
export interface ApplicabilityProfile {
  kind: OrganizationKind;
  /** A covered institution under NSPM-33 section 4(g) (see COVERED_INSTITUTION_DEFINITION). */
  covered: boolean;
  agencies: FundingAgency[];
  /**
   * Per funding agency, how it funds the organization: one entry for each agency in `agencies`, at
   * least one instrument each. Missing on profiles saved before it was asked: then it is "not
   * confirmed", every agency counts as funding through both (instrumentsOf), and the admin is asked
   * to confirm (CONTENT_MSG.instrumentsUnconfirmed).
   */
  instruments?: Partial<Record<FundingAgency, Instrument[]>>;
  activities: Activity[];
}

/** How the agency funds the organization; an unconfirmed profile counts both (the wider duties). */
export function instrumentsOf(p: Pick<ApplicabilityProfile, 'agencies' | 'instruments'>, agency: FundingAgency): readonly Instrument[] {
  if (!p.agencies.includes(agency)) return [];
  return p.instruments ? (p.instruments[agency] ?? []) : INSTRUMENTS;
}

/** A saved profile whose funding instruments were never confirmed (saved before they were asked). */
export const instrumentsUnconfirmed = (p: Pick<ApplicabilityProfile, 'agencies' | 'instruments'>): boolean => p.instruments === undefined && p.agencies.length > 0;

/**
 * A profile that lists controlled-access human data without the NIH repositories choice. Until
 * nih_controlled_access was added (release of 2026-11-29), controlled_access_data read "Controlled-access
 * human data (for example NIH genomic data under a Data Use Certification)"; NIH's repository
 * duties (IP-23, IP-31) now follow the NIH choice alone. A profile saved before then may mean NIH
 * repositories, so the admin is asked to review its activities (CONTENT_MSG.activitiesReview);
 * whether it was saved before is the server's to say (ApplicabilityView.activities_review).
 */
export const mayMeanNihRepositories = (p: Pick<ApplicabilityProfile, 'activities'>): boolean =>
  p.activities.includes('controlled_access_data') && !p.activities.includes('nih_controlled_access');

export const ORGANIZATION_KIND_LABELS: Record<OrganizationKind, string> = {
  ihe: 'Institution of higher education',
  nonprofit: 'Nonprofit research institute',
  ffrdc: 'Federally funded research and development center (FFRDC)',
  company: 'Company',
};

export const FUNDING_AGENCY_LABELS: Record<FundingAgency, string> = {
  nsf: 'NSF',
  nih: 'NIH',
  doe: 'DOE',
  dod: 'DoD',
  nasa: 'NASA',
  usda: 'USDA',
  other: 'Other federal agency',
};

export const INSTRUMENT_LABELS: Record<Instrument, string> = {
  grant: 'Grants or cooperative agreements',
  contract: 'Contracts',
};

export const ACTIVITY_LABELS: Record<Activity, string> = {
  cui_fci: 'Controlled unclassified information (CUI) or federal contract information (FCI) under federal contracts',
  export_controlled: 'Export-controlled research (EAR or ITAR)',
  controlled_access_data: 'Controlled-access human data under a data use agreement (any repository or data provider)',
  foreign_gifts: 'Foreign gifts or contracts worth $250,000 or more from one source in a calendar year',
  foreign_components: 'Foreign components of federally funded projects, or foreign subawards',
  doj_dsp: 'Transactions covered by the DOJ Data Security Program (bulk sensitive personal data or government-related data with a country of concern)',
  nih_controlled_access: 'Access to data from NIH controlled-access data repositories (for example dbGaP) under a Data Use Certification',
  nih_biospecimens: 'Human biospecimens collected, obtained, stored, used or distributed with NIH support (grants, contracts or other NIH funding)',
};

/** The definition shown next to the "covered institution" choice. */
export const COVERED_INSTITUTION_DEFINITION =
  'A covered institution is an institution of higher education, an FFRDC or a nonprofit research institution that received more than $50 million a year in total federal research and development funding, averaged over the previous three fiscal years (NSPM-33 section 4(g); OSTP Guidelines for Research Security Programs at Covered Institutions, July 2024, which measure it in FY2022 dollars using the NSF research funding surveys).';

export const COMPANY_NOT_COVERED_MESSAGE =
  'A company is not a covered institution: the definition covers institutions of higher education, FFRDCs and nonprofit research institutions.';

/** The kinds the covered-institution definition can reach (COVERED_INSTITUTION_DEFINITION). */
export const COVERABLE_KINDS: readonly OrganizationKind[] = ['ihe', 'nonprofit', 'ffrdc'];

export const COVERED_WITHOUT_AGENCY_MESSAGE =
  'A covered institution receives federal research and development funding: choose at least one funding agency (or Other federal agency)';

/** "Choose grants or cooperative agreements, contracts, or both for DOE" (each agency in the profile). */
export const instrumentsMissingMessage = (agency: FundingAgency) => MSG.instrumentsMissing(FUNDING_AGENCY_LABELS[agency]);
export const instrumentsUnlistedMessage = (agency: FundingAgency) =>
  `Funding instruments are given for ${FUNDING_AGENCY_LABELS[agency]}, which is not among the funding agencies`;

// Each value once is the transform's work (as for agencies); the bound only stops a flood.
const instrumentListSchema = z.array(z.enum(INSTRUMENTS, { message: 'Unknown funding instrument: use grant or contract' })).max(8);

export const applicabilityProfileSchema = z
  .object({
    kind: z.enum(ORGANIZATION_KINDS, { message: 'Choose the kind of organization' }),
    covered: z.boolean({ message: 'Say whether the organization is a covered institution' }),
    agencies: z.array(z.enum(FUNDING_AGENCIES, { message: 'Unknown funding agency' })).max(FUNDING_AGENCIES.length),
    // Optional so that profiles saved before it was asked still read; the form always sends it.
    instruments: z.partialRecord(z.enum(FUNDING_AGENCIES, { message: 'Unknown funding agency' }), instrumentListSchema).optional(),
    activities: z.array(z.enum(ACTIVITIES, { message: 'Unknown activity' })).max(ACTIVITIES.length),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.instruments) {
      for (const a of FUNDING_AGENCIES) {
        const listed = p.agencies.includes(a);
        const given = p.instruments[a];
        if (listed && !given?.length) ctx.addIssue({ code: 'custom', message: instrumentsMissingMessage(a), path: ['instruments', a] });
        if (!listed && given !== undefined) ctx.addIssue({ code: 'custom', message: instrumentsUnlistedMessage(a), path: ['instruments', a] });
      }
    }
    if (!p.covered) return;
    if (!COVERABLE_KINDS.includes(p.kind)) ctx.addIssue({ code: 'custom', message: COMPANY_NOT_COVERED_MESSAGE, path: ['covered'] });
    if (p.agencies.length === 0) ctx.addIssue({ code: 'custom', message: COVERED_WITHOUT_AGENCY_MESSAGE, path: ['agencies'] });
  })
  .transform((p): ApplicabilityProfile => {
    // One spelling of a set: each value once, in the list's own order.
    const agencies = FUNDING_AGENCIES.filter((a) => p.agencies.includes(a));
    const { instruments, ...rest } = p;
    return {
      ...rest,
      agencies,
      ...(instruments && { instruments: Object.fromEntries(agencies.map((a) => [a, INSTRUMENTS.filter((i) => instruments[a]!.includes(i))])) }),
      activities: ACTIVITIES.filter((a) => p.activities.includes(a)),
    };
  }) satisfies z.ZodType<ApplicabilityProfile, unknown>;

// ---------- conditions a question carries ----------

/**
 * One condition on the profile. A list of conditions holds when every condition holds; an empty
 * list always holds. There is no negation, so a profile with every duty (PROFILE_WITH_EVERY_DUTY)
 * is asked every question of the bank.
 */
export type Condition =
  | { kinds: OrganizationKind[] }
  | { covered: true }
  | { agencies: FundingAgency[] }
  /** Receives grants or cooperative agreements from any of these agencies. */
  | { grants: FundingAgency[] }
  /** Holds contracts from any of these agencies. */
  | { contracts: FundingAgency[] }
  | { activities: Activity[] };

const CONDITION_KEYS = ['kinds', 'covered', 'agencies', 'grants', 'contracts', 'activities'] as const;
const CONDITION_SHAPE_MESSAGE = 'A condition looks like { "agencies": ["nsf"] }';
const ONE_KEY_MESSAGE = 'Each condition names exactly one of kinds, covered, agencies, grants, contracts or activities';

/** A list of values of one sort: known values, each once, at least one. */
function valueList<T extends string>(key: string, values: readonly [T, ...T[]], noun: string, emptyMessage: string) {
  return z
    .array(z.enum(values, { error: (iss) => `Unknown ${noun} "${String(iss.input)}" in ${key}` }), { error: `${key} must be a list` })
    .min(1, emptyMessage)
    .max(values.length, `${key} lists at most ${values.length} values`)
    .superRefine((list, ctx) => {
      const twice = list.find((v, i) => list.indexOf(v) !== i);
      if (twice !== undefined) ctx.addIssue({ code: 'custom', message: `"${twice}" is listed twice in ${key}` });
    });
}

/**
 * One condition. Written as one object with every key optional (then exactly one required) rather
 * than a union, so a wrong key or value gets a message naming it instead of "Invalid input".
 */
export const conditionSchema = z
  .object(
    {
      kinds: valueList('kinds', ORGANIZATION_KINDS, 'kind of organization', 'Choose at least one kind of organization').optional(),
      covered: z.literal(true, { error: 'The covered condition is written { "covered": true }' }).optional(),
      agencies: valueList('agencies', FUNDING_AGENCIES, 'funding agency', 'Choose at least one agency').optional(),
      grants: valueList('grants', FUNDING_AGENCIES, 'funding agency', 'Choose at least one agency').optional(),
      contracts: valueList('contracts', FUNDING_AGENCIES, 'funding agency', 'Choose at least one agency').optional(),
      activities: valueList('activities', ACTIVITIES, 'activity', 'Choose at least one activity').optional(),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `Unknown condition "${String(iss.keys[0])}": use kinds, covered, agencies, grants, contracts or activities`
          : iss.code === 'invalid_type'
            ? CONDITION_SHAPE_MESSAGE
            : undefined,
    },
  )
  .strict()
  .superRefine((c, ctx) => {
    if (CONDITION_KEYS.filter((k) => c[k] !== undefined).length !== 1) ctx.addIssue({ code: 'custom', message: ONE_KEY_MESSAGE });
  })
  .transform((c) => c as Condition);

export const CONDITIONS_NEVER_HOLD_MESSAGE =
  'No organization can meet these conditions together: only institutions of higher education, nonprofit research institutes and FFRDCs can be covered institutions';

/**
 * Some valid profile meets every condition. There is no negation, so a profile with every agency
 * and activity is the best candidate for each kind and covered flag; the profile schema decides
 * which of those exist (a company is never covered).
 */
export function conditionsCanHold(conditions: readonly Condition[]): boolean {
  return ORGANIZATION_KINDS.some((kind) =>
    [false, true].some((covered) => {
      const profile: ApplicabilityProfile = { kind, covered, agencies: [...FUNDING_AGENCIES], instruments: EVERY_INSTRUMENT, activities: [...ACTIVITIES] };
      return applicabilityProfileSchema.safeParse(profile).success && allHold(conditions, profile);
    }),
  );
}

/** A list of conditions: each sort at most once (so at most six), and able to hold for some organization. */
export const conditionsSchema = z
  .array(conditionSchema, { error: 'Conditions must be a list' })
  .max(CONDITION_KEYS.length, `At most ${CONDITION_KEYS.length} conditions`)
  // Checked on a list whose every condition is well formed (a pipe runs only after a success).
  .pipe(z.array(z.custom<Condition>()))
  .superRefine((list, ctx) => {
    const keys = list.map((c) => Object.keys(c)[0]);
    const twice = keys.findIndex((k, i) => keys.indexOf(k) !== i);
    if (twice !== -1) {
      ctx.addIssue({ code: 'custom', message: `Write each sort of condition once: ${keys[twice]} appears twice`, path: [twice] });
      return;
    }
    if (!conditionsCanHold(list)) ctx.addIssue({ code: 'custom', message: CONDITIONS_NEVER_HOLD_MESSAGE });
  });

/** One rule: does one condition hold for the profile? */
function holds(c: Condition, p: ApplicabilityProfile): boolean {
  if ('kinds' in c) return c.kinds.includes(p.kind);
  if ('covered' in c) return p.covered;
  if ('agencies' in c) return c.agencies.some((a) => p.agencies.includes(a));
  if ('grants' in c) return c.grants.some((a) => instrumentsOf(p, a).includes('grant'));
  if ('contracts' in c) return c.contracts.some((a) => instrumentsOf(p, a).includes('contract'));
  return c.activities.some((a) => p.activities.includes(a));
}

/** Every condition holds. A missing profile (assessments started before profiles existed) meets all. */
export const allHold = (conditions: readonly Condition[], profile: ApplicabilityProfile | null): boolean =>
  profile === null || conditions.every((c) => holds(c, profile));

/** The kinds of organization the covered-institution definition can reach (a company never can). */
export const KINDS_THAT_MAY_BE_COVERED: readonly OrganizationKind[] = ['ihe', 'nonprofit', 'ffrdc'];

const subset = <T>(xs: readonly T[], ys: readonly T[]) => xs.every((x) => ys.includes(x));

/** Does condition `a` hold only where `b` holds (is `a` at least as narrow)? */
function narrower(a: Condition, b: Condition): boolean {
  if ('kinds' in b) {
    if ('kinds' in a) return subset(a.kinds, b.kinds);
    // A covered institution is an IHE, an FFRDC or a nonprofit (applicabilityProfileSchema refuses a covered company).
    return 'covered' in a && subset(KINDS_THAT_MAY_BE_COVERED, b.kinds);
  }
  if ('covered' in b) return 'covered' in a;
  // Grants or contracts from an agency are funding by it.
  if ('agencies' in b) {
    const funders = 'agencies' in a ? a.agencies : 'grants' in a ? a.grants : 'contracts' in a ? a.contracts : null;
    return funders !== null && subset(funders, b.agencies);
  }
  if ('grants' in b) return 'grants' in a && subset(a.grants, b.grants);
  if ('contracts' in b) return 'contracts' in a && subset(a.contracts, b.contracts);
  return 'activities' in a && subset(a.activities, b.activities);
}

/**
 * Whether conditions `a` imply conditions `b`: every condition of `b` is met by some condition of
 * `a` that is at least as narrow (same key and a subset of its values; `{ covered: true }` also
 * implies a kinds condition listing every kind that may be covered). Sound, not complete: when it
 * says yes, every profile meeting `a` meets `b`. The bank rules use it to check that a gate only
 * gates organizations its sources bind (domain/questions/bank-rules.ts).
 */
export const implies = (a: readonly Condition[], b: readonly Condition[]): boolean => b.every((cb) => a.some((ca) => narrower(ca, cb)));

/** What decides whether a question is asked and whether it gates Pass. */
export interface ApplicabilityRules {
  critical: boolean;
  /** The question is asked only when these hold. */
  appliesWhen: readonly Condition[];
  /** A critical question gates Pass only when these hold too (else it is scored like any other). */
  criticalWhen: readonly Condition[];
}

/** Is the question asked of this profile, and is it a gate? */
export function resolveApplicability(q: ApplicabilityRules, profile: ApplicabilityProfile | null): { applies: boolean; critical: boolean } {
  const applies = allHold(q.appliesWhen, profile);
  return { applies, critical: applies && q.critical && allHold(q.criticalWhen, profile) };
}

/** The questions asked of this profile, in order, each with its effective gate flag. */
export function questionsFor<Q extends ApplicabilityRules>(questions: readonly Q[], profile: ApplicabilityProfile | null): Q[] {
  return questions.flatMap((q) => {
    const r = resolveApplicability(q, profile);
    return r.applies ? [{ ...q, critical: r.critical }] : [];
  });
}

const EVERY_INSTRUMENT: Record<FundingAgency, Instrument[]> = Object.fromEntries(FUNDING_AGENCIES.map((a) => [a, [...INSTRUMENTS]])) as Record<
  FundingAgency,
  Instrument[]
>;

/** Meets every condition any question can carry. */
export const PROFILE_WITH_EVERY_DUTY: ApplicabilityProfile = {
  kind: 'ihe',
  covered: true,
  agencies: [...FUNDING_AGENCIES],
  instruments: EVERY_INSTRUMENT,
  activities: [...ACTIVITIES],
};

// ---------- words ----------

const KIND_PLURALS: Record<OrganizationKind, string> = {
  ihe: 'institutions of higher education',
  nonprofit: 'nonprofit research institutes',
  ffrdc: 'FFRDCs',
  company: 'companies',
};

const list = (xs: readonly string[]) => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`);

const ACTIVITY_PHRASES: Record<Activity, string> = {
  cui_fci: 'CUI or FCI',
  export_controlled: 'export-controlled research',
  controlled_access_data: 'controlled-access human data',
  foreign_gifts: 'foreign gifts or contracts of $250,000 or more',
  foreign_components: 'foreign components or foreign subawards',
  doj_dsp: 'transactions covered by the DOJ Data Security Program',
  nih_controlled_access: 'access to NIH controlled-access data repositories',
  nih_biospecimens: 'NIH-supported human biospecimens',
};

const agencyName = (a: FundingAgency) => (a === 'other' ? 'another federal agency' : FUNDING_AGENCY_LABELS[a]);

/** "covered institutions", "organizations funded by NSF or NIH", ... one phrase per condition. */
export function describeCondition(c: Condition): string {
  if ('kinds' in c) return list(c.kinds.map((k) => KIND_PLURALS[k]));
  if ('covered' in c) return 'covered institutions';
  if ('agencies' in c) {
    if (FUNDING_AGENCIES.every((a) => c.agencies.includes(a))) return 'organizations with federal research funding';
    return `organizations funded by ${list(c.agencies.map(agencyName))}`;
  }
  if ('grants' in c || 'contracts' in c) {
    const key = 'grants' in c ? 'grants' : 'contracts';
    const agencies = 'grants' in c ? c.grants : c.contracts;
    const what = key === 'grants' ? 'grants or cooperative agreements' : 'contracts';
    if (FUNDING_AGENCIES.every((a) => agencies.includes(a))) return `organizations with federal ${what}`;
    return `organizations with ${what} from ${list(agencies.map(agencyName))}`;
  }
  return `organizations with ${list(c.activities.map((a) => ACTIVITY_PHRASES[a]))}`;
}

/**
 * The organizations a list of conditions reaches, as one noun phrase: "Every organization",
 * "Institutions of higher education funded by NSF", "Organizations funded by NIH with foreign
 * components or foreign subawards". Conditions all hold together, so a condition implied by a
 * narrower one of the same kind is left out.
 */
export function describeConditions(conditions: readonly Condition[]): string {
  const kept = conditions.filter((c, i) => !conditions.some((d, j) => j !== i && narrower(d, c) && (!narrower(c, d) || j < i)));
  if (kept.length === 0) return 'Every organization';
  const kinds = kept.flatMap((c) => ('kinds' in c ? [c] : []));
  const covered = kept.some((c) => 'covered' in c);
  let subject = kinds.length ? kinds.map(describeCondition).join(' and ') : covered ? 'covered institutions' : 'organizations';
  if (kinds.length && covered) subject += ' that are covered institutions';
  const qualifiers = kept.flatMap((c) => ('kinds' in c || 'covered' in c ? [] : [describeCondition(c).replace(/^organizations /, '')]));
  const text = [subject, ...qualifiers].join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "NSF: grants or cooperative agreements; DOE: grants or cooperative agreements and contracts". */
export function describeInstruments(p: Pick<ApplicabilityProfile, 'agencies' | 'instruments'>): string {
  return p.agencies
    .map((a) => `${FUNDING_AGENCY_LABELS[a]}: ${instrumentsOf(p, a).map((i) => INSTRUMENT_LABELS[i].toLowerCase()).join(' and ')}`)
    .join('; ');
}

/** The profile in words, one line per part (results page, report, organization page). */
export function describeProfile(p: ApplicabilityProfile): { label: string; value: string }[] {
  return [
    { label: 'Kind of organization', value: ORGANIZATION_KIND_LABELS[p.kind] },
    { label: 'Covered institution', value: p.covered ? 'Yes' : 'No' },
    { label: 'Funding agencies', value: p.agencies.length ? p.agencies.map((a) => FUNDING_AGENCY_LABELS[a]).join(', ') : 'None' },
    // Only when confirmed: profiles saved before it was asked (and certification records, which do not carry it) say nothing.
    ...(p.instruments && p.agencies.length ? [{ label: 'Funding instruments', value: describeInstruments(p) }] : []),
    { label: 'Activities with extra duties', value: p.activities.length ? p.activities.map((a) => ACTIVITY_LABELS[a]).join('; ') : 'None' },
  ];
}
