// Test helpers for the assessments API tests: multipart answers through the real endpoint.
import type { TestServer } from '#tests/setup/app.ts';
import type { QuestionView } from '#domain/contracts/assessments.ts';

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
  const res = await server.json('GET', `/api/questions${assessmentId ? `?assessmentId=${assessmentId}` : ''}`, undefined, token);
  if (res.status !== 200) throw new Error(`GET /api/questions failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as QuestionView[];
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
  const res = await server.json('POST', '/api/assessments/create', { organizationId }, token);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.assessmentId as string;
}
