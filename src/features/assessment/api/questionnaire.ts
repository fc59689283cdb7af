// The questions and domains of one assessment (its pinned questionnaire version).
import type { DomainView, QuestionView } from '#domain/contracts/assessments.ts';
import { abortable, call, client } from '../../../lib/api-client.ts';

export interface Questionnaire {
  questions: QuestionView[];
  domains: DomainView[];
}

export async function getQuestionnaire(assessmentId: string, signal?: AbortSignal): Promise<Questionnaire> {
  const [questions, domains] = await Promise.all([
    call(client.questions.$get({ query: { assessmentId } }, abortable(signal))),
    call(client.domains.$get({}, abortable(signal))),
  ]);
  return { questions, domains };
}

/** Query key of the saved read (ADR 032): an open assessment reloads offline from it. */
export const questionnaireCacheKey = (assessmentId: string) => ['questionnaire', assessmentId] as const;
