// Tenant-isolation rows for the admin area (/api/admin/*, system_admin only) and the downloadable
// reports (members of a paid organization; system admins through /api/admin/assessments/...).
import { eq } from 'drizzle-orm';
import { organizations, profiles } from '#server/db/schema/index.ts';
import { currentVersionId, loadVersionQuestions, toDef } from '#server/features/questions/questions.service.ts';
import { paidReportOfA } from './assessment-routes.ts';
import { createOrgAdmin, joinOrganization } from './fixtures.ts';
import type { RouteRow } from './routes.ts';
import type { World } from './world.ts';

const bank = async (w: World) => loadVersionQuestions(w.server.deps, await currentVersionId(w.server.deps));

/** An admin request body for an existing question: its definition from the service, without the code. */
const questionBody = (q: Awaited<ReturnType<typeof bank>>[number], balanceWith?: string) => {
  const { code: _code, ...def } = toDef(q);
  return { ...def, releaseNote: 'Changed by the isolation matrix.', ...(balanceWith ? { balanceWith } : {}) };
};

/** A new question of 1 point, balanced against a question worth 2 or more. */
async function createQuestionRequest(w: World) {
  const qs = await bank(w);
  const donor = qs.find((q) => q.points >= 2 && !q.critical)!;
  return { path: '/api/admin/questions', body: { ...questionBody(donor, donor.id), points: 1, questionText: 'Is this a question added by the isolation matrix?' } };
}

/** Deletes a 1-point question, giving its point to a question worth less than 5. */
async function deleteQuestionRequest(w: World) {
  const qs = await bank(w);
  const victim = qs.find((q) => q.points === 1 && !q.critical)!;
  const taker = qs.find((q) => q.id !== victim.id && q.points < 5 && q.domainId === victim.domainId) ?? qs.find((q) => q.id !== victim.id && q.points < 5)!;
  return { path: `/api/admin/questions/${victim.id}?balanceWith=${taker.id}&releaseNote=${encodeURIComponent('Deleted by the isolation matrix.')}` };
}

const freshOrgId = async (w: World) => (await createOrgAdmin(w.server, { organizationName: 'Matrix Throwaway Org' })).organizationId!;

const adminRows: RouteRow[] = [
  { method: 'GET', route: '/api/admin/overview', access: 'system_admin', crossOrg: 'denied', request: () => ({ path: '/api/admin/overview' }) },
  { method: 'GET', route: '/api/admin/questions', access: 'system_admin', crossOrg: 'denied', request: () => ({ path: '/api/admin/questions?page=2&q=a' }) },
  { method: 'POST', route: '/api/admin/questions', access: 'system_admin', crossOrg: 'denied', okStatus: 201, request: createQuestionRequest },
  {
    method: 'PUT',
    route: '/api/admin/questions/:id',
    access: 'system_admin',
    crossOrg: 'denied',
    request: async (w) => {
      const q = (await bank(w))[0]!;
      return { path: `/api/admin/questions/${q.id}`, body: questionBody(q) };
    },
  },
  { method: 'DELETE', route: '/api/admin/questions/:id', access: 'system_admin', crossOrg: 'denied', request: deleteQuestionRequest },
  { method: 'GET', route: '/api/admin/organizations', access: 'system_admin', crossOrg: 'denied', request: () => ({ path: '/api/admin/organizations' }) },
  {
    method: 'POST',
    route: '/api/admin/organizations/:id/suspend',
    access: 'system_admin',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/admin/organizations/${await freshOrgId(w)}/suspend`, body: { reason: 'Isolation matrix' } }),
  },
  {
    method: 'POST',
    route: '/api/admin/organizations/:id/reactivate',
    access: 'system_admin',
    crossOrg: 'denied',
    request: async (w) => {
      const id = await freshOrgId(w);
      await w.server.deps.db.update(organizations).set({ status: 'suspended', suspendedReason: 'matrix' }).where(eq(organizations.id, id));
      return { path: `/api/admin/organizations/${id}/reactivate` };
    },
  },
  {
    method: 'DELETE',
    route: '/api/admin/organizations/:id',
    access: 'system_admin',
    crossOrg: 'denied',
    // A throwaway organization each time, confirmed by its exact name (rows and files: server/features/admin/organization-delete.test.ts).
    request: async (w) => ({ path: `/api/admin/organizations/${await freshOrgId(w)}`, body: { confirmation: 'Matrix Throwaway Org' } }),
  },
  { method: 'GET', route: '/api/admin/assessments', access: 'system_admin', crossOrg: 'denied', request: () => ({ path: '/api/admin/assessments' }) },
  { method: 'GET', route: '/api/admin/users', access: 'system_admin', crossOrg: 'denied', request: () => ({ path: '/api/admin/users' }) },
  {
    method: 'PUT',
    route: '/api/admin/users/:id/role',
    access: 'system_admin',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/admin/users/${(await joinOrganization(w.server, w.orgA.id)).userId}/role`, body: { role: 'org_admin' } }),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/disable',
    access: 'system_admin',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/admin/users/${(await joinOrganization(w.server, w.orgA.id)).userId}/disable` }),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/enable',
    access: 'system_admin',
    crossOrg: 'denied',
    request: async (w) => {
      const { userId } = await joinOrganization(w.server, w.orgA.id);
      await w.server.deps.db.update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, userId));
      return { path: `/api/admin/users/${userId}/enable` };
    },
  },
  {
    method: 'DELETE',
    route: '/api/admin/users/:id/factors',
    access: 'system_admin',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/admin/users/${(await joinOrganization(w.server, w.orgA.id)).userId}/factors` }),
  },
  { method: 'GET', route: '/api/admin/audit-log', access: 'system_admin', crossOrg: 'denied', request: () => ({ path: '/api/admin/audit-log' }) },
];

const reportRows: RouteRow[] = (['report.pdf', 'report.docx', 'actions.xlsx'] as const).flatMap((file): RouteRow[] => [
  {
    method: 'GET',
    route: `/api/assessments/:id/${file}`,
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/assessments/${(await paidReportOfA(w)).assessmentId}/${file}` }),
  },
  {
    method: 'GET',
    route: `/api/admin/assessments/:id/${file}`,
    access: 'system_admin',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/admin/assessments/${(await paidReportOfA(w)).assessmentId}/${file}` }),
  },
]);

export const adminRouteRows: RouteRow[] = [...adminRows, ...reportRows];
