// Tenant-isolation rows for questions, assessments, results, the report and payment verification
// (ADR 004). Requests target organization A's assessments, created through the real endpoints.
import { and, asc, desc, eq } from 'drizzle-orm';
import { assessments, correctiveActions, responses } from '#server/db/schema/index.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { loadAssessmentQuestions, publishVersion } from '#server/features/questions/index.ts';
import { joinOrganization, type Member } from './fixtures.ts';
import type { RouteRow } from './routes.ts';
import type { World } from './world.ts';

const inAYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();

/** A's in-progress assessment, created through the API when there is none. */
export async function openAssessmentOfA(w: World): Promise<string> {
  const db = w.server.deps.db;
  const [open] = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(eq(assessments.organizationId, w.orgA.id), eq(assessments.status, 'in_progress')));
  if (open) return open.id;
  const res = await w.server.json('POST', '/api/assessments/create', { organizationId: w.orgA.id }, w.adminA.accessToken);
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.assessmentId as string;
}

let releases = 0;
/** A's open assessment and a newer release that rewords its first question (ADR 038), to move it to. */
async function openAssessmentAndNewerRelease(w: World): Promise<{ id: string; versionId: number }> {
  const { id } = await openAssessmentWithQuestions(w);
  const [first] = await loadAssessmentQuestions(w.server.deps, id);
  const n = ++releases;
  const bank = QUESTION_BANK.map((q) => (q.code === first!.code ? { ...q, questionText: `${q.questionText} (isolation release ${n})` } : q));
  const published = await publishVersion(w.server.deps, bank, null, `isolation-${n}`, null, undefined, { notes: 'Reworded by the isolation matrix.', sources: [] });
  return { id, versionId: published.versionId };
}

/** A's open assessment and the ids of its questions, in order. */
async function openAssessmentWithQuestions(w: World): Promise<{ id: string; questionIds: string[] }> {
  const id = await openAssessmentOfA(w);
  const questions = await w.server.json('GET', `/api/questions?assessmentId=${id}`, undefined, w.adminA.accessToken);
  return { id, questionIds: (questions.body as { id: string }[]).map((q) => q.id) };
}

/** An active member of A that nobody in the matrix acts as: a deferral target for every caller. */
const teammates = new WeakMap<World, Promise<Member>>();
function teammateOfA(w: World): Promise<Member> {
  if (!teammates.has(w)) teammates.set(w, joinOrganization(w.server, w.orgA.id, { email: 'alpha-teammate@a.example' }));
  return teammates.get(w)!;
}

/** Answers every unanswered question of A's open assessment (the first two No, so there are gaps). */
async function completeAssessmentOfA(w: World): Promise<string> {
  const id = await openAssessmentOfA(w);
  const db = w.server.deps.db;
  const qs = await loadAssessmentQuestions({ db }, id);
  await db
    .insert(responses)
    .values(qs.map((q, i): typeof responses.$inferInsert => ({ assessmentId: id, organizationId: w.orgA.id, questionId: q.id, answer: i < 2 ? 'no' : 'yes' })))
    .onConflictDoNothing();
  return id;
}

/** A submitted assessment of A (submitting the open one through the API when none exists). */
async function submittedAssessmentOfA(w: World): Promise<string> {
  const db = w.server.deps.db;
  const [done] = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(eq(assessments.organizationId, w.orgA.id), eq(assessments.status, 'submitted')))
    .orderBy(desc(assessments.submittedAt))
    .limit(1);
  if (done) return done.id;
  const id = await completeAssessmentOfA(w);
  const res = await w.server.json('POST', `/api/assessments/${id}/submit`, undefined, w.adminA.accessToken);
  if (res.status !== 200) throw new Error(`submit failed: ${JSON.stringify(res.body)}`);
  return id;
}

/** A submitted assessment of A with its report released (payment verified by the system admin). */
export async function paidReportOfA(w: World): Promise<{ assessmentId: string; actionId: string }> {
  const assessmentId = await submittedAssessmentOfA(w);
  const paid = await w.server.json('POST', `/api/admin/organizations/${w.orgA.id}/subscription`, { paidUntil: inAYear() }, w.systemAdmin.accessToken);
  if (paid.status !== 200) throw new Error(`payment verification failed: ${JSON.stringify(paid.body)}`);
  // The assessment that opened A's first action: later rows may submit an all-Yes assessment (which
  // closes actions and opens none) or mark one submitted directly, so "the latest" need not have any.
  const [action] = await w.server.deps.db
    .select({ id: correctiveActions.id, assessmentId: correctiveActions.assessmentId })
    .from(correctiveActions)
    .where(eq(correctiveActions.organizationId, w.orgA.id))
    .orderBy(asc(correctiveActions.createdAt), asc(correctiveActions.id))
    .limit(1);
  if (!action) throw new Error(`organization A has no corrective action (submitted ${assessmentId})`);
  return { assessmentId: action.assessmentId, actionId: action.id };
}

