// Releases of the question bank for one assessment (ADR 038), part of the /api/assessments router
// (server/api/assessments.ts declares the session, profile and ownership guards): any member reads
// whether a newer release changes its questions; an org_admin moves it there.
import { Hono } from 'hono';
import { moveReleaseSchema } from '#domain/contracts/releases.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { requireRole, requireWritable } from '../../lib/caller.ts';
import { validate } from '../../lib/validator.ts';
import { callerContext, serviceContext } from '../../lib/context.ts';
import { owned } from './own-assessment.ts';
import { getAssessmentRelease, moveToRelease } from './release.service.ts';

export const releaseRoutes = new Hono<AppEnv>()
  .get('/:id/release', async (c) => c.json(await getAssessmentRelease(serviceContext(c), owned(c)), 200))
  .post('/:id/release', requireWritable, requireRole('org_admin'), validate('json', moveReleaseSchema), async (c) =>
    c.json(await moveToRelease(callerContext(c), owned(c), c.req.valid('json').versionId), 200),
  );
