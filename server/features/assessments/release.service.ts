// Moving an assessment in progress to a newer release of the question bank (ADR 038), the way
// carry-forward is built (ADR 019): a pure plan (domain/questions/releases.ts movePlan), then one
// transaction. Answers, evidence links, deferrals and actions of the questions that are the same
// for an answer follow them to their new ids; the answers of changed questions are cleared, so
// they are asked again; the assessment pins the new version with the questions that apply to its
// frozen profile; the move is audited. A submitted assessment never changes.
import { and, eq, inArray } from 'drizzle-orm';
import type { AssessmentReleaseView, ReleaseMoveView } from '#domain/contracts/releases.ts';
import type { QuestionNovelty } from '#domain/contracts/enums.ts';
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { questionsFor } from '#domain/questions/applicability.ts';
import { moveChangesQuestions, movePlan, type MovePlan } from '#domain/questions/releases.ts';
import type { Db } from '../../db/client.ts';
import { assessmentQuestions, assessments, correctiveActions, deferrals, evidenceFiles, questionnaireVersions, responseHistory, responses } from '../../db/schema/index.ts';
import { conflict } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { CallerContext, ServiceContext } from '../../lib/context.ts';
import { loadVersionQuestions, newestRelease, toReleaseView, type VersionQuestion } from '../questions/index.ts';
import type { AssessmentRow } from './assessments.service.ts';

interface Planned {
  plan: MovePlan;
  /** The new version's questions asked of the assessment's profile, each with its gate resolved. */
  asked: VersionQuestion[];
  /** Novelty of the questions asked now, by question id (kept through the move). */
  novelty: Map<string, QuestionNovelty | null>;
}

/** The plan of moving `a` to version `targetId`, read with `db` (a transaction when moving). */
async function planMove(db: Db, a: Pick<AssessmentRow, 'id' | 'versionId' | 'applicability'>, targetId: number): Promise<Planned> {
  const frozen = await db
    .select({ questionId: assessmentQuestions.questionId, novelty: assessmentQuestions.novelty })
    .from(assessmentQuestions)
    .where(eq(assessmentQuestions.assessmentId, a.id));
  const frozenIds = new Set(frozen.map((f) => f.questionId));
  const before = (await loadVersionQuestions({ db }, a.versionId)).filter((q) => frozenIds.has(q.id));
  const target = await loadVersionQuestions({ db }, targetId);
  const asked = questionsFor(target, a.applicability ?? null);
  const askedIds = new Set(asked.map((q) => q.id));
  const after = target.filter((q) => askedIds.has(q.id));
  const answered = await db.select({ questionId: responses.questionId }).from(responses).where(eq(responses.assessmentId, a.id));
  const plan = movePlan({ before, after, answeredIds: answered.map((r) => r.questionId) });
  return { plan, asked, novelty: new Map(frozen.map((f) => [f.questionId, f.novelty ?? null])) };
}

const moveView = (version: { id: number; label: string }, plan: MovePlan): ReleaseMoveView => ({
  version_id: version.id,
  version: version.label,
  answers_kept: plan.answersKept,
  answers_cleared: plan.answersCleared,
  re_asked: plan.reAskedCodes,
  added: plan.added,
  removed: plan.removed,
});

async function versionLabel(db: Db, id: number): Promise<string> {
  const [v] = await db.select({ label: questionnaireVersions.label }).from(questionnaireVersions).where(eq(questionnaireVersions.id, id));
  return v?.label ?? `v${id}`;
}

/**
 * GET /api/assessments/{id}/release (any member): the assessment's release and, while it is in
 * progress, the newest release when it changes a question the assessment asks.
 */
export async function getAssessmentRelease(ctx: Pick<ServiceContext, 'db'>, a: AssessmentRow): Promise<AssessmentReleaseView> {
  const { db } = ctx;
  const pinned = { version_id: a.versionId, version: await versionLabel(db, a.versionId) };
  const newest = await newestRelease(ctx);
  if (a.status !== 'in_progress' || !newest || newest.id <= a.versionId) return { ...pinned, update: null };
  const { plan } = await planMove(db, a, newest.id);
  if (!moveChangesQuestions(plan)) return { ...pinned, update: null };
  const release = toReleaseView(newest);
  return { ...pinned, update: { ...moveView({ id: newest.id, label: newest.label }, plan), notes: release.notes, publishedAt: release.publishedAt } };
}

