// 'assessment.submit' from the outbox: the assessments feature's submit, inside the push transaction.
import type { AssessmentSyncView } from '#domain/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import { submitAssessment } from '../assessments/index.ts';

/** Scores and locks the assessment; AppErrors (409 incomplete_assessment, assessment_locked, 404) become 'rejected'. */
export async function submitQueuedAssessment(
  tx: Db,
  input: { assessmentId: string; organizationId: string; userId: string },
): Promise<AssessmentSyncView> {
  const view = await submitAssessment({ db: tx }, input);
  return { status: 'submitted', submitted_at: view.submittedAt };
}
