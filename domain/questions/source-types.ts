// The shape of a cited source (the register itself is domain/questions/sources.ts). A question
// cites sources by id; a gate must cite a hard requirement (isHardRequirement) that binds the
// organizations it gates, and a question citing one must be a gate: domain/questions/bank-rules.ts
// checks both at every publish.
import { z } from 'zod';
import { conditionsSchema, type Condition } from './applicability.ts';

/** Where a source stands on the date it was verified. */
export const SOURCE_STATUSES = ['in_force', 'announced', 'proposed', 'superseded', 'rescinded'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/** What kind of text it is: the first three bind the organizations they reach. */
export const SOURCE_FORCES = ['statute', 'regulation', 'agency_term', 'executive_policy', 'guidance', 'practice'] as const;
export type SourceForce = (typeof SOURCE_FORCES)[number];

export const SOURCE_STATUS_LABELS: Record<SourceStatus, string> = {
  in_force: 'In force',
  announced: 'Announced, not yet in force',
  proposed: 'Proposed',
  superseded: 'Superseded',
  rescinded: 'Rescinded',
};

/**
 * How an entry was verified: 'primary' when the text itself was read (the statute, the regulation,
 * the agency notice or a faithful copy of it), 'secondary' when only reputable summaries of it were
 * found (university research offices, law firm alerts, the NSF SECURE Center library).
 */
export const SOURCE_BASES = ['primary', 'secondary'] as const;
export type SourceBasis = (typeof SOURCE_BASES)[number];

export const SOURCE_BASIS_LABELS: Record<SourceBasis, string> = {
  primary: 'Primary text',
  secondary: 'Secondary summaries only',
};

export const SOURCE_FORCE_LABELS: Record<SourceForce, string> = {
  statute: 'Statute',
  regulation: 'Regulation',
  agency_term: 'Agency requirement or award term',
  executive_policy: 'Executive policy',
  guidance: 'Guidance',
  practice: 'Good practice',
};

export interface SourceDef {
  /** Short citation shown with a question, e.g. "CHIPS Act §10634 (42 U.S.C. 19234)". */
  label: string;
  /** The document's title. */
  document: string;
  /** Who issued it: the body that enacted, promulgated or published it ("U.S. Congress", "National Institutes of Health"). */
  issuer: string;
  /** Date of the document: YYYY-MM-DD, or YYYY-MM / YYYY when only that is known. */
  date: string;
  /** Pinpoint: section, paragraph or page. */
  section: string;
  /** Public URL of the primary text, or null when there is none. */
  url: string | null;
  force: SourceForce;
  status: SourceStatus;
  /** Primary text read, or only secondary summaries (SOURCE_BASES). */
  basis: SourceBasis;
  /**
   * YYYY-MM-DD on which the entry (document, date, pinpoint, URL, status) was last verified against
   * the source. It replaces the former asOf ("status last checked against the source"): both meant
   * the day the entry was checked against its text, so one date says it.
   */
  verifiedOn: string;
  /** For a secondary entry: what was searched for the primary text and not found. */
  searched?: string;
  /** For a superseded entry: the id of the source that supersedes it (a gate cannot rest on it). */
  supersededBy?: string;
  /** YYYY-MM-DD it took effect, or is expected to (announced), when known. */
  effective: string | null;
  /** One line on scope or status, when the label does not say it. */
  note?: string;
  /**
   * Whom it binds, in the terms of the applicability profile (domain/questions/applicability.ts):
   * [] = every organization it reaches (the False Claims Act); [{ agencies: ['nsf'] }] = NSF
   * applicants and recipients. Given for text of binding force that puts a duty on research
   * organizations; absent for guidance and good practice, and for a statute that only directs
   * agencies (such a source is not a hard requirement).
   */
  binds?: readonly Condition[];
}

/** Text of binding force (statute, regulation, agency term). */
const BINDING_FORCES: readonly SourceForce[] = ['statute', 'regulation', 'agency_term'];

/**
 * Binding text, in force today, that puts a duty on research organizations (it says whom: binds):
 * what a gate must rest on, and what makes a question citing it a gate.
 */
export const isHardRequirement = (s: Pick<SourceDef, 'force' | 'status' | 'binds'>): boolean =>
  s.status === 'in_force' && BINDING_FORCES.includes(s.force) && s.binds !== undefined;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');
export const sourceDefSchema = z
  .object({
    label: z.string().trim().min(3),
    document: z.string().trim().min(3),
    issuer: z.string().trim().min(3),
    date: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'Use YYYY, YYYY-MM or YYYY-MM-DD'),
    section: z.string().trim().min(1),
    url: z.string().url().startsWith('https://').nullable(),
    force: z.enum(SOURCE_FORCES),
    status: z.enum(SOURCE_STATUSES),
    basis: z.enum(SOURCE_BASES),
    verifiedOn: isoDay,
    searched: z.string().trim().min(10).optional(),
    supersededBy: z.string().trim().min(1).optional(),
    effective: isoDay.nullable(),
    note: z.string().trim().min(1).optional(),
    binds: conditionsSchema.optional(),
  })
  .strict()
  .refine((s) => s.binds === undefined || BINDING_FORCES.includes(s.force), {
    message: 'Only a statute, regulation or agency term binds organizations',
    path: ['binds'],
  })
  .refine((s) => (s.basis === 'secondary') === (s.searched !== undefined), {
    message: 'A secondary entry says what was searched for the primary text (searched), and only a secondary entry does',
    path: ['searched'],
  })
  .refine((s) => (s.status === 'superseded') === (s.supersededBy !== undefined), {
    message: 'A superseded entry names the source that supersedes it (supersededBy), and only a superseded entry does',
    path: ['supersededBy'],
  }) satisfies z.ZodType<SourceDef>;
