// GET /api/deadlines: what is due for the caller's organization (any member; their own
// organization only, so there is no id to guess). A user without an organization gets none.
// Signed in with a profile: server/api/deadlines.ts declares it.
import { Hono } from 'hono';
import type { DeadlineView } from '#domain/contracts/cycles.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { listDeadlines } from './deadlines.service.ts';
import { callerContext } from '../../lib/context.ts';

export const deadlinesRoutes = new Hono<AppEnv>().get('/', async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    const list: DeadlineView[] = await listDeadlines(ctx, caller.organizationId, ctx.now());
    return c.json(list, 200);
  });
