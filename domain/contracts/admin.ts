// The admin area (system_admin only): request schemas and response shapes. Shared by the API and the SPA.
import { z } from 'zod';
import { ACTION_PRIORITIES, questionDefSchema, type ActionPriority } from '../questions/question-types.ts';
import { conditionsCanHold, conditionsSchema, type Condition } from '../questions/applicability.ts';
import { legalClockSchema } from '../questions/clocks.ts';
import { ROLES, type Role } from '../roles.ts';
import type { Grade, PassFail } from '../scoring/policy.ts';
import { CONTENT_MSG } from '../content-messages.ts';
import type { QuestionView } from './assessments.ts';
import type { AssessmentStatus, OrganizationStatus, ProfileStatus } from './enums.ts';

/** The admin questions table shows 10 rows at a time. */
export const ADMIN_PAGE_SIZE = 10;

export const adminListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be 1 or more').max(100_000).default(1),
  q: z.string().trim().max(200, 'Search text must be at most 200 characters').default(''),
});

/**
 * The platform-wide admin lists (organizations, assessments, users, audit log) are read in keyset
 * pages: `limit` rows (at most ADMIN_LIST_MAX_LIMIT) after the opaque `cursor` the previous page
 * returned as `next_cursor`; `q` is a case-insensitive prefix search (docs/decisions/026).
 */
export const ADMIN_LIST_LIMIT = 50;
export const ADMIN_LIST_MAX_LIMIT = 100;
export const INVALID_CURSOR_MESSAGE = 'This page link is no longer valid. Reload the list from the start.';

/** The cursor and page size of every keyset list (ADR 026): the admin lists and the organization's audit log. */
export const keysetPageFields = {
  cursor: z.string().max(600, INVALID_CURSOR_MESSAGE).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(ADMIN_LIST_MAX_LIMIT, `limit must be at most ${ADMIN_LIST_MAX_LIMIT}`)
    .default(ADMIN_LIST_LIMIT),
};

export const adminPageQuerySchema = z.object({
  ...keysetPageFields,
  q: z.string().trim().max(200, 'Search text must be at most 200 characters').default(''),
});
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

/** GET /api/admin/organizations also takes `id`: that one organization (the delete dialog reloads it). */
export const adminOrganizationsQuerySchema = adminPageQuerySchema.extend({ id: z.uuid('Invalid organization id').optional() });

export const CRITICAL_WHEN_WITHOUT_GATE_MESSAGE = 'Gate conditions apply only to a critical question: mark it critical or remove them';
export const GATE_NEVER_HOLDS_MESSAGE = 'No organization asked this question can meet the gate conditions: change them or remove them';

const fieldsParsed = (payload: { issues: readonly unknown[] }) => payload.issues.length === 0;

/** Create and edit (full replacement) of one question; the code is assigned by the server. */
/** Every publish of the admin question editor carries release notes (ADR 038). */
export const releaseNoteSchema = z
  .string({ error: CONTENT_MSG.releaseNoteRequired })
  .trim()
  .min(10, CONTENT_MSG.releaseNoteRequired)
  .max(2000, CONTENT_MSG.releaseNoteTooLong);

export const adminQuestionSchema = z.object({
  domainId: questionDefSchema.shape.domainId,
  subdomain: z.string().trim().min(1, 'Subdomain is required').max(200, 'Subdomain must be at most 200 characters'),
  questionText: z.string().trim().min(10, 'Question text must be at least 10 characters').max(1000, 'Question text must be at most 1000 characters'),
  points: questionDefSchema.shape.points,
  critical: z.boolean().default(false),
  appliesWhen: conditionsSchema.default([]),
  criticalWhen: conditionsSchema.default([]),
  clock: legalClockSchema.nullable().default(null),
  documentEvidenceRequired: z.boolean().default(false),
  evidenceDescription: z.string().trim().max(1000).default(''),
  guidance: z.string().trim().min(1, 'Guidance is required').max(2000, 'Guidance must be at most 2000 characters'),
  sources: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
  correctiveAction: z.object({
    action: z.string().trim().min(1, 'A corrective action is required').max(2000),
    priority: z.enum(ACTION_PRIORITIES, { error: 'Priority must be critical, high, medium or low' }),
    targetDays: z.number().int().min(1, 'Target days must be between 1 and 730').max(730, 'Target days must be between 1 and 730'),
  }),
  /**
   * Every version totals 140 points. When a change moves the total, the difference is taken from
   * (or given to) this question of the current version.
   */
  balanceWith: z.uuid('Invalid question id').nullable().optional(),
  /** The release notes of the version this change publishes (ADR 038): what changed and why. */
  releaseNote: releaseNoteSchema,
})
  // Zod runs object refinements even when a field failed (only aborting issues skip them), so these
  // run only on a body whose fields all parsed: a malformed condition such as {} is reported by its
  // own field, never read here.
  .refine((q) => q.critical || q.criticalWhen.length === 0, { message: CRITICAL_WHEN_WITHOUT_GATE_MESSAGE, path: ['criticalWhen'], when: fieldsParsed })
  // A gate is checked only where the question is asked: both lists must be able to hold at once.
  .refine((q) => q.criticalWhen.length === 0 || conditionsCanHold([...q.appliesWhen, ...q.criticalWhen]), {
    message: GATE_NEVER_HOLDS_MESSAGE,
    path: ['criticalWhen'],
    when: fieldsParsed,
  });
