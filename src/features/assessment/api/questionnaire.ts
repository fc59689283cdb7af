// The questions and domains of one assessment (its pinned questionnaire version).
import type { DomainView, QuestionView } from '#domain/contracts/assessments.ts';
import { api } from '../../../lib/api-client.ts';

export interface Questionnaire {
  questions: QuestionView[];
  domains: DomainView[];
}

export async function getQuestionnaire(assessmentId: string, signal?: AbortSignal): Promise<Questionnaire> {
  const [questions, domains] = await Promise.all([
    api.get<QuestionView[]>(`/api/questions?assessmentId=${encodeURIComponent(assessmentId)}`, { signal }),
    api.get<DomainView[]>('/api/domains', { signal }),
  ]);
  return { questions, domains };
}

/** Snapshot key: an open assessment reloads offline from it. */
export const questionnaireCacheKey = (assessmentId: string) => `questionnaire.${assessmentId}`;
