// /api/questions: the question bank (the current version, or the questions asked in an assessment);
// a session and a profile, declared once.
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { requireProfile } from '../features/accounts/index.ts';
import { questionsRoutes } from '../features/questions/index.ts';

export const questionsApi = new Hono<AppEnv>().use('*', requireUser, requireProfile).route('/', questionsRoutes);
