// Public surface of this server feature (docs/decisions/010): other features, server/app.ts and the
// rest of server/ import only this file; every other file in the folder is internal.
export { assessmentEvidenceRoutes, evidenceRoutes } from './evidence.routes.ts';
// for POST /api/assessments/{id}/responses, whose multipart form may carry evidence_0..n files
export { readEvidenceForm, responsesBodyLimit, type EvidenceForm } from './evidence.multipart.ts';
// for sync's pull state
export { listEvidenceViews } from './evidence.service.ts';
// for the scheduler's sweep of abandoned uploads (server/features/jobs/scheduler.ts)
export { sweepUploadsEverywhere } from './evidence.upload.service.ts';
// for organization deletion: files may arrive through an upload URL until it expires
export { UPLOAD_URL_SECONDS } from './evidence.upload-url.ts';
