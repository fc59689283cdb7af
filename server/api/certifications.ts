// /api/certifications: the organization's self-certifications (ADR 019); a session and a profile,
// declared once. The public lookup of a record is /api/verify (no session).
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { requireProfile } from '../features/accounts/index.ts';
import { certificationsRoutes } from '../features/certifications/index.ts';

export const certificationsApi = new Hono<AppEnv>().use('*', requireUser, requireProfile).route('/', certificationsRoutes);
