// The organization's corrective action plan across assessments (ADR 019), reconciled at submit.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { autoCloseNote, decidePlanAtSubmit } from '#domain/cycles/action-cycle.ts';
import type { ScoreResult } from '#domain/scoring/types.ts';
import { buildCorrectiveActionPlan } from '#domain/scoring/action-plan.ts';
import type { Db } from '../../db/client.ts';
import { correctiveActions, responses } from '../../db/schema/index.ts';
import { loadAssessmentQuestions } from '../questions/index.ts';

export interface PlanAtSubmit {
  assessmentId: string;
  organizationId: string;
  score: ScoreResult;
  submittedAt: Date;
}

/** The submitted assessment's answers by question code (carried answers not re-confirmed count as unanswered). */
async function answersByCode(tx: Db, assessmentId: string): Promise<Map<string, 'yes' | 'no'>> {
  const asked = await loadAssessmentQuestions({ db: tx }, assessmentId);
  const rows = await tx
    .select({ questionId: responses.questionId, answer: responses.answer })
    .from(responses)
    .where(and(eq(responses.assessmentId, assessmentId), ne(responses.origin, 'carried')));
  const byQuestion = new Map(rows.map((r) => [r.questionId, r.answer]));
  const out = new Map<string, 'yes' | 'no'>();
  for (const q of asked) {
    const a = byQuestion.get(q.id);
    if (a === 'yes' || a === 'no') out.set(q.code, a);
  }
  return out;
}

/**
 * Runs inside the submit transaction (decidePlanAtSubmit in domain/cycles/action-cycle.ts): every
 * open action of the organization whose question was answered No carries into this assessment (same
 * row, latest_assessment_id moves); answered Yes closes it with a note; not asked leaves it. Each
 * gap with no open action gets a new action, due submittedAt + the template's target days.
 */
export async function reconcileActionPlan(tx: Db, input: PlanAtSubmit): Promise<void> {
  const openActions = await tx
    .select({ id: correctiveActions.id, code: correctiveActions.code })
    .from(correctiveActions)
    .where(and(eq(correctiveActions.organizationId, input.organizationId), ne(correctiveActions.status, 'done')));
  const decision = decidePlanAtSubmit(
    openActions.flatMap((a) => (a.code ? [{ id: a.id, code: a.code }] : [])),
    await answersByCode(tx, input.assessmentId),
  );
  if (decision.carry.length) {
    await tx.update(correctiveActions).set({ latestAssessmentId: input.assessmentId }).where(inArray(correctiveActions.id, decision.carry));
  }
  if (decision.close.length) {
    await tx
      .update(correctiveActions)
      .set({
        status: 'done',
        closedAt: input.submittedAt,
        closedNote: autoCloseNote(input.submittedAt),
        closedInAssessmentId: input.assessmentId,
        // Not a person's edit: an editor holding the older version gets 409 and sees the closure.
        version: sql`${correctiveActions.version} + 1`,
        updatedBy: null,
        updatedAt: input.submittedAt,
      })
      .where(inArray(correctiveActions.id, decision.close));
  }
  const toOpen = new Set(decision.open);
  const plan = buildCorrectiveActionPlan(input.score.gaps, input.submittedAt).filter((p) => toOpen.has(p.code));
  if (!plan.length) return;
  await tx
    .insert(correctiveActions)
    .values(
      plan.map((p) => ({
        assessmentId: input.assessmentId,
        organizationId: input.organizationId,
        questionId: p.questionId,
        code: p.code,
        latestAssessmentId: input.assessmentId,
        targetDate: new Date(p.targetDate),
      })),
    )
    .onConflictDoNothing();
}