/** Closes A's open assessment so that a create can succeed. */
async function noOpenAssessmentOfA(w: World): Promise<void> {
  await w.server.deps.db
    .update(assessments)
    .set({ status: 'submitted', submittedAt: new Date() })
    .where(and(eq(assessments.organizationId, w.orgA.id), eq(assessments.status, 'in_progress')));
}

export const assessmentRows: RouteRow[] = [
  { method: 'GET', route: '/api/questions', access: 'member', crossOrg: 'own-data', request: () => ({ path: '/api/questions' }) },
  { method: 'GET', route: '/api/domains', access: 'member', crossOrg: 'own-data', request: () => ({ path: '/api/domains' }) },
  {
    method: 'POST',
    route: '/api/assessments/create',
    access: 'member',
    crossOrg: 'denied',
    okStatus: 201,
    request: async (w) => {
      await noOpenAssessmentOfA(w);
      return { path: '/api/assessments/create', body: { organizationId: w.orgA.id } };
    },
  },
  { method: 'GET', route: '/api/assessments', access: 'member', crossOrg: 'own-data', request: () => ({ path: '/api/assessments' }) },
  { method: 'GET', route: '/api/assessments/:id', access: 'member', crossOrg: 'denied', request: async (w) => ({ path: `/api/assessments/${await openAssessmentOfA(w)}` }) },
  {
    method: 'GET',
    route: '/api/assessments/:id/responses',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/assessments/${await openAssessmentOfA(w)}/responses` }),
  },
  {
    method: 'POST',
    route: '/api/assessments/:id/responses',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => {
      const { id, questionIds } = await openAssessmentWithQuestions(w);
      return { path: `/api/assessments/${id}/responses`, body: { questionId: questionIds[0], answer: 'yes' } };
    },
  },
  {
    method: 'POST',
    route: '/api/assessments/:id/defer',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => {
      const { id, questionIds } = await openAssessmentWithQuestions(w);
      return { path: `/api/assessments/${id}/defer`, body: { questionId: questionIds[1], deferToUserId: (await teammateOfA(w)).userId } };
    },
  },
  {
    method: 'POST',
    route: '/api/assessments/:id/submit',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/assessments/${await completeAssessmentOfA(w)}/submit` }),
  },
  {
    method: 'GET',
    route: '/api/assessments/:id/results',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/assessments/${await submittedAssessmentOfA(w)}/results` }),
  },
  { method: 'GET', route: '/api/assessments/trend', access: 'member', crossOrg: 'own-data', request: () => ({ path: '/api/assessments/trend' }) },
  {
    method: 'GET',
    route: '/api/assessments/:id/comparison',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/assessments/${await submittedAssessmentOfA(w)}/comparison` }),
  },
  {
    method: 'GET',
    route: '/api/assessments/:id/previous-answers',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/assessments/${await openAssessmentOfA(w)}/previous-answers` }),
  },
  {
    method: 'GET',
    route: '/api/assessments/:id/release',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/assessments/${await openAssessmentOfA(w)}/release` }),
  },
  {
    method: 'POST',
    route: '/api/assessments/:id/release',
    access: 'org_admin',
    crossOrg: 'denied',
    request: async (w) => {
      const { id, versionId } = await openAssessmentAndNewerRelease(w);
      return { path: `/api/assessments/${id}/release`, body: { versionId } };
    },
  },
  { method: 'GET', route: '/api/content/releases', access: 'member', crossOrg: 'own-data', request: () => ({ path: '/api/content/releases' }) },
  {
    method: 'GET',
    route: '/api/assessments/:id/report',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/assessments/${(await paidReportOfA(w)).assessmentId}/report` }),
  },
  {
    method: 'POST',
    route: '/api/admin/organizations/:id/subscription',
    access: 'system_admin',
    crossOrg: 'denied',
    request: (w) => ({ path: `/api/admin/organizations/${w.orgA.id}/subscription`, body: { paidUntil: inAYear() } }),
  },
];
