// /api/deadlines: what is due for the caller's organization (ADR 019); a session and a profile, declared once.
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { requireProfile } from '../features/accounts/index.ts';
import { deadlinesRoutes } from '../features/deadlines/index.ts';

export const deadlinesApi = new Hono<AppEnv>().use('*', requireUser, requireProfile).route('/', deadlinesRoutes);
