// Deferrals: a question handed to a teammate (POST /api/assessments/{id}/defer, and the outbox's
// 'defer.set' mutation through /api/sync/push), and their views for the pull state.
import { and, eq, ne, sql } from 'drizzle-orm';
import { fullName } from '#domain/text.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { DeferralView } from '#domain/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import { assessments, deferrals, profiles } from '../../db/schema/index.ts';
import { assessmentLocked, badRequest, notFound } from '../../lib/app-error.ts';
import { isAssessmentQuestion } from '../questions/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

const byUser = alias(profiles, 'deferred_by_profile');
const toUser = alias(profiles, 'deferred_to_profile');
/** A joined profile's name; null when no profile joined. */
const nameOf = (p: { firstName: string | null; lastName: string | null }) => (p.firstName == null ? null : fullName(p.firstName, p.lastName));

export async function listDeferralViews(ctx: Pick<ServiceContext, 'db'>, assessmentId: string, opts: { since?: Date; id?: string } = {}): Promise<DeferralView[]> {
  const { db } = ctx;
  const conditions = [eq(deferrals.assessmentId, assessmentId)];
  if (opts.since) conditions.push(sql`${deferrals.updatedAt} >= ${opts.since.toISOString()}`);
  if (opts.id) conditions.push(eq(deferrals.id, opts.id));
  const rows = await db
    .select({
      d: deferrals,
      byFirst: byUser.firstName,
      byLast: byUser.lastName,
      toFirst: toUser.firstName,
      toLast: toUser.lastName,
    })
    .from(deferrals)
    .leftJoin(byUser, eq(byUser.id, deferrals.deferredBy))
    .leftJoin(toUser, eq(toUser.id, deferrals.deferredTo))
    .where(and(...conditions))
    .orderBy(deferrals.updatedAt);
  return rows.map(({ d, byFirst, byLast, toFirst, toLast }) => ({
    id: d.id,
    question_id: d.questionId,
    deferred_by: d.deferredBy,
    deferred_by_name: nameOf({ firstName: byFirst, lastName: byLast }),
    deferred_to: d.deferredTo,
    deferred_to_name: nameOf({ firstName: toFirst, lastName: toLast }),
    status: d.status,
    updated_at: d.updatedAt.toISOString(),
  }));
}

async function assertOpenAssessment(tx: Db, assessmentId: string, organizationId: string) {
  const [a] = await tx.select().from(assessments).where(eq(assessments.id, assessmentId)).for('share');
  if (!a || a.organizationId !== organizationId) throw notFound('Assessment not found');
  if (a.status !== 'in_progress') throw assessmentLocked();
  return a;
}

/** Hands a question to another active member; replaces the open deferral of that question, if any. */
export async function recordDeferral(
  tx: Db,
  input: { assessmentId: string; organizationId: string; questionId: string; deferToUserId: string; userId: string },
) {
  const a = await assertOpenAssessment(tx, input.assessmentId, input.organizationId);
  if (!(await isAssessmentQuestion({ db: tx }, a.id, input.questionId))) throw badRequest('This question is not part of the assessment');
  if (input.deferToUserId === input.userId) throw badRequest('Choose another team member to defer to');
  const [target] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, input.deferToUserId), eq(profiles.organizationId, input.organizationId), eq(profiles.status, 'active')));
  if (!target) throw badRequest('That team member is not an active member of your organization');
  const open = and(eq(deferrals.assessmentId, input.assessmentId), eq(deferrals.questionId, input.questionId), eq(deferrals.status, 'open'));
  await tx.update(deferrals).set({ status: 'cancelled' }).where(and(open, ne(deferrals.deferredTo, input.deferToUserId)));
  const [existing] = await tx.select({ id: deferrals.id }).from(deferrals).where(and(open, eq(deferrals.deferredTo, input.deferToUserId)));
  const deferralId =
    existing?.id ??
    (await tx
      .insert(deferrals)
      .values({ ...input, deferredBy: input.userId, deferredTo: input.deferToUserId })
      .returning({ id: deferrals.id }))[0]!.id;
  const [view] = await listDeferralViews({ db: tx }, input.assessmentId, { id: deferralId });
  return view!;
}
