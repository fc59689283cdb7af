// Quarterly cycles (ADR 019), part of the /api/assessments router (server/api/assessments.ts
// declares the guards): the organization's trend, and one assessment's comparison with the one
// before and the previous answers to carry forward.
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/factory.ts';
import { assessmentParam, validate } from '../../lib/validator.ts';
import { owned } from './own-assessment.ts';
import { getComparison, getPreviousAnswers, getTrend } from './cycles.service.ts';
import { callerContext, serviceContext } from '../../lib/context.ts';

/** GET /api/assessments/trend (no assessment id). */
export const trendRoutes = new Hono<AppEnv>().get('/trend', async (c) => c.json(await getTrend(serviceContext(c), c.var.caller.organizationId), 200));

/** One assessment of the caller's organization (ownAssessment ran first). */
export const cyclesRoutes = new Hono<AppEnv>()
  .get('/:id/comparison', validate('param', assessmentParam), async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    return c.json(await getComparison(ctx, c.req.valid('param').id, caller.organizationId), 200);
  })
  .get('/:id/previous-answers', async (c) => c.json(await getPreviousAnswers(serviceContext(c), owned(c)), 200));
