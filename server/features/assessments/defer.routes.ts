// Mounted at /api/assessments: POST /api/assessments/{id}/defer hands a question to a teammate. The offline queue sends
// the same intent as a `defer.set` mutation through /api/sync/push; both end in recordDeferral.
import { Hono } from 'hono';
import { deferSetPayloadSchema } from '#domain/contracts/sync.ts';
import { requireUser } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { requireWritable } from '../../lib/caller.ts';
import { requireProfile } from '../accounts/index.ts';
import { assessmentParam, validate } from '../../lib/validator.ts';
import { getOwnedAssessment } from './assessments.service.ts';
import { recordDeferral } from './deferrals.service.ts';

export const DEFERRED_MESSAGE = 'Question deferred';

export const deferRoutes = new Hono<AppEnv>().post(
  '/:id/defer',
  requireUser,
  requireProfile,
  requireWritable,
  validate('param', assessmentParam),
  // Another organization's assessment is a 404 before the body is read.
  async (c, next) => {
    await getOwnedAssessment(c.var.deps.db, c.req.valid('param').id, c.var.caller.organizationId);
    await next();
  },
  validate('json', deferSetPayloadSchema),
  async (c) => {
    const { caller, deps } = c.var;
    const { questionId, deferToUserId } = c.req.valid('json');
    const deferral = await deps.db.transaction((tx) =>
      recordDeferral(tx, { assessmentId: c.req.valid('param').id, organizationId: caller.organizationId!, questionId, deferToUserId, userId: caller.id }),
    );
    return c.json({ message: DEFERRED_MESSAGE, deferral });
  },
);
