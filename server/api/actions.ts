// /api/actions and /api/actions.xlsx: the organization's corrective action plan (ADR 019); a session
// and a profile, declared once for both paths. Mounted at /api, so the guards name the two paths
// ('/actions/*' also matches '/actions') and run for nothing else.
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { requireProfile } from '../features/accounts/index.ts';
import { actionsRoutes } from '../features/actions/index.ts';

export const actionsApi = new Hono<AppEnv>()
  .use('/actions/*', requireUser, requireProfile)
  .use('/actions.xlsx', requireUser, requireProfile)
  .route('/', actionsRoutes);
