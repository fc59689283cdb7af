// Tenant-isolation rows for the offline sync API (ADR 005). A push names A's assessment; a member
// of another organization gets a per-item rejection that reveals nothing of A (own-data), and a
// pull of A's assessment is denied.
import { randomUUID } from 'node:crypto';
import { loadAssessmentQuestions } from '#server/features/questions/index.ts';
import { openAssessmentOfA } from './assessment-routes.ts';
import type { RouteRow } from './routes.ts';
import type { World } from './world.ts';

async function firstQuestionOf(w: World, assessmentId: string): Promise<string> {
  const [q] = await loadAssessmentQuestions(w.server.deps, assessmentId);
  return q!.id;
}

export const syncRows: RouteRow[] = [
  {
    method: 'POST',
    route: '/api/sync/push',
    access: 'member',
    crossOrg: 'own-data',
    request: async (w) => {
      const assessmentId = await openAssessmentOfA(w);
      const questionId = await firstQuestionOf(w, assessmentId);
      const mutation = { id: randomUUID(), kind: 'answer.set', assessmentId, payload: { questionId, value: 'yes' }, baseVersion: null, clientTs: Date.now() };
      return { path: '/api/sync/push', body: { clientId: 'isolation-matrix', pendingCount: 1, mutations: [mutation] } };
    },
  },
  {
    method: 'GET',
    route: '/api/sync/pull',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/sync/pull?assessmentId=${await openAssessmentOfA(w)}` }),
  },
];
