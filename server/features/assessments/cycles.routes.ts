// Mounted at /api/assessments BEFORE assessmentsRoutes (server/app.ts): that sub-app's '/:id/*'
// ownership check would otherwise take /trend for an assessment id. Each route carries its own
// authentication and profile check, so nothing here runs for the routes mounted after it.
import { Hono } from 'hono';
import { requireUser } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { assessmentParam, validate } from '../../lib/validator.ts';
import { requireProfile } from '../accounts/index.ts';
import { getOwnedAssessment } from './assessments.service.ts';
import { getComparison, getPreviousAnswers, getTrend } from './cycles.service.ts';

export const cyclesRoutes = new Hono<AppEnv>()
  .get('/trend', requireUser, requireProfile, async (c) => c.json(await getTrend(c.var.deps.db, c.var.caller.organizationId), 200))
  .get('/:id/comparison', requireUser, requireProfile, validate('param', assessmentParam), async (c) => {
    const { deps, caller } = c.var;
    return c.json(await getComparison(deps.db, c.req.valid('param').id, caller.organizationId), 200);
  })
  .get('/:id/previous-answers', requireUser, requireProfile, validate('param', assessmentParam), async (c) => {
    const { deps, caller } = c.var;
    const a = await getOwnedAssessment(deps.db, c.req.valid('param').id, caller.organizationId);
    return c.json(await getPreviousAnswers(deps.db, a), 200);
  });
