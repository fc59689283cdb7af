// Public surface of this server feature (docs/decisions/010): other features, server/app.ts and the
// rest of server/ import only this file; every other file in the folder is internal.
export { domainsRoutes, questionsRoutes, releasesRoutes } from './questions.routes.ts';
export { bankHash, seedQuestionBank } from './questions.seed.ts';
export { listReleases, newestRelease, toReleaseView } from './questions.releases.ts';
export {
  currentVersionId,
  freezeAssessmentQuestions,
  isAssessmentQuestion,
  listDomainViews,
  loadAssessmentQuestions,
  loadVersionQuestions,
  publishVersion,
  type ReleaseInput,
  toDef,
  toQuestionView,
  toScoringQuestion,
  type VersionQuestion,
} from './questions.service.ts';
