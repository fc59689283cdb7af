import { addDaysAt } from '../dates.ts';
import type { ActionPriority } from '../questions/question-types.ts';
import type { DomainGaps } from './types.ts';

export interface PlannedAction {
  questionId: string;
  code: string;
  domainId: string;
  action: string;
  priority: ActionPriority;
  targetDays: number;
  /** ISO timestamp: submission time + targetDays. */
  targetDate: string;
}

/** submittedAt + days, as an ISO timestamp (calendar days in UTC). */
export function targetDateFor(submittedAt: Date, targetDays: number): string {
  return addDaysAt(submittedAt, targetDays).toISOString();
}

/** One plan item per gap, in gap-analysis order (domain, then critical first, then points). */
export function buildCorrectiveActionPlan(gapAnalysis: readonly DomainGaps[], submittedAt: Date): PlannedAction[] {
  return gapAnalysis.flatMap((group) =>
    group.gaps.map((gap) => ({
      questionId: gap.questionId,
      code: gap.code,
      domainId: gap.domainId,
      action: gap.correctiveAction.action,
      priority: gap.correctiveAction.priority,
      targetDays: gap.correctiveAction.targetDays,
      targetDate: targetDateFor(submittedAt, gap.correctiveAction.targetDays),
    })),
  );
}
