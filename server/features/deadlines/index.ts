// Public surface of this server feature (docs/decisions/010): GET /api/deadlines, what is due for
// the caller's organization (ADR 019).
export { deadlinesRoutes } from './deadlines.routes.ts';
export { listDeadlines } from './deadlines.service.ts';
// for the reminder jobs (server/features/jobs/reminders.ts): the same facts, loaded in batches
export {
  APP_PATHS,
  clockDeadlinesOf,
  loadActionDeadlinesOf,
  loadCertificationDeadlinesOf,
  loadClockQuestionsOf,
  loadCycles,
  loadEvidenceDeadlinesOf,
  REASSESS_SUGGESTION,
  type OrgRef,
} from './deadlines.service.ts';
