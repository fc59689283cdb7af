// /api/account: the signed-in person's own account settings, one router with its guards declared
// once (ADR 034). Today: their sessions (ADR 042).
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { accountSessionRoutes, requireProfile } from '../features/accounts/index.ts';

export const accountApi = new Hono<AppEnv>().use('*', requireUser, requireProfile).route('/', accountSessionRoutes);
