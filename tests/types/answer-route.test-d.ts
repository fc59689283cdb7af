// Type test, checked by `npm run typecheck` (tsconfig.node.json includes tests/): the answer route's
// bodies reach hc<ApiType> callers (tests/setup/api-client.ts), so a renamed field fails the typecheck.
import type { hc } from 'hono/client';
import type { ApiType } from '#server/app.ts';

type Responses = ReturnType<typeof hc<ApiType>>['assessments'][':id']['responses'];

export function answerRouteBodies(responses: Responses): unknown[] {
  const param = { id: 'assessment' };
  return [
    // POST /api/assessments/:id/responses takes the answer as JSON …
    responses.$post({ param, json: { questionId: 'q', answer: 'yes', baseVersion: 3 } }),
    // @ts-expect-error a renamed field
    responses.$post({ param, json: { questionID: 'q', answer: 'yes' } }),
    // @ts-expect-error an answer that is neither yes nor no
    responses.$post({ param, json: { questionId: 'q', answer: 'maybe' } }),
    // … or as a form whose evidence_N parts are files.
    responses.$post({ param, form: { questionId: 'q', answer: 'no', baseVersion: '1', evidence_0: new File([], 'a.pdf') } }),
    // @ts-expect-error evidence is a file, not text
    responses.$post({ param, form: { questionId: 'q', answer: 'no', evidence_0: 'a.pdf' } }),
  ];
}
