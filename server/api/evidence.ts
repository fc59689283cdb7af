// /api/evidence: evidence files (ADR 006, ADR 014); a session and a profile, declared once. The
// organization scope is checked per file by the evidence feature (another organization's file is a 404).
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { requireProfile } from '../features/accounts/index.ts';
import { evidenceRoutes } from '../features/evidence/index.ts';

export const evidenceApi = new Hono<AppEnv>().use('*', requireUser, requireProfile).route('/', evidenceRoutes);
