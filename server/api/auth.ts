// /api/auth: one router for sign-up, joining, invitations and the caller's profile, its guards
// declared once per tier: public routes first (no session; accept-invite verifies a token when one
// is sent), then the session (a verified user may have no profile yet: sign-up and join), then the
// profile. A tier's handlers answer before the next tier's guard is reached.
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { authPublicRoutes, authRoutes, authUserRoutes, requireProfile } from '../features/accounts/index.ts';

export const authApi = new Hono<AppEnv>()
  .route('/', authPublicRoutes)
  .use('*', requireUser)
  .route('/', authUserRoutes)
  .use('*', requireProfile)
  .route('/', authRoutes);
