// Quarterly cycles (ADR 019): carry-forward and re-confirmation, evidence dates, comparison and
// trend, the organization-wide action plan, deadlines, and self-certification records. Request
// schemas and response shapes shared by the API (validate()) and the SPA (snake_case, ADR 016).
import { z } from 'zod';
import { ACTION_STATUSES, type ActionStatus, type AnswerValue, type CertificationStatus, type Ineligibility } from './enums.ts';
import { withoutControlChars } from './fields.ts';
import type { ApplicabilityProfile } from '../questions/applicability.ts';
import type { ActionPriority } from '../questions/question-types.ts';
import type { Grade, PassFail } from '../scoring/policy.ts';

export { ANSWER_ORIGINS, CERTIFICATION_STATUSES, QUESTION_NOVELTIES, START_FROM, type AnswerOrigin, type CertificationStatus, type QuestionNovelty, type StartFrom } from './enums.ts';

/** A calendar day, YYYY-MM-DD, between 2000 and 2199 (dates the law or a document sets, not instants). */
export const calendarDay = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date (YYYY-MM-DD)` })
    .refine((v) => v >= '2000-01-01' && v < '2200-01-01', `${label} must be a date between 2000 and 2199`);

// ---------- carry-forward ----------

/** How a carried assessment went: set on the result at submit; null for a blank start. */
export interface CarrySummary {
  carried_from: string;
  /** Answers copied from the previous assessment. */
  carried: number;
  /** Of those, re-confirmed (or re-chosen) one by one. */
  confirmed: number;
  /** Of those, confirmed with a domain's "confirm unchanged answers" (after an explicit confirmation). */
  bulk_confirmed: number;
  /** Of those, changed to the other answer. */
  changed: number;
  /** Questions new or changed since the previous assessment (answered fresh). */
  new_questions: number;
}

// ---------- evidence dates ----------

/** PUT /api/evidence/:evidenceId/dates: the document's effective date and optional expiry. */
export const evidenceDatesSchema = z
  .object({
    effectiveOn: calendarDay('Effective date').nullable(),
    expiresOn: calendarDay('Expiry date').nullable(),
  })
  .refine((v) => !v.effectiveOn || !v.expiresOn || v.expiresOn >= v.effectiveOn, { message: 'The expiry date cannot be before the effective date', path: ['expiresOn'] });
export type EvidenceDatesInput = z.infer<typeof evidenceDatesSchema>;

// ---------- comparison, trend, previous answers ----------

export interface AssessmentRef {
  assessment_id: string;
  submitted_at: string;
  total_score: number;
  grade: Grade;
  pass_fail: PassFail;
}

export interface QuestionChange {
  code: string;
  question_text: string;
  domain_id: string;
  from: AnswerValue;
  to: AnswerValue;
  critical: boolean;
}

/** GET /api/assessments/:id/comparison: against the submitted assessment before it (null when none). */
export interface ComparisonView {
  current: AssessmentRef;
  previous: AssessmentRef | null;
  /** current - previous total score; null without a previous one. */
  total_delta: number | null;
  domains: { domain_id: string; domain_name: string; previous_percentage: number | null; percentage: number; delta: number | null }[];
  /** Yes before, No now. */
  regressed: QuestionChange[];
  /** No before, Yes now. */
  improved: QuestionChange[];
}

/** GET /api/assessments/trend: every submitted assessment of the organization, oldest first. */
export interface TrendView {
  domains: { id: string; name: string }[];
  points: (AssessmentRef & { domains: Record<string, number> })[];
}

/** One earlier answer to a question (matched by code), newest first. */
export interface PreviousAnswer {
  assessment_id: string;
  submitted_at: string;
  answer: AnswerValue;
  answered_by_name: string | null;
  answered_at: string;
}

/** GET /api/assessments/:id/previous-answers: by question code, from the organization's submitted assessments before this one. */
export type PreviousAnswersView = Record<string, PreviousAnswer[]>;

// ---------- action plan ----------

export const ACTION_FILTER_STATUSES = ['open', 'closed', 'all'] as const;

/** GET /api/actions (and /api/actions.xlsx) query. `open` = open or in progress. */
export const actionPlanQuerySchema = z.object({
  status: z.enum(ACTION_FILTER_STATUSES, { error: 'Status must be open, closed or all' }).default('all'),
  ownerId: z.uuid('Invalid owner id').optional(),
  domainId: z.string().max(50).optional(),
  overdue: z.enum(['true', 'false'], { error: 'overdue must be true or false' }).optional(),
});
export type ActionPlanQuery = z.input<typeof actionPlanQuerySchema>;

export { ACTION_STATUSES, type ActionStatus };

/** One corrective action of the organization's plan, across assessments. */
export interface ActionPlanItem {
  id: string;
  code: string;
  question_id: string;
  question_text: string;
  domain_id: string;
  domain_name: string;
  action: string;
  priority: ActionPriority;
  owner_id: string | null;
  owner_name: string | null;
  status: ActionStatus;
  notes: string;
  target_date: string | null;
  /** Not done and past its target date. */
  overdue: boolean;
  /** The assessment that opened it, and the last one in which the gap was still open. */
  opened_in: { assessment_id: string; submitted_at: string | null };
  latest_assessment_id: string | null;
  closed_at: string | null;
  closed_note: string | null;
  closed_in_assessment_id: string | null;
  version: number;
  updated_at: string;
  updated_by_name: string | null;
}

export interface ActionPlanView {
  items: ActionPlanItem[];
  counts: { open: number; overdue: number; closed: number };
}

// ---------- deadlines ----------

export const DEADLINE_KINDS = ['legal', 'reassess', 'certification', 'evidence', 'action'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/** GET /api/deadlines: what is due for the organization, soonest first. */
export interface DeadlineView {
  kind: DeadlineKind;
  /** YYYY-MM-DD; null when the duty recurs per application or has not started (shown as a standing duty). */
  due_on: string | null;
  title: string;
  detail: string;
  /** The question it comes from (legal clocks, evidence, actions). */
  code: string | null;
  /** Citation of the source that sets the date. */
  source: string | null;
  /** Where in the app to act on it. */
  href: string | null;
  overdue: boolean;
}

// ---------- self-certification ----------

/** POST /api/certifications. The statement is fixed (CERTIFICATION_STATEMENT); the signer confirms it. */
export const signCertificationSchema = z.object({
  assessmentId: z.uuid('Invalid assessment id'),
  signerName: withoutControlChars(z.string().trim().min(1, 'Enter your full name').max(200, 'The name is at most 200 characters')),
  signerTitle: withoutControlChars(z.string().trim().min(1, 'Enter your title').max(200, 'The title is at most 200 characters')),
  attest: z.literal(true, { error: 'Confirm the statement to sign' }),
});
export type SignCertificationInput = z.input<typeof signCertificationSchema>;

/** PUT /api/organization/certifying-official: a member who may sign besides the org_admins, or none. */
export const certifyingOfficialSchema = z.object({ userId: z.uuid('Invalid user id').nullable() });

export interface CertificationView {
  id: string;
  verify_code: string;
  assessment_id: string;
  signer_name: string;
  signer_title: string;
  statement: string;
  signed_at: string;
  expires_at: string;
  total_score: number;
  grade: Grade;
  pass_fail: PassFail;
  version_id: number;
  version_label: string;
  applicability: ApplicabilityProfile | null;
  sha256: string;
  supersedes_id: string | null;
  status: CertificationStatus;
}

/** GET /api/certifications: the organization's chain (newest first) and who may sign what. */
export interface CertificationsView {
  certifications: CertificationView[];
  certifying_official: { id: string; name: string } | null;
  /** The caller is an org_admin or the certifying official. */
  can_sign: boolean;
  /** The result of the organization's latest submitted assessment; null when none was submitted yet. */
  latest_pass_fail: PassFail | null;
  /**
   * The latest submitted assessment when it passed (the only one that can be certified), else null;
   * with its questionnaire version and the exact statement a signature would store.
   */
  eligible: { assessment_id: string; submitted_at: string; total_score: number; grade: Grade; version_label: string; statement: string } | null;
  /** Why the latest submitted assessment cannot be certified (certificationEligibility, domain/certification); null when it can. */
  ineligible: Ineligibility | null;
}

/** GET /api/verify/:code (no auth): what anyone may see of a record, and nothing else. */
export interface VerifyView {
  organization_name: string;
  signed_at: string;
  expires_at: string;
  total_score: number;
  max_score: number;
  grade: Grade;
  pass_fail: PassFail;
  status: CertificationStatus;
  signer_name: string;
  signer_title: string;
  sha256: string;
  /** The format of the canonical text (domain/certification/certification.ts CANONICAL_FORMATS). */
  format: string;
  /**
   * The exact text whose SHA-256 (UTF-8 bytes) is `sha256`, as signed; the same bytes are served at
   * GET /api/verify/{code}/canonical.txt. Everything below "as signed" is read from it.
   */
  canonical: string;
  /** The questionnaire version the assessment was asked from, as signed. */
  version_label: string;
  /** The applicability profile the assessment was asked under, as signed; null when none was recorded. */
  applicability: ApplicabilityProfile | null;
  /** Questions asked in the certified assessment; null for a format-1 record (not recorded then). */
  question_count: number | null;
  /** The organization's payment was verified on the signing day; null for a format-1 record. */
  payment_verified: boolean | null;
  /** MVRSP Assess had verified the organization's identity (it does not: false); null for a format-1 record. */
  identity_verified: boolean | null;
}

