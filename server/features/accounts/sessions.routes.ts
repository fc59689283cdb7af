// /api/account/sessions: the caller's own sessions (ADR 042). Guard-free: server/api/account.ts
// declares the session and the profile once.
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/factory.ts';
import { callerContext } from '../../lib/context.ts';
import { sessionParam, validate } from '../../lib/validator.ts';
import { endOtherSessions, endOwnSession, listOwnSessions } from './sessions.service.ts';

export const accountSessionRoutes = new Hono<AppEnv>()
  .get('/sessions', async (c) => c.json(await listOwnSessions(callerContext(c), c.var.user.sessionId), 200))
  .delete('/sessions', async (c) => c.json(await endOtherSessions(callerContext(c), c.var.user.sessionId), 200))
  .delete('/sessions/:id', validate('param', sessionParam), async (c) =>
    c.json(await endOwnSession(callerContext(c), c.var.user.sessionId, c.req.valid('param').id), 200),
  );
