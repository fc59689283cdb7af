import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACTION_STATUSES, ANSWER_ORIGINS, ANSWER_VALUES, ASSESSMENT_STATUSES, DEFERRAL_STATUSES, EVIDENCE_STATUSES, QUESTION_NOVELTIES } from '../../../domain/contracts/enums.ts';
import type { ResultView } from '../../../domain/contracts/assessments.ts';
import type { ApplicabilityProfile } from '../../../domain/questions/applicability.ts';
import { GRADES, PASS_FAIL } from '../../../domain/scoring/policy.ts';
import { createdAt, id, timestamps } from './columns.ts';
import { organizations, profiles } from './organizations.ts';
import { questionnaireVersions, questions } from './questions.ts';

export const assessments = pgTable(
  'assessments',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    versionId: integer()
      .notNull()
      .references(() => questionnaireVersions.id),
    status: text({ enum: ASSESSMENT_STATUSES }).notNull().default('in_progress'),
    /** The organization's applicability profile frozen at start; null for assessments started before profiles (ADR 018). */
    applicability: jsonb().$type<ApplicabilityProfile>(),
    /** The submitted assessment this one started from (answers carried to re-confirm, ADR 019); null = blank start. */
    carriedFrom: uuid().references((): AnyPgColumn => assessments.id, { onDelete: 'set null' }),
    startedBy: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submittedBy: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    submittedAt: timestamp({ withTimezone: true }),
    totalScore: integer(),
    grade: text({ enum: GRADES }),
    passFail: text({ enum: PASS_FAIL }),
    /** Stored result view (domain scores, fail reasons) computed on the server at submit. */
    result: jsonb().$type<ResultView>(),
    ...timestamps,
  },
  (t) => [
    index('assessments_org_idx').on(t.organizationId, t.startedAt),
    uniqueIndex('assessments_one_in_progress_uq').on(t.organizationId).where(sql`status = 'in_progress'`),
    // Foreign keys (cascades and SET NULL follow them; server/db/fk-indexes.test.ts) and the admin list's keyset order.
    index('assessments_version_idx').on(t.versionId),
    index('assessments_carried_from_idx').on(t.carriedFrom),
    index('assessments_started_by_idx').on(t.startedBy),
    index('assessments_submitted_by_idx').on(t.submittedBy),
    index('assessments_started_id_idx').on(t.startedAt, t.id),
  ],
);

/**
 * The questions asked in an assessment, frozen when it starts: its version's questions that apply
 * to the organization's profile, each with its gate flag resolved (questionsFor in
 * domain/questions/applicability.ts). Answers, evidence, deferrals and scoring accept only these.
 */
export const assessmentQuestions = pgTable(
  'assessment_questions',
  {
    assessmentId: uuid()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    questionId: uuid()
      .notNull()
      .references(() => questions.id),
    critical: boolean().notNull(),
    /** Against the assessment it started from: a question not asked there (new) or whose wording, points, gate or evidence rule changed (ADR 019). */
    novelty: text({ enum: QUESTION_NOVELTIES }),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.questionId] }), index('assessment_questions_question_idx').on(t.questionId)],
);

export const responses = pgTable(
  'responses',
  {
    id: id(),
    assessmentId: uuid()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    questionId: uuid()
      .notNull()
      .references(() => questions.id),
    answer: text({ enum: ANSWER_VALUES }).notNull(),
    /** How the answer got here; 'carried' still needs re-confirming and counts as unanswered (ADR 019). */
    origin: text({ enum: ANSWER_ORIGINS }).notNull().default('answered'),
    /** Server version for compare-and-set; starts at 1. */
    version: integer().notNull().default(1),
    updatedBy: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('responses_assessment_question_uq').on(t.assessmentId, t.questionId),
    index('responses_org_idx').on(t.organizationId),
    index('responses_question_idx').on(t.questionId),
    index('responses_updated_by_idx').on(t.updatedBy),
  ],
);

