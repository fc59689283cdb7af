// /api/assessments: one router, its guards declared once. Every route needs a session and a
// profile; every '/:id/...' route also needs the assessment to be the caller's organization's
// (ownAssessment: 400 for a malformed id, 404 for anyone else's, before any body is read). The
// routes come from the features that own their data: assessments (answers, submit, results,
// report, cycles, defer, releases), evidence (the assessment's files) and reports (the downloads).
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { requireProfile } from '../features/accounts/index.ts';
import { assessmentListRoutes, assessmentRoutes, cyclesRoutes, deferRoutes, ownAssessment, releaseRoutes, trendRoutes } from '../features/assessments/index.ts';
import { assessmentEvidenceRoutes } from '../features/evidence/index.ts';
import { reportsRoutes } from '../features/reports/index.ts';

export const assessmentsApi = new Hono<AppEnv>()
  .use('*', requireUser, requireProfile)
  // No assessment id. Registered before the ownership guard: its '/:id/*' pattern also matches
  // '/create' and '/trend', whose handlers answer first.
  .route('/', assessmentListRoutes)
  .route('/', trendRoutes)
  .use('/:id/*', ownAssessment)
  .route('/', assessmentRoutes)
  .route('/', cyclesRoutes)
  .route('/', deferRoutes)
  .route('/', releaseRoutes)
  .route('/', assessmentEvidenceRoutes)
  .route('/', reportsRoutes);
