// The values of the enum-like columns: text columns that hold one of a fixed set of values.
// The domain owns them; the drizzle schema types those columns with these tuples
// (server/db/schema/**, `text({ enum: ... })`), the zod schemas accept them and the response
// types show them: one list per column, and a value outside it fails to compile. No zod here, so
// the drizzle schema imports it without the validators.
// Tuples that live next to their own domain logic: ROLES (domain/roles.ts), GRADES and PASS_FAIL
// (domain/scoring/policy.ts), ACTION_PRIORITIES (domain/questions/question-types.ts).
import type { Role } from '../roles.ts';

/** A yes/no answer (responses.answer, response_history.answer). */
export const ANSWER_VALUES = ['yes', 'no'] as const;
export type AnswerValue = (typeof ANSWER_VALUES)[number];

/** assessments.status: at most one in_progress per organization; submitted is final. */
export const ASSESSMENT_STATUSES = ['in_progress', 'submitted'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** corrective_actions.status. */
export const ACTION_STATUSES = ['open', 'in_progress', 'done'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** deferrals.status. */
export const DEFERRAL_STATUSES = ['open', 'answered', 'cancelled'] as const;
export type DeferralStatus = (typeof DEFERRAL_STATUSES)[number];

/** evidence_files.status: bytes arriving, all bytes stored, attached to its answer, detached from it. */
export const EVIDENCE_STATUSES = ['uploading', 'complete', 'attached', 'detached'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

/** organizations.status: a suspended organization is read-only for its members. */
export const ORGANIZATION_STATUSES = ['active', 'suspended'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

/** invitations.role: an invitation never makes a system_admin. */
export const INVITABLE_ROLES = ['team_member', 'org_admin'] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** profiles.status: removed and disabled users are refused by the API. */
export const PROFILE_STATUSES = ['active', 'disabled', 'removed'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

/**
 * join_requests.status: withdrawn = the user got an organization another way; cancelled = the
 * join link was renewed while it waited (ADR 003).
 */
export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn', 'cancelled'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/**
 * responses.origin: how the answer came to be in this assessment (ADR 019).
 * answered = chosen by a person here; carried = copied from the previous assessment and still to
 * re-confirm (counts as unanswered: scoring, completeness and submit ignore it); confirmed = a
 * carried answer a person confirmed or re-chose on its own; bulk_confirmed = confirmed with its
 * domain's "confirm unchanged answers" after an explicit confirmation.
 */
export const ANSWER_ORIGINS = ['answered', 'carried', 'confirmed', 'bulk_confirmed'] as const;
export type AnswerOrigin = (typeof ANSWER_ORIGINS)[number];

/** assessment_questions.novelty: not asked in the assessment it started from, or changed since (null = same). */
export const QUESTION_NOVELTIES = ['new', 'changed'] as const;
export type QuestionNovelty = (typeof QUESTION_NOVELTIES)[number];

/** How a new assessment starts: from the last submitted one (default when there is one) or blank. */
export const START_FROM = ['previous', 'blank'] as const;
export type StartFrom = (typeof START_FROM)[number];

/**
 * notifications.status: waiting to be sent (or retried), sent, given up after repeated failures, or
 * cancelled at dispatch because the recipient or the organization no longer has access.
 */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** notifications.kind: every e-mail the scheduler sends. */
export const NOTIFICATION_KINDS = [
  'evidence_expiry',
  'action_assigned',
  'action_due',
  'legal_deadline',
  'reassess',
  'certification_expiry',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A certification's status, computed (rows never change): the newest unexpired one is current. */
export const CERTIFICATION_STATUSES = ['current', 'superseded', 'expired'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];
/** Why an assessment cannot be certified (certificationEligibility, domain/certification). */
export const INELIGIBILITIES = ['none_submitted', 'not_submitted', 'not_latest', 'not_passed'] as const;
export type Ineligibility = (typeof INELIGIBILITIES)[number];
