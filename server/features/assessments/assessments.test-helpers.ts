// Test helpers for the assessments API tests: multipart answers through the real endpoint (read by
// hand, so the typed client cannot express its form), answering a whole assessment through the sync
// push the app uses, the rest through the typed client.
import type { TestServer } from '#tests/setup/app.ts';
import type { QuestionView } from '#domain/contracts/assessments.ts';
import { apiClient, bodyOf } from '#tests/setup/api-client.ts';
import { MAX_PUSH_BATCH } from '#domain/contracts/sync-limits.ts';

export async function postAnswer(
  server: TestServer,
  token: string,
  assessmentId: string,
  fields: Record<string, string | Blob>,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await server.app.request(`/api/assessments/${assessmentId}/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

export async function getQuestions(server: TestServer, token: string, assessmentId?: string): Promise<QuestionView[]> {
  return bodyOf(apiClient(server, token).questions.$get({ query: assessmentId ? { assessmentId } : {} }));
}

/**
 * Answers every question asked in the assessment (GET /api/questions?assessmentId) as the app's sync
 * does: one POST /api/sync/push per batch of MAX_PUSH_BATCH answers, unconditional (baseVersion null).
 * Returns the answers given. The multipart answer route has its own tests (postAnswer).
 */
export async function answerAll(
  server: TestServer,
  token: string,
  assessmentId: string,
  decide: (q: QuestionView, index: number) => 'yes' | 'no',
  skip: (q: QuestionView) => boolean = () => false,
): Promise<Record<string, 'yes' | 'no'>> {
  const answers: Record<string, 'yes' | 'no'> = {};
  const questions = await getQuestions(server, token, assessmentId);
  for (const [i, q] of questions.entries()) if (!skip(q)) answers[q.id] = decide(q, i);
  const mutations = Object.entries(answers).map(([questionId, value]) => ({
    id: crypto.randomUUID(),
    kind: 'answer.set' as const,
    assessmentId,
    payload: { questionId, value },
    baseVersion: null,
    clientTs: Date.now(),
  }));
  const sync = apiClient(server, token).sync;
  for (let at = 0; at < mutations.length; at += MAX_PUSH_BATCH) {
    const { results } = await bodyOf(sync.push.$post({ json: { clientId: 'test-fixture', mutations: mutations.slice(at, at + MAX_PUSH_BATCH) } }));
    const refused = results.filter((r) => r.status !== 'applied');
    if (refused.length > 0) throw new Error(`answers not applied: ${JSON.stringify(refused)}`);
  }
  return answers;
}

export async function createAssessment(server: TestServer, token: string, organizationId: string | null): Promise<string> {
  if (!organizationId) throw new Error('createAssessment: the caller has no organization');
  const created = await bodyOf(apiClient(server, token).assessments.create.$post({ json: { organizationId } }), 201);
  return created.assessmentId;
}
