// The organization's corrective action plan across assessments (ADR 019).
import type { ScoreResult } from '#domain/scoring/types.ts';
import { buildCorrectiveActionPlan } from '#domain/scoring/action-plan.ts';
import type { Db } from '../../db/client.ts';
import { correctiveActions } from '../../db/schema/index.ts';

export interface PlanAtSubmit {
  assessmentId: string;
  organizationId: string;
  score: ScoreResult;
  submittedAt: Date;
}

/**
 * Runs inside the submit transaction: opens an action for each gap of the submitted assessment.
 * (Carrying open actions forward and closing those whose gap closed follow in ADR 019.)
 */
export async function reconcileActionPlan(tx: Db, input: PlanAtSubmit): Promise<void> {
  const plan = buildCorrectiveActionPlan(input.score.gaps, input.submittedAt);
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
