// Tenant-isolation rows for the organization-wide corrective action plan (ADR 019): organization A's
// plan, released (payment verified), with the actions its submitted assessment opened.
import { and, eq, ne, notInArray } from 'drizzle-orm';
import { assessmentQuestions, correctiveActions } from '#server/db/schema/index.ts';
import { paidReportOfA } from './assessment-routes.ts';
import type { RouteRow } from './routes.ts';
import type { World } from './world.ts';

/** One of A's actions at its current version; not the one the assessment route's row edits, so the rows never race. */
async function actionOfA(w: World): Promise<{ id: string; version: number }> {
  const { actionId } = await paidReportOfA(w);
  const [other] = await w.server.deps.db
    .select({ id: correctiveActions.id, version: correctiveActions.version })
    .from(correctiveActions)
    .where(and(eq(correctiveActions.organizationId, w.orgA.id), ne(correctiveActions.id, actionId)))
    .limit(1);
  if (other) return other;
  // Earlier rows decide how many gaps A's submitted assessments left; add a second action when one is all there is.
  const { assessmentId } = await paidReportOfA(w);
  const [question] = await w.server.deps.db
    .select({ id: assessmentQuestions.questionId })
    .from(assessmentQuestions)
    .where(and(eq(assessmentQuestions.assessmentId, assessmentId), notInArray(assessmentQuestions.questionId, w.server.deps.db.select({ q: correctiveActions.questionId }).from(correctiveActions).where(eq(correctiveActions.assessmentId, assessmentId)))))
    .limit(1);
  if (!question) throw new Error('organization A has no question left for a second corrective action');
  const [added] = await w.server.deps.db
    .insert(correctiveActions)
    .values({ assessmentId, organizationId: w.orgA.id, questionId: question.id, latestAssessmentId: assessmentId })
    .returning({ id: correctiveActions.id, version: correctiveActions.version });
  return added!;
}

export const actionRows: RouteRow[] = [
  {
    method: 'GET',
    route: '/api/actions',
    access: 'member',
    crossOrg: 'own-data',
    request: async (w) => {
      await paidReportOfA(w);
      return { path: '/api/actions?status=all' };
    },
  },
  {
    method: 'GET',
    route: '/api/actions.xlsx',
    access: 'member',
    crossOrg: 'own-data',
    request: async (w) => {
      await paidReportOfA(w);
      return { path: '/api/actions.xlsx?status=open' };
    },
  },
  {
    method: 'PATCH',
    route: '/api/actions/:actionId',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => {
      const action = await actionOfA(w);
      return { path: `/api/actions/${action.id}`, body: { status: 'in_progress', notes: 'matrix', baseVersion: action.version } };
    },
  },
];
