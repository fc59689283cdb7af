// Quarterly cycles (ADR 019), part of the /api/assessments router (server/api/assessments.ts
// declares the guards): the organization's trend, and one assessment's comparison with the one
// before and the previous answers to carry forward.
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/factory.ts';
import { assessmentParam, validate } from '../../lib/validator.ts';
import { owned } from './own-assessment.ts';
import { getComparison, getPreviousAnswers, getTrend } from './cycles.service.ts';

/** GET /api/assessments/trend (no assessment id). */
export const trendRoutes = new Hono<AppEnv>().get('/trend', async (c) => c.json(await getTrend(c.var.deps.db, c.var.caller.organizationId), 200));

/** One assessment of the caller's organization (ownAssessment ran first). */
export const cyclesRoutes = new Hono<AppEnv>()
  .get('/:id/comparison', validate('param', assessmentParam), async (c) => {
    const { deps, caller } = c.var;
    return c.json(await getComparison(deps.db, c.req.valid('param').id, caller.organizationId), 200);
  })
  .get('/:id/previous-answers', async (c) => c.json(await getPreviousAnswers(c.var.deps.db, owned(c)), 200));
