// Assessments, questions, results and the detailed report: request schemas and response shapes
// (the published field names, docs/decisions/016-names-and-casing.md). Shared by the API (validate()) and the SPA.
import { z } from 'zod';
import { ACTION_STATUSES, ANSWER_VALUES, START_FROM, type ActionStatus, type AssessmentStatus, type QuestionNovelty } from './enums.ts';
import type { CarrySummary } from './cycles.ts';
import { isoInstant } from './fields.ts';
import { MSG } from '../messages.ts';
import type { ApplicabilityProfile } from '../questions/applicability.ts';
import type { CitationView } from '../questions/citation.ts';
import type { LegalClock } from '../questions/clocks.ts';
import type { ActionPriority } from '../questions/question-types.ts';
import type { Grade, PassFail } from '../scoring/policy.ts';
import type { DomainScore } from '../scoring/types.ts';

const uuid = (message: string) => z.uuid(message);

// ---------- requests ----------

/**
 * startFrom: 'previous' carries the last submitted assessment's answers (to re-confirm) and evidence;
 * it is the default when one exists, else the start is blank (ADR 019).
 */
export const createAssessmentSchema = z.object({
  organizationId: uuid('Invalid organization id'),
  startFrom: z.enum(START_FROM, { error: 'startFrom must be previous or blank' }).optional(),
});

/** POST /api/assessments/{id}/responses (multipart form fields; evidence_N file parts are ignored here). */
export const answerFormSchema = z.object({
  questionId: uuid('Invalid question id'),
  answer: z.enum(ANSWER_VALUES, { error: MSG.answerYesNo }),
  baseVersion: z
    .union([z.literal(''), z.coerce.number().int().nonnegative('Invalid base version')])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
});

/** POST /api/assessments/{id}/submit: optional body; an Idempotency-Key header works too. */
export const submitAssessmentSchema = z.object({ mutationId: uuid('Invalid mutation id').optional() });

export const questionsQuerySchema = z.object({ assessmentId: uuid('Invalid assessment id').optional() });

export { ACTION_STATUSES, ASSESSMENT_STATUSES, type ActionStatus, type AssessmentStatus } from './enums.ts';

export const updateActionSchema = z
  .object({
    ownerId: uuid('Invalid owner id').nullable().optional(),
    status: z.enum(ACTION_STATUSES, { error: 'Status must be open, in_progress or done' }).optional(),
    notes: z.string().max(5000, 'Notes must be at most 5000 characters').optional(),
    /** The item's version the editor saw; a newer saved version answers 409 edit_conflict with the current item. */
    baseVersion: z
      .number({ error: 'baseVersion is required: reload the corrective action and try again' })
      .int('baseVersion must be a whole number')
      .min(1, 'baseVersion must be a whole number')
      .max(2_147_483_647, 'baseVersion must be a whole number'),
  })
  .refine((v) => v.ownerId !== undefined || v.status !== undefined || v.notes !== undefined, 'Nothing to update');

export const subscriptionSchema = z.object({
  paidUntil: isoInstant('paidUntil', { dateOnly: true }),
});

// ---------- responses ----------

export interface DomainView {
  id: string;
  name: string;
  icon: string;
  description: string;
}

export interface QuestionView {
  id: string;
  code: string;
  domain_id: string;
  domain_name: string;
  subdomain: string;
  question_text: string;
  points: number;
  critical: boolean;
  document_evidence_required: boolean;
  evidence_description: string;
  guidance: string;
  /** Citations to show, one per source (citationOf in domain/questions/sources.ts). */
  sources: string[];
  /**
   * The same sources as structured citations (citationsOf in domain/questions/sources.ts): title,
   * issuer, date, pinpoint, status with its effective date, URL; a superseded source after its successor.
   */
  citations: CitationView[];
  /** The recurring legal duty the question is tied to (reminders), or null. */
  clock: LegalClock | null;
  /** With ?assessmentId: new or changed since the assessment it started from (ADR 019); null otherwise. */
  novelty: QuestionNovelty | null;
}

export interface AssessmentListItem {
  id: string;
  status: AssessmentStatus;
  started_at: string;
  submitted_at: string | null;
  total_score: number | null;
  grade: Grade | null;
  pass_fail: PassFail | null;
  /** "Fail: 2 critical requirements not met" (domain/scoring/scoring.ts failSummary); null unless failed. */
  fail_summary: string | null;
}

