// The /api/admin router's own routes: the system admin area (ADR 003). Every route is system_admin
// only (server/api/admin.ts declares the guards once) and every
// change is written to the audit log in the same transaction. The platform-wide lists are keyset
// pages with a capped limit (./keyset.ts, docs/decisions/026). Payment verification is in
// ./subscription.routes.ts (POST /api/admin/organizations/{id}/subscription).
import { Hono } from 'hono';
import {
  adminDeleteQuestionSchema,
  adminListQuerySchema,
  adminOrganizationsQuerySchema,
  adminPageQuerySchema,
  adminQuestionSchema,
  changeRoleSchema,
  deleteOrganizationSchema,
  suspendOrganizationSchema,
} from '#domain/contracts/admin.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { adminOrganizationParam, adminQuestionParam, adminUserParam, validate } from '../../lib/validator.ts';
import { createQuestion, deleteQuestion, listAdminQuestions, updateQuestion } from './admin-questions.service.ts';
import { adminOverview, listAllAssessments, listOrganizations, reactivateOrganization, suspendOrganization } from './admin-organizations.service.ts';
import { changeRole, disableUser, enableUser, listUsers } from './admin-users.service.ts';
import { listAudit } from './audit.service.ts';
import { resetUserFactors } from '../accounts/index.ts';
import { deleteOrganization } from './admin-organization-delete.service.ts';
import { callerContext, serviceContext } from '../../lib/context.ts';

export const adminRoutes = new Hono<AppEnv>()
  .get('/questions', validate('query', adminListQuerySchema), async (c) => {
    const { page, q } = c.req.valid('query');
    return c.json(await listAdminQuestions(serviceContext(c), page, q), 200);
  })
  .post('/questions', validate('json', adminQuestionSchema), async (c) =>
    c.json(await createQuestion(callerContext(c), c.req.valid('json')), 201),
  )
  .put('/questions/:id', validate('param', adminQuestionParam), validate('json', adminQuestionSchema), async (c) =>
    c.json(await updateQuestion(callerContext(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/questions/:id', validate('param', adminQuestionParam), validate('query', adminDeleteQuestionSchema), async (c) =>
    c.json(await deleteQuestion(callerContext(c), c.req.valid('param').id, c.req.valid('query').balanceWith, c.req.valid('query').releaseNote), 200),
  )
  .get('/overview', async (c) => c.json(await adminOverview(serviceContext(c), c.var.deps.now()), 200))
  .get('/organizations', validate('query', adminOrganizationsQuerySchema), async (c) =>
    c.json(await listOrganizations(serviceContext(c), c.var.deps.now(), c.req.valid('query')), 200),
  )
  .post('/organizations/:id/suspend', validate('param', adminOrganizationParam), validate('json', suspendOrganizationSchema), async (c) =>
    c.json(await suspendOrganization(callerContext(c), c.req.valid('param').id, c.req.valid('json').reason), 200),
  )
  .post('/organizations/:id/reactivate', validate('param', adminOrganizationParam), async (c) =>
    c.json(await reactivateOrganization(callerContext(c), c.req.valid('param').id), 200),
  )
  .delete('/organizations/:id', validate('param', adminOrganizationParam), validate('json', deleteOrganizationSchema), async (c) =>
    c.json(await deleteOrganization(callerContext(c), c.req.valid('param').id, c.req.valid('json').confirmation), 200),
  )
  .get('/assessments', validate('query', adminPageQuerySchema), async (c) =>
    c.json(await listAllAssessments(serviceContext(c), c.var.deps.now(), c.req.valid('query')), 200),
  )
  .get('/users', validate('query', adminPageQuerySchema), async (c) => c.json(await listUsers(serviceContext(c), c.req.valid('query')), 200))
  .put('/users/:id/role', validate('param', adminUserParam), validate('json', changeRoleSchema), async (c) =>
    c.json(await changeRole(callerContext(c), c.req.valid('param').id, c.req.valid('json').role), 200),
  )
  .post('/users/:id/disable', validate('param', adminUserParam), async (c) =>
    c.json(await disableUser(callerContext(c), c.req.valid('param').id), 200),
  )
  .post('/users/:id/enable', validate('param', adminUserParam), async (c) =>
    c.json(await enableUser(callerContext(c), c.req.valid('param').id), 200),
  )
  .delete('/users/:id/factors', validate('param', adminUserParam), async (c) =>
    c.json(await resetUserFactors(callerContext(c), c.req.valid('param').id), 200),
  )
  .get('/audit-log', validate('query', adminPageQuerySchema), async (c) => c.json(await listAudit(serviceContext(c), c.req.valid('query')), 200));
