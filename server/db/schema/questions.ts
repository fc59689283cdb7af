import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Condition } from '../../../domain/questions/applicability.ts';
import type { LegalClock } from '../../../domain/questions/clocks.ts';
import { ACTION_PRIORITIES } from '../../../domain/questions/question-types.ts';
import { createdAt, id, timestamps } from './columns.ts';

export const domains = pgTable('domains', {
  id: text().primaryKey(),
  name: text().notNull(),
  /** Lucide icon name: Users | FileText | GraduationCap | Lock | Search (default Shield). */
  icon: text().notNull().default('Shield'),
  description: text(),
  sortOrder: integer().notNull().default(0),
  ...timestamps,
});

/** Each edit of the question bank publishes a new version; assessments pin one. */
export const questionnaireVersions = pgTable('questionnaire_versions', {
  id: serial().primaryKey(),
  label: text().notNull(),
  /** How it was published: "seeded-from-code sha256:<hash>" for the bank in code, "<action> <code>" for an admin edit. */
  notes: text(),
  /** The release notes shown to organizations (ADR 038): what changed and why; null only for versions published before releases. */
  releaseNotes: text(),
  /** Source ids the release rests on (domain/questions/sources.ts). */
  releaseSources: jsonb().$type<string[]>().notNull().default([]),
  /** Codes of the questions this version changed against the one before it (domain/questions/releases.ts changedCodes). */
  changedCodes: jsonb().$type<string[]>().notNull().default([]),
  createdBy: uuid(),
  createdAt: createdAt(),
});

export const questions = pgTable(
  'questions',
  {
    id: id(),
    versionId: integer()
      .notNull()
      .references(() => questionnaireVersions.id, { onDelete: 'cascade' }),
    /** Stable code across versions, e.g. "CI-01". */
    code: text().notNull(),
    domainId: text()
      .notNull()
      .references(() => domains.id),
    subdomain: text().notNull().default(''),
    questionText: text().notNull(),
    points: integer().notNull(),
    critical: boolean().notNull().default(false),
    /** Asked only where these hold ([] = every organization); see domain/questions/applicability.ts. */
    appliesWhen: jsonb().$type<Condition[]>().notNull().default([]),
    /** A critical question gates Pass only where these hold too. */
    criticalWhen: jsonb().$type<Condition[]>().notNull().default([]),
    /** The recurring legal duty, or null (domain/questions/clocks.ts). */
    clock: jsonb().$type<LegalClock>(),
    documentEvidenceRequired: boolean().notNull().default(false),
    evidenceDescription: text(),
    guidance: text(),
    /** Source ids of domain/questions/sources.ts (versions published before ADR 018 hold labels). */
    sources: jsonb().$type<string[]>().notNull().default([]),
    correctiveAction: text(),
    actionPriority: text({ enum: ACTION_PRIORITIES }),
    targetDays: integer(),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('questions_version_code_uq').on(t.versionId, t.code), index('questions_domain_idx').on(t.domainId)],
);