export type AdminQuestionInput = z.infer<typeof adminQuestionSchema>;

export const adminDeleteQuestionSchema = z.object({ balanceWith: z.uuid('Invalid question id').nullable().optional(), releaseNote: releaseNoteSchema });

export const suspendOrganizationSchema = z.object({
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500, 'The reason must be at most 500 characters'),
});

/** DELETE /api/admin/organizations/{id}: the organization's exact name, typed by the system admin. */
export const deleteOrganizationSchema = z.object({
  confirmation: z.string({ error: "Type the organization's name to confirm" }).max(500, "Type the organization's name to confirm"),
});

export const DELETE_ORGANIZATION_MISMATCH = "The name you typed does not match the organization's name. Type it exactly as shown to delete the organization.";

export const changeRoleSchema = z.object({
  role: z.enum(ROLES, { error: 'Role must be org_admin, team_member or system_admin' }),
});

// ---------- responses ----------

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The public question view plus the corrective action an admin edits. */
export interface AdminQuestionView extends QuestionView {
  corrective_action: { action: string; priority: ActionPriority; target_days: number };
  /** As stored (domain/questions/applicability.ts); QuestionView.critical is the published flag. */
  applies_when: Condition[];
  critical_when: Condition[];
  /** The source ids as stored (QuestionView.sources holds their citations). */
  source_ids: string[];
}

export interface AdminQuestionsPage extends Paged<AdminQuestionView> {
  version_id: number;
  version_label: string;
  total_points: number;
}

export interface AdminQuestionChange {
  version_id: number;
  version_label: string;
  question: AdminQuestionView | null;
}

export type SubscriptionState = 'active' | 'expired' | 'none';

/** POST /api/admin/organizations/:id/subscription: the payment verification recorded. */
export interface SubscriptionView {
  organization_id: string;
  paid_until: string;
  payment_verified_by: string;
  payment_verified_at: string;
}

export interface AdminOrganizationView {
  id: string;
  name: string;
  contact_name: string | null;
  contact_email: string | null;
  status: OrganizationStatus;
  suspended_reason: string | null;
  created_at: string;
  member_count: number;
  assessment_count: number;
  paid_until: string | null;
  subscription: SubscriptionState;
}

/** GET /api/admin/overview: the system admin's dashboard figures across the platform. */
export interface AdminOverview {
  organizations: { active: number; suspended: number };
  /** Profiles that may sign in (removed members are not counted). */
  users: { active: number; disabled: number };
  assessments: { in_progress: number; submitted: number };
  /** Organizations with a submitted assessment and no active subscription: their report waits for payment verification. */
  awaiting_payment: number;
}

/** One keyset page of an admin list. */
export interface KeysetPage {
  /** Pass as `cursor` for the rows after this page; null on the last page. */
  next_cursor: string | null;
  limit: number;
  /**
   * Rows in the whole list: exact when this page is the whole list, else the planner's estimate
   * (pg_class.reltuples) without a search, null when unknown (the list shows "more available").
   */
  estimated_total: number | null;
}

export interface AdminOrganizationsPage extends KeysetPage {
  organizations: AdminOrganizationView[];
}

export interface AdminAssessmentsPage extends KeysetPage {
  assessments: AdminAssessmentView[];
}

export interface AdminUsersPage extends KeysetPage {
  users: AdminUserView[];
}

export interface AuditLogPage extends KeysetPage {
  items: AuditEntryView[];
}

export interface AdminAssessmentView {
  id: string;
  organization_id: string;
  organization_name: string;
  status: AssessmentStatus;
  started_at: string;
  submitted_at: string | null;
  total_score: number | null;
  grade: Grade | null;
  pass_fail: PassFail | null;
  /** The organization's subscription: its detailed report is released while 'active'. */
  subscription: SubscriptionState;
}

export interface AdminUserView {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  status: ProfileStatus;
  organization: { id: string; name: string } | null;
  created_at: string;
}

export interface AuditEntryView {
  id: string;
  created_at: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  organization_id: string | null;
  organization_name: string | null;
  before: unknown;
  after: unknown;
}
