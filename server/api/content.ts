// /api/content: the question bank's release notes (ADR 038); a session and a profile, declared once.
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { requireProfile } from '../features/accounts/index.ts';
import { releasesRoutes } from '../features/questions/index.ts';

export const contentApi = new Hono<AppEnv>().use('*', requireUser, requireProfile).route('/', releasesRoutes);
