// The /api/assessments router's ownership guard (server/api/assessments.ts declares it once for
// every '/:id/...' route): the id is checked by the one id rule (400 when malformed), and another
// organization's assessment is a 404 before any body is read or validated.
import type { Context } from 'hono';
import { badRequest } from '../../lib/app-error.ts';
import { factory, type AppEnv } from '../../lib/factory.ts';
import { idOf } from '../../lib/validator.ts';
import { getOwnedAssessment, type AssessmentRow } from './assessments.service.ts';
import { serviceContext } from '../../lib/context.ts';

/** The assessment row ownAssessment loaded for the request (loaded once, read by the handlers). */
const loaded = new WeakMap<Context, AssessmentRow>();

/** The caller's assessment that ownAssessment loaded for this request. */
export function owned(c: Context<AppEnv>): AssessmentRow {
  const row = loaded.get(c);
  if (!row) throw new Error('ownAssessment did not run for this route');
  return row;
}

/**
 * A JSON answer save by a caller whose organization may write: the save statement itself checks
 * that the assessment is the caller's organization's (answers.statement.ts, CTE `a`) and answers
 * 404 like getOwnedAssessment, so the route skips the separate lookup (one statement per save
 * fewer; ADR 024). A multipart save stores evidence before the answer, so it is checked first;
 * a suspended organization keeps the usual order (404 for another organization's assessment).
 */
export function savesInOneStatement(c: Context<AppEnv>): boolean {
  return (
    c.req.method === 'POST' &&
    c.req.path.endsWith('/responses') &&
    (c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json') &&
    c.var.caller.organization?.status !== 'suspended'
  );
}

const assessmentId = idOf('assessment');

/** Checks the path's assessment id, then (except for the one-statement save) loads the caller's assessment: 404 for anyone else's. */
export const ownAssessment = factory.createMiddleware(async (c, next) => {
  const id = assessmentId.safeParse(c.req.param('id'));
  if (!id.success) throw badRequest(id.error.issues[0]?.message ?? 'Invalid assessment id');
  if (!savesInOneStatement(c)) loaded.set(c, await getOwnedAssessment(serviceContext(c), id.data, c.var.caller.organizationId));
  await next();
});
