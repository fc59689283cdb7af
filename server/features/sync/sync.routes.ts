// Offline sync API (ADR 005): POST /api/sync/push (idempotent, per-item results, and the pull state
// of the assessments it names), GET /api/sync/pull (one assessment, for a client with nothing to push).
import { Hono } from 'hono';
import { pullQuerySchema, pushRequestSchema, type PushResponse } from '#domain/contracts/sync.ts';
import { utcDay } from '#domain/dates.ts';
import { requireUser } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { requireWritable } from '../../lib/caller.ts';
import { requireProfile } from '../accounts/index.ts';
import { validate } from '../../lib/validator.ts';
import { processPush } from './sync.service.ts';
import { pullMany, pullState } from './sync.views.ts';
import { serviceContext } from '../../lib/context.ts';

export const syncRoutes = new Hono<AppEnv>()
  .post('/push', requireUser, requireProfile, requireWritable, validate('json', pushRequestSchema), async (c) => {
    const { clientId, pendingCount, mutations, pull } = c.req.valid('json');
    const caller = c.var.caller;
    const results = await processPush(serviceContext(c), caller, clientId, mutations);
    for (const r of results) c.var.deps.metrics.countSyncResult(r.status);
    c.var.deps.logger.debug('sync push', { userId: caller.id, clientId, pendingCount, count: mutations.length, pulls: pull?.length ?? 0 });
    // Read after the push committed, so each state already holds what this push applied.
    const answer: PushResponse = pull ? { results, pulls: await pullMany(serviceContext(c), caller.organizationId, pull, utcDay(c.var.deps.now())) } : { results };
    return c.json(answer, 200);
  })
  .get('/pull', requireUser, requireProfile, validate('query', pullQuerySchema), async (c) => {
    const { assessmentId, since } = c.req.valid('query');
    const state = await pullState(serviceContext(c), { assessmentId, organizationId: c.var.caller.organizationId, since, today: utcDay(c.var.deps.now()) });
    return c.json(state, 200);
  });