export interface AssessmentDetail extends AssessmentListItem {
  version_id: number;
  answered_count: number;
  /** Questions asked in this assessment (those that apply to its frozen profile). */
  question_count: number;
  /** The organization's profile frozen when the assessment started; null if started before profiles (ADR 018). */
  applicability: ApplicabilityProfile | null;
  /** The submitted assessment this one started from; null for a blank start. */
  carried_from: string | null;
  /** Carried answers not yet re-confirmed (they count as unanswered). */
  to_confirm_count: number;
}

/** The result view: both spellings, as published (docs/decisions/016-names-and-casing.md). */
export interface ResultView {
  assessmentId: string;
  totalScore: number;
  total_score: number;
  maxScore: number;
  percentage: number;
  grade: Grade;
  passFail: PassFail;
  pass_fail: PassFail;
  failReasons: string[];
  domainScores: DomainScore[];
  gapCount: number;
  submittedAt: string;
  submitted_at: string;
  /**
   * Points earned on the questions asked, and the points of those questions: totalScore is
   * earned_points scaled to maxScore (scaledScore in domain/scoring/policy.ts). Results stored
   * before ADR 018 read as earned_points = totalScore and applicable_points = maxScore.
   */
  earned_points: number;
  applicable_points: number;
  /** The profile the assessment was asked against; null if started before profiles. */
  applicability: ApplicabilityProfile | null;
  /** How a carried start was re-confirmed (ADR 019); null for a blank start (and results stored before cycles). */
  carry: CarrySummary | null;
  /** Questions answered Yes that require document evidence but have no current (unexpired) file at submit. */
  evidence_missing: { code: string; question_text: string }[];
}

export interface CorrectiveActionView {
  id: string;
  question_id: string;
  code: string;
  domain_id: string;
  question_text: string;
  action: string;
  priority: ActionPriority;
  target_date: string | null;
  owner_id: string | null;
  owner_name: string | null;
  status: ActionStatus;
  notes: string;
  /** Incremented by every saved edit; PATCH sends it back as baseVersion. */
  version: number;
  updated_at: string;
  /** Who saved the last edit (null before the first edit). */
  updated_by_name: string | null;
  /** The assessment that opened it: another one than this report's when the action was carried into it (ADR 019). */
  opened_in: { assessment_id: string; submitted_at: string | null };
  /** When and why it closed (marked done, or answered Yes in a later assessment); null while open. */
  closed_at: string | null;
  closed_note: string | null;
}

export interface GapView {
  question_id: string;
  code: string;
  subdomain: string;
  question_text: string;
  points: number;
  critical: boolean;
  guidance: string;
  sources: string[];
  /** The sources as structured citations, as on the question card (citationsOf). */
  citations: CitationView[];
  corrective_action: { action: string; priority: ActionPriority; target_days: number };
}

/**
 * One gap as every organization sees it, paid or not: the question answered No, what to do, and the
 * sources it rests on (the same citations every member sees on the question card).
 */
export interface ResultGap {
  question_id: string;
  code: string;
  question_text: string;
  points: number;
  critical: boolean;
  action: string;
  priority: ActionPriority;
  citations: CitationView[];
}

/**
 * GET /api/assessments/:id/results: the result, its Fail explained, and the gap analysis with the
 * corrective action and citations for each gap (docs/decisions/012-results-line-and-public-content.md).
 * The paid report adds guidance, target dates, owners and status tracking, and the downloads.
 */
export interface ResultsView extends ResultView {
  failSummary: string | null;
  gaps: { domain_id: string; domain_name: string; points_lost: number; gaps: ResultGap[] }[];
  /** Per framework crosswalk, the items met on these answers (frameworkCoverage, domain/scoring/coverage.ts). */
  framework_coverage: FrameworkCoverageView[];
}

/** One framework's coverage by an assessment (domain/questions/crosswalks.ts for the items). */
export interface FrameworkCoverageView {
  framework_id: string;
  name: string;
  /** How the framework's item list was verified: primary text, or secondary summaries only. */
  basis: 'primary' | 'secondary';
  total: number;
  /** Items at least one question of the bank asks about. */
  covered: number;
  /** Items whose questions asked of the organization are all answered Yes. */
  met: number;
  /** Items the bank covers whose questions were not asked of this organization. */
  not_asked: number;
  /** Items no question of the bank asks about. */
  not_covered: number;
  /** Items with a question answered No or left unanswered, with those questions' codes. */
  gaps: { id: string; ref: string; title: string; codes: string[] }[];
}

export interface ReportView {
  assessmentId: string;
  result: ResultView;
  gapAnalysis: { domain_id: string; domain_name: string; points_lost: number; gaps: GapView[] }[];
  correctiveActions: CorrectiveActionView[];
  framework_coverage: FrameworkCoverageView[];
}