/**
 * POST /api/assessments/{id}/release (org_admin): moves the assessment to `versionId`, which must
 * be the newest release (409 when a newer one was published since the org_admin looked, or when
 * the assessment already uses it); a submitted assessment is refused (409).
 */
export async function moveToRelease(ctx: CallerContext, a: AssessmentRow, versionId: number): Promise<ReleaseMoveView> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(assessments).where(eq(assessments.id, a.id)).for('update');
    if (!row || row.status !== 'in_progress') throw conflict(CONTENT_MSG.releaseMoveSubmitted);
    const newest = await newestRelease({ db: tx });
    if (!newest || versionId <= row.versionId) throw conflict(CONTENT_MSG.releaseMoveNotNewer);
    if (versionId !== newest.id) throw conflict(CONTENT_MSG.releaseMoveStale);
    const { plan, asked, novelty } = await planMove(tx, row, newest.id);
    await relink(tx, row.id, plan, ctx.now());
    const newIdOf = new Map([...plan.kept, ...plan.reAsked].map(([oldId, newId]) => [newId, oldId]));
    const reAsked = new Set(plan.reAsked.values());
    await tx.delete(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, row.id));
    if (asked.length) {
      await tx.insert(assessmentQuestions).values(
        asked.map((q) => {
          const oldId = newIdOf.get(q.id);
          const n: QuestionNovelty | null = !oldId ? 'new' : reAsked.has(q.id) ? 'changed' : (novelty.get(oldId) ?? null);
          return { assessmentId: row.id, questionId: q.id, critical: q.critical, novelty: n };
        }),
      );
    }
    await tx.update(assessments).set({ versionId: newest.id, updatedAt: ctx.now() }).where(eq(assessments.id, row.id));
    const view = moveView({ id: newest.id, label: newest.label }, plan);
    await writeAudit(tx, {
      actorId: ctx.caller.id,
      organizationId: row.organizationId,
      action: 'assessment.release_moved',
      targetType: 'assessment',
      targetId: row.id,
      before: { versionId: row.versionId },
      after: view,
    });
    return view;
  });
}

/**
 * Answers of the same questions (and their history) follow them to the new ids; answers of changed
 * or no longer asked questions are deleted (their history stays). Evidence files, deferrals and
 * actions follow every question asked in both; open deferrals of questions no longer asked are
 * cancelled.
 */
async function relink(tx: Db, assessmentId: string, plan: MovePlan, now: Date): Promise<void> {
  for (const [oldId, newId] of plan.kept) {
    await tx.update(responses).set({ questionId: newId, updatedAt: now }).where(and(eq(responses.assessmentId, assessmentId), eq(responses.questionId, oldId)));
    await tx.update(responseHistory).set({ questionId: newId }).where(and(eq(responseHistory.assessmentId, assessmentId), eq(responseHistory.questionId, oldId)));
  }
  const cleared = [...plan.reAsked.keys(), ...plan.removedIds];
  if (cleared.length) await tx.delete(responses).where(and(eq(responses.assessmentId, assessmentId), inArray(responses.questionId, cleared)));
  for (const [oldId, newId] of [...plan.kept, ...plan.reAsked]) {
    await tx.update(evidenceFiles).set({ questionId: newId, updatedAt: now }).where(and(eq(evidenceFiles.assessmentId, assessmentId), eq(evidenceFiles.questionId, oldId)));
    await tx.update(deferrals).set({ questionId: newId, updatedAt: now }).where(and(eq(deferrals.assessmentId, assessmentId), eq(deferrals.questionId, oldId)));
    await tx.update(correctiveActions).set({ questionId: newId, updatedAt: now }).where(and(eq(correctiveActions.assessmentId, assessmentId), eq(correctiveActions.questionId, oldId)));
  }
  if (plan.removedIds.length) {
    await tx
      .update(deferrals)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(deferrals.assessmentId, assessmentId), eq(deferrals.status, 'open'), inArray(deferrals.questionId, plan.removedIds)));
  }
}
