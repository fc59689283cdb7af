// /api/organizations: an organization's members by id (the caller's own, or any for a system
// admin); a session and a profile, declared once.
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { organizationsRoutes, requireProfile } from '../features/accounts/index.ts';

export const organizationsApi = new Hono<AppEnv>().use('*', requireUser, requireProfile).route('/', organizationsRoutes);
