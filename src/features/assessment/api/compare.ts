// The comparison with the previous submitted assessment and each question's earlier answers
// (server-authoritative reads; saved for offline use by useServerQuery, ADR 032).
import type { ComparisonView, PreviousAnswersView } from '#domain/contracts/cycles.ts';
import { abortable, call, client } from '../../../lib/api-client.ts';

const one = client.assessments[':id'];

export function getComparison(assessmentId: string, signal?: AbortSignal): Promise<ComparisonView> {
  return call(one.comparison.$get({ param: { id: assessmentId } }, abortable(signal)));
}

export function getPreviousAnswers(assessmentId: string, signal?: AbortSignal): Promise<PreviousAnswersView> {
  return call(one['previous-answers'].$get({ param: { id: assessmentId } }, abortable(signal)));
}

/** Query keys of the saved reads (ADR 032): shown offline once loaded. */
export const comparisonCacheKey = (assessmentId: string) => ['comparison', assessmentId] as const;
export const previousAnswersCacheKey = (assessmentId: string) => ['previous-answers', assessmentId] as const;
