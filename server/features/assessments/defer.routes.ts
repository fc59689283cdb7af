// POST /api/assessments/{id}/defer, part of the /api/assessments router (server/api/assessments.ts
// declares the session, profile and ownership guards): hands a question to a teammate. The offline
// queue sends the same intent as a `defer.set` mutation through /api/sync/push; both end in recordDeferral.
import { Hono } from 'hono';
import { deferSetPayloadSchema } from '#domain/contracts/sync.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { requireWritable } from '../../lib/caller.ts';
import { validate } from '../../lib/validator.ts';
import { owned } from './own-assessment.ts';
import { recordDeferral } from './deferrals.service.ts';
import { callerContext } from '../../lib/context.ts';

export const DEFERRED_MESSAGE = 'Question deferred';

export const deferRoutes = new Hono<AppEnv>().post(
  '/:id/defer',
  requireWritable,
  validate('json', deferSetPayloadSchema),
  async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    const { questionId, deferToUserId } = c.req.valid('json');
    const a = owned(c);
    const deferral = await ctx.db.transaction((tx) =>
      recordDeferral(tx, { assessmentId: a.id, organizationId: a.organizationId, questionId, deferToUserId, userId: caller.id }),
    );
    return c.json({ message: DEFERRED_MESSAGE, deferral });
  },
);
