// Mounted at /api/questions (current version, or an assessment's pinned version) and /api/domains.
import { Hono } from 'hono';
import { questionsQuerySchema } from '#domain/contracts/assessments.ts';
import { requireUser } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { requireProfile } from '../accounts/index.ts';
import { validate } from '../../lib/validator.ts';
import { currentVersionId, listDomainViews, loadVersionQuestions, toQuestionView, versionIdForAssessment } from './questions.service.ts';

/** GET /api/questions */
export const questionsRoutes = new Hono<AppEnv>().get('/', requireUser, requireProfile, validate('query', questionsQuerySchema), async (c) => {
    const { db } = c.var.deps;
    const { assessmentId } = c.req.valid('query');
    const versionId = assessmentId
      ? await versionIdForAssessment(db, assessmentId, c.var.caller.organizationId)
      : await currentVersionId(db);
    const rows = await loadVersionQuestions(db, versionId);
    c.header('x-questionnaire-version', String(versionId));
    return c.json(rows.map(toQuestionView), 200);
  });

/** GET /api/domains */
export const domainsRoutes = new Hono<AppEnv>().get('/', requireUser, requireProfile, async (c) =>
  c.json(await listDomainViews(c.var.deps.db), 200),
);
