// Test helpers for the assessments API tests: multipart answers through the real endpoint (read by
// hand, so the typed client cannot express its form), the rest through the typed client.
import type { TestServer } from '#tests/setup/app.ts';
import type { QuestionView } from '#domain/contracts/assessments.ts';
import { apiClient, bodyOf } from '#tests/setup/api-client.ts';

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

/** Answers every question asked in the assessment (GET /api/questions?assessmentId); returns the answers given. */
export async function answerAll(
  server: TestServer,
  token: string,
  assessmentId: string,
  decide: (q: QuestionView, index: number) => 'yes' | 'no',
  skip: (q: QuestionView) => boolean = () => false,
): Promise<Record<string, 'yes' | 'no'>> {
  const answers: Record<string, 'yes' | 'no'> = {};
  const questions = await getQuestions(server, token, assessmentId);
  for (const [i, q] of questions.entries()) {
    if (skip(q)) continue;
    const answer = decide(q, i);
    const res = await postAnswer(server, token, assessmentId, { questionId: q.id, answer });
    if (res.status !== 200) throw new Error(`answer ${q.code} failed: ${res.status} ${JSON.stringify(res.body)}`);
    answers[q.id] = answer;
  }
  return answers;
}

export async function createAssessment(server: TestServer, token: string, organizationId: string | null): Promise<string> {
  if (!organizationId) throw new Error('createAssessment: the caller has no organization');
  const created = await bodyOf(apiClient(server, token).assessments.create.$post({ json: { organizationId } }), 201);
  return created.assessmentId;
}
