import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError } from './auth.errors.ts';
import { parseWith, readJsonBody } from './auth.http.ts';
import { logoutScope, updateUserBody } from './auth.schemas.ts';
import { endSessions } from './auth.sessions.ts';
import { updateUser } from './auth.update-user.ts';
import { findFactors, toUserJson } from './auth.users.ts';
import { verifyAccessToken } from './auth.verifier.ts';
import { clientBudgetKey } from '../lib/client-ip.ts';
import { clientInfo, recordAuthEvent } from './auth.audit.ts';

export function bearer(c: Context<AppEnv>): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  if (!match?.[1]) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return match[1];
}

/** GET/PUT /user and POST /logout: the calls made with the user's access token. */
export const userRoutes = (ctx: AuthContext) =>
  new Hono<AppEnv>()
    .get('/user', async (c) => {
      const { user } = await verifyAccessToken(ctx, bearer(c));
      return c.json(toUserJson(user, await findFactors(ctx.db, user.id)), 200);
    })
    .put('/user', async (c) => {
      const access = await verifyAccessToken(ctx, bearer(c));
      const body = parseWith(updateUserBody, await readJsonBody(c));
      const user = await updateUser(ctx, access, body, clientBudgetKey(c));
      return c.json(toUserJson(user, await findFactors(ctx.db, user.id)), 200);
    })
    .post('/logout', async (c) => {
      const scope = parseWith(logoutScope, c.req.query('scope') ?? 'global');
      const { user, session } = await verifyAccessToken(ctx, bearer(c));
      const ended = await endSessions(ctx.db, user.id, session.id, scope);
      await recordAuthEvent(ctx, { action: 'auth.sign_out', userId: user.id, client: clientInfo(c), detail: { scope, session_id: session.id, ended_sessions: ended } });
      return c.body(null, 204);
    });
