// /api/admin: one router for the system admin area (ADR 003), its guards declared once: a session,
// a profile and the system_admin role for every route. The routes come from the admin feature
// (lists, organizations, users, questions, audit log, payment verification) and the reports
// feature (any organization's report downloads).
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import { requireRole } from '../lib/caller.ts';
import type { AppEnv } from '../lib/factory.ts';
import { requireProfile } from '../features/accounts/index.ts';
import { adminRoutes, subscriptionRoutes } from '../features/admin/index.ts';
import { adminReportsRoutes } from '../features/reports/index.ts';
import { ssoAdminRoutes } from '../features/sso/index.ts';

export const adminApi = new Hono<AppEnv>()
  .use('*', requireUser, requireProfile, requireRole('system_admin'))
  .route('/', adminRoutes)
  .route('/', subscriptionRoutes)
  .route('/', adminReportsRoutes)
  .route('/sso-domains', ssoAdminRoutes);
