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

/** join_requests.status: withdrawn = the user got an organization another way (ADR 003). */
export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];
