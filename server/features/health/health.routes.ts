import { Hono } from 'hono';
import type { AppEnv } from '../../lib/factory.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { dbKind, tokens } = c.var.deps;
  return c.json({ status: 'ok' as const, db: dbKind, auth: tokens.kind });
});
