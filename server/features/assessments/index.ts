// Public surface of this server feature (docs/decisions/010): other features, server/app.ts and the
// rest of server/ import only this file; every other file in the folder is internal.
// the /api/assessments router's pieces (server/api/assessments.ts) and its ownership guard
export { assessmentListRoutes, assessmentRoutes } from './assessments.routes.ts';
export { cyclesRoutes, trendRoutes } from './cycles.routes.ts';
export { deferRoutes } from './defer.routes.ts';
export { releaseRoutes } from './release.routes.ts';
export { ownAssessment } from './own-assessment.ts';
// for sync (the outbox's mutations and the pull state)
export { applyAnswer, listAnswerViews, lockAnswerRows } from './answers.service.ts';
export { listDeferralViews, recordDeferral } from './deferrals.service.ts';
export { submitAssessment } from './assessments.submit.ts';
// for reports (the downloadable report is built from the same data as GET /api/assessments/{id}/report)
export { getReport } from './assessments.report.ts';
export { loadAnswerMap } from './assessments.submit.ts';