export const responseHistory = pgTable(
  'response_history',
  {
    id: id(),
    assessmentId: uuid()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    questionId: uuid().notNull(),
    answer: text({ enum: ANSWER_VALUES }).notNull(),
    version: integer().notNull(),
    origin: text({ enum: ANSWER_ORIGINS }).notNull().default('answered'),
    changedBy: uuid(),
    mutationId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index('response_history_assessment_idx').on(t.assessmentId, t.questionId)],
);

export const evidenceFiles = pgTable(
  'evidence_files',
  {
    /** Client-generated evidence id (idempotent uploads). */
    id: uuid().primaryKey(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assessmentId: uuid()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    questionId: uuid().notNull(),
    fileName: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    bytesReceived: bigint({ mode: 'number' }).notNull().default(0),
    storageKey: text().notNull(),
    status: text({ enum: EVIDENCE_STATUSES }).notNull().default('uploading'),
    /** The date the document took effect (not the upload date); null = the upload date. */
    effectiveOn: date({ mode: 'string' }),
    /** The last day the document counts; after it the file is expired and satisfies no evidence rule (ADR 019). */
    expiresOn: date({ mode: 'string' }),
    /** The evidence row of the previous assessment this one was carried from (same stored bytes). */
    carriedFrom: uuid(),
    uploadedBy: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('evidence_assessment_idx').on(t.assessmentId, t.questionId), index('evidence_org_idx').on(t.organizationId), index('evidence_uploaded_by_idx').on(t.uploadedBy)],
);

export const deferrals = pgTable(
  'deferrals',
  {
    id: id(),
    assessmentId: uuid()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    questionId: uuid().notNull(),
    deferredBy: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    deferredTo: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text({ enum: DEFERRAL_STATUSES }).notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    index('deferrals_assignee_idx').on(t.deferredTo, t.status),
    index('deferrals_assessment_idx').on(t.assessmentId, t.questionId),
    index('deferrals_org_idx').on(t.organizationId),
    index('deferrals_deferred_by_idx').on(t.deferredBy),
  ],
);

export const correctiveActions = pgTable(
  'corrective_actions',
  {
    id: id(),
    assessmentId: uuid()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    questionId: uuid().notNull(),
    ownerId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    status: text({ enum: ACTION_STATUSES }).notNull().default('open'),
    notes: text().notNull().default(''),
    targetDate: timestamp({ withTimezone: true }),
    /** The question's stable code: an action follows its gap across questionnaire versions (ADR 019). */
    code: text(),
    /** The last submitted assessment in which the gap was still open (the action carried into it). */
    latestAssessmentId: uuid().references(() => assessments.id, { onDelete: 'set null' }),
    /** When and why it closed: by a person (status done) or automatically when the gap closed. */
    closedAt: timestamp({ withTimezone: true }),
    closedNote: text(),
    /** The assessment whose Yes closed the gap (automatic close); null otherwise. */
    closedInAssessmentId: uuid().references(() => assessments.id, { onDelete: 'set null' }),
    /** Optimistic concurrency: each saved edit increments it; an edit based on an older one is refused (409). */
    version: integer().notNull().default(1),
    /** Who saved the last edit ("Changed by X at Y"). */
    updatedBy: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('corrective_actions_uq').on(t.assessmentId, t.questionId),
    index('corrective_actions_org_idx').on(t.organizationId, t.status),
    index('corrective_actions_owner_idx').on(t.ownerId),
    index('corrective_actions_latest_assessment_idx').on(t.latestAssessmentId),
    index('corrective_actions_closed_in_idx').on(t.closedInAssessmentId),
    index('corrective_actions_updated_by_idx').on(t.updatedBy),
  ],
);

/** Idempotency ledger for queued client mutations (see docs/decisions). */
export const clientMutations = pgTable(
  'client_mutations',
  {
    mutationId: uuid().primaryKey(),
    clientId: text().notNull(),
    userId: uuid().notNull(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    /** The kind the client sent, as sent (an unknown kind is recorded and rejected), so not an enum column. */
    kind: text().notNull(),
    result: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [index('client_mutations_created_idx').on(t.createdAt), index('client_mutations_org_idx').on(t.organizationId)],
);
