// /api/domains: the question bank's domains; a session and a profile, declared once.
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { requireProfile } from '../features/accounts/index.ts';
import { domainsRoutes } from '../features/questions/index.ts';

export const domainsApi = new Hono<AppEnv>().use('*', requireUser, requireProfile).route('/', domainsRoutes);
