import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from '../../../domain/contracts/enums.ts';
import type { ApplicabilityProfile } from '../../../domain/questions/applicability.ts';
import { GRADES, PASS_FAIL } from '../../../domain/scoring/policy.ts';
import { assessments } from './assessments.ts';
import { createdAt, id } from './columns.ts';
import { organizations, profiles } from './organizations.ts';

/**
 * Signed self-certification records (ADR 019). Immutable: a trigger refuses every UPDATE, and every
 * DELETE except the cascade from deleting the organization (migrations/0003_cycles.sql); signing again inserts a row that supersedes the last one, so the
 * chain is kept. `canonical` is the exact text hashed into `sha256`.
 */
export const certifications = pgTable(
  'certifications',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assessmentId: uuid()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    /** The public verification code (/verify/{code}): random, unguessable. */
    verifyCode: text().notNull(),
    /** No foreign key: the record never changes, not even when the signer's profile goes. */
    signerUserId: uuid(),
    signerName: text().notNull(),
    signerTitle: text().notNull(),
    statement: text().notNull(),
    signedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    totalScore: integer().notNull(),
    grade: text({ enum: GRADES }).notNull(),
    passFail: text({ enum: PASS_FAIL }).notNull(),
    versionId: integer().notNull(),
    versionLabel: text().notNull(),
    applicability: jsonb().$type<ApplicabilityProfile>(),
    canonical: text().notNull(),
    sha256: text().notNull(),
    /** The record this one replaces; at most one successor each (a straight chain). */
    supersedesId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('certifications_verify_code_uq').on(t.verifyCode),
    uniqueIndex('certifications_supersedes_uq').on(t.supersedesId),
    // One chain per organization: only one record may start it.
    uniqueIndex('certifications_first_uq').on(t.organizationId).where(sql`supersedes_id is null`),
    index('certifications_org_idx').on(t.organizationId, t.signedAt),
    index('certifications_assessment_idx').on(t.assessmentId),
  ],
);

/**
 * Named periodic jobs shared by every server instance: a run claims the row with
 * a conditional UPDATE ... WHERE next_run_at <= now RETURNING, so one instance runs each due job once (ADR 019).
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text().primaryKey(),
  nextRunAt: timestamp({ withTimezone: true }).notNull(),
  lastStartedAt: timestamp({ withTimezone: true }),
  lastFinishedAt: timestamp({ withTimezone: true }),
  lastError: text(),
  runs: integer().notNull().default(0),
});

/**
 * Every reminder and notice e-mail, recorded before it is sent: `dedupeKey` is unique, so each
 * reminder is queued once however many instances or runs see it due; the dispatcher sends pending
 * rows and records the outcome (ADR 019).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    dedupeKey: text().notNull(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    recipientId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    recipientEmail: text().notNull(),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    status: text({ enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** A dispatcher's short lease while it sends outside any transaction; another may take the row after it. */
    claimedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.dedupeKey),
    index('notifications_status_idx').on(t.status, t.createdAt),
    index('notifications_org_idx').on(t.organizationId),
    index('notifications_recipient_idx').on(t.recipientId),
  ],
);
