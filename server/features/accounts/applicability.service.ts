// The organization's applicability profile (domain/questions/applicability.ts): which duties it has,
// read by any member and set by an org_admin. An assessment freezes the profile when it starts
// (createAssessment in server/features/assessments), so a change here applies to the next one only.
import { and, eq, min, or, sql } from 'drizzle-orm';
import type { ApplicabilityView } from '#domain/contracts/accounts.ts';
import { FUNDING_AGENCIES, mayMeanNihRepositories, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { fullName } from '#domain/text.ts';
import { assessments, organizations, profiles, questionnaireVersions, questions } from '../../db/schema/index.ts';
import { writeAudit } from '../../lib/audit.ts';
import { lastSubmitted } from '../../lib/last-submitted.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownOrganizationId } from './organization.service.ts';
import type { CallerContext } from '../../lib/context.ts';
import type { ServiceContext } from '../../lib/context.ts';

type Db = ServiceContext['db'];

/**
 * When the NIH repositories activity (nih_controlled_access) reached this installation: the first
 * published questionnaire version with a question conditioned on it. null before any such version.
 */
async function nihChoiceSince(db: Pick<Db, 'select'>): Promise<Date | null> {
  const mentions = `%"nih_controlled_access"%`;
  const [row] = await db
    .select({ at: min(questionnaireVersions.createdAt) })
    .from(questionnaireVersions)
    .innerJoin(questions, eq(questions.versionId, questionnaireVersions.id))
    .where(or(sql`${questions.appliesWhen}::text like ${mentions}`, sql`${questions.criticalWhen}::text like ${mentions}`));
  return row?.at ?? null;
}

/**
 * The profile lists controlled-access human data without the NIH choice and was last saved before
 * that choice existed, when the activity also meant NIH repositories (mayMeanNihRepositories).
 */
async function activitiesReview(db: Pick<Db, 'select'>, profile: ApplicabilityProfile | null, updatedAt: Date | null): Promise<boolean> {
  if (!profile || !mayMeanNihRepositories(profile)) return false;
  const since = await nihChoiceSince(db);
  return since === null || updatedAt === null || updatedAt < since;
}

/** GET /api/organization/applicability for the caller's organization. */
export async function applicabilityView(ctx: Pick<ServiceContext, 'db'>, organizationId: string): Promise<ApplicabilityView> {
  const { db } = ctx;
  const [row] = await db
    .select({
      profile: organizations.applicability,
      updatedAt: organizations.applicabilityUpdatedAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(organizations)
    .leftJoin(profiles, eq(profiles.id, organizations.applicabilityUpdatedBy))
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound('Organization not found');
  const [open] = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(eq(assessments.organizationId, organizationId), eq(assessments.status, 'in_progress')));
  const last = await lastSubmitted(db, organizationId);
  return {
    profile: row.profile ?? null,
    updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
    updated_by_name: row.firstName == null ? null : fullName(row.firstName, row.lastName),
    in_progress_assessment_id: open?.id ?? null,
    activities_review: await activitiesReview(db, row.profile ?? null, row.updatedAt ?? null),
    last_submitted: last?.submittedAt ? { id: last.id, submitted_at: last.submittedAt.toISOString(), total_score: last.totalScore, grade: last.grade } : null,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The same instruments, or both unconfirmed (a confirmation that changes no duty is still a change to record). */
const sameInstruments = (a: ApplicabilityProfile['instruments'], b: ApplicabilityProfile['instruments']) =>
  a === undefined || b === undefined ? a === b : FUNDING_AGENCIES.every((x) => sameSet(a[x] ?? [], b[x] ?? []));

/** The same duties (field by field: jsonb keeps neither key order nor, for old rows, list order). */
const sameProfile = (a: ApplicabilityProfile | null, b: ApplicabilityProfile) =>
  a !== null &&
  a.kind === b.kind &&
  a.covered === b.covered &&
  sameSet(a.agencies, b.agencies) &&
  sameInstruments(a.instruments, b.instruments) &&
  sameSet(a.activities, b.activities);

/**
 * PUT /api/organization/applicability (org_admin; `profile` already validated by
 * applicabilityProfileSchema). Writes the profile, who and when, and an audit entry with the
 * profile before and after, in one transaction; a save that changes nothing writes nothing (the
 * "updated by" line keeps naming whoever last changed it), unless the profile awaited a review of
 * its activities (activitiesReview): then the unchanged save is the review, recorded like a change.
 * Assessments already started keep theirs.
 */
export async function saveApplicability(ctx: CallerContext, profile: ApplicabilityProfile): Promise<ApplicabilityView> {
  const { caller } = ctx;
  const organizationId = ownOrganizationId(caller);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ profile: organizations.applicability, updatedAt: organizations.applicabilityUpdatedAt })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    if (!before) throw notFound('Organization not found');
    if (sameProfile(before.profile ?? null, profile) && !(await activitiesReview(tx, before.profile ?? null, before.updatedAt ?? null))) return;
    await tx
      .update(organizations)
      .set({ applicability: profile, applicabilityUpdatedAt: ctx.now(), applicabilityUpdatedBy: caller.id })
      .where(eq(organizations.id, organizationId));
    await writeAudit(tx, {
      actorId: caller.id,
      organizationId,
      action: 'organization.applicability',
      targetType: 'organization',
      targetId: organizationId,
      before: before.profile ?? null,
      after: profile,
    });
  });
  return applicabilityView(ctx, organizationId);
}
