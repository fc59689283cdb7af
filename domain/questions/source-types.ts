// The shape of a cited source (the register itself is domain/questions/sources.ts). A question
// cites sources by id; a gate must cite a hard requirement (isHardRequirement), which
// domain/questions/bank-rules.ts checks at every publish.
import { z } from 'zod';

/** Where a source stands on its as-of date. */
export const SOURCE_STATUSES = ['in_force', 'announced', 'proposed', 'rescinded'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/** What kind of text it is: the first three bind the organizations they reach. */
export const SOURCE_FORCES = ['statute', 'regulation', 'agency_term', 'executive_policy', 'guidance', 'practice'] as const;
export type SourceForce = (typeof SOURCE_FORCES)[number];

export const SOURCE_STATUS_LABELS: Record<SourceStatus, string> = {
  in_force: 'In force',
  announced: 'Announced, not yet in force',
  proposed: 'Proposed',
  rescinded: 'Rescinded',
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
  /** Date of the document: YYYY-MM-DD, or YYYY-MM / YYYY when only that is known. */
  date: string;
  /** Pinpoint: section, paragraph or page. */
  section: string;
  /** Public URL of the primary text, or null when there is none. */
  url: string | null;
  force: SourceForce;
  status: SourceStatus;
  /** YYYY-MM-DD on which status was last checked against the source. */
  asOf: string;
  /** YYYY-MM-DD it took effect, or is expected to (announced), when known. */
  effective: string | null;
  /** One line on scope or status, when the label does not say it. */
  note?: string;
}

/** Binding text, in force today: what a gate must rest on. */
export const isHardRequirement = (s: Pick<SourceDef, 'force' | 'status'>): boolean =>
  s.status === 'in_force' && (s.force === 'statute' || s.force === 'regulation' || s.force === 'agency_term');

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');
export const sourceDefSchema = z
  .object({
    label: z.string().trim().min(3),
    document: z.string().trim().min(3),
    date: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'Use YYYY, YYYY-MM or YYYY-MM-DD'),
    section: z.string().trim().min(1),
    url: z.string().url().startsWith('https://').nullable(),
    force: z.enum(SOURCE_FORCES),
    status: z.enum(SOURCE_STATUSES),
    asOf: isoDay,
    effective: isoDay.nullable(),
    note: z.string().trim().min(1).optional(),
  })
  .strict() satisfies z.ZodType<SourceDef>;
