// /api/questions (the current version, or the questions asked in an assessment) and /api/domains;
// signed in with a profile (the routers in server/api/ declare it).
import { Hono } from 'hono';
import { questionsQuerySchema } from '#domain/contracts/assessments.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { validate } from '../../lib/validator.ts';
import { currentVersionId, listDomainViews, loadAssessmentQuestions, loadVersionQuestions, ownedAssessmentId, toQuestionView } from './questions.service.ts';
import { serviceContext } from '../../lib/context.ts';
import { listReleases } from './questions.releases.ts';

/** GET /api/questions */
export const questionsRoutes = new Hono<AppEnv>().get('/', validate('query', questionsQuerySchema), async (c) => {
    const ctx = serviceContext(c);
    const { assessmentId } = c.req.valid('query');
    if (assessmentId) {
      // Only the questions asked in the assessment (frozen at start), each with its resolved gate.
      const a = await ownedAssessmentId(ctx, assessmentId, c.var.caller.organizationId);
      const rows = await loadAssessmentQuestions(ctx, a.id);
      c.header('x-questionnaire-version', String(a.versionId));
      return c.json(rows.map(toQuestionView), 200);
    }
    const versionId = await currentVersionId(ctx);
    const rows = await loadVersionQuestions(ctx, versionId);
    c.header('x-questionnaire-version', String(versionId));
    return c.json(rows.map(toQuestionView), 200);
  });

/** GET /api/domains */
export const domainsRoutes = new Hono<AppEnv>().get('/', async (c) =>
  c.json(await listDomainViews(serviceContext(c)), 200),
);

/** GET /api/content/releases: the question bank's releases, newest first (any signed-in member). */
export const releasesRoutes = new Hono<AppEnv>().get('/releases', async (c) => c.json(await listReleases(serviceContext(c)), 200));
