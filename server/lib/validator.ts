import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z, type ZodType } from 'zod';
import { idParamSchema, orgIdParamSchema } from '#domain/contracts/accounts.ts';
import { EVIDENCE_MSG } from '#domain/evidence.ts';
import { invalidTextProblem } from '#domain/text.ts';
import { badRequest, notFound } from './app-error.ts';

export { containsInvalidText, INVALID_TEXT_MESSAGE } from '#domain/text.ts';

/**
 * The project's single validator: zod schemas from domain/ (and the path parameters below), and
 * every failure becomes the same 400 { error, code: 'validation_failed', details }, except an id
 * schema made by notFoundId: that one answers 404 like a row that does not exist.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const first = result.error.issues[0] as { message: string; params?: { status?: number } } | undefined;
      if (first?.params?.status === 404) throw notFound(first.message);
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(first?.message ?? 'Invalid request', issues);
    }
    // NUL and lone surrogates anywhere (keys too), and input nested past any contract (domain/text.ts).
    const problem = invalidTextProblem(result.data);
    if (problem) throw badRequest(problem);
  });

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Any 8-4-4-4-12 hex id, whatever its version bits (looser than zod's z.uuid()). For ids that do
 * not come through a schema: storage keys, idempotency keys, raw queued mutations.
 */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/** An id in the path or query that names nothing when malformed: 404 with `message`, lower-cased when valid. */
export const notFoundId = (message: string) =>
  z
    .string()
    .refine(isUuid, { message, params: { status: 404 } })
    .transform((id) => id.toLowerCase());

/**
 * Path parameters, one schema per kind of id, used as `validate('param', assessmentParam)`.
 * Ids of rows in the caller's own organization (members, invitations, join requests) and the
 * organization in /api/organization(s) answer 400 'Invalid id' (domain/contracts/accounts.ts);
 * every other id answers 404 like a missing row, so a malformed id and another organization's id
 * look the same.
 */
export const memberParam = idParamSchema;
export const organizationParam = orgIdParamSchema;
export const assessmentParam = z.object({ id: notFoundId('Assessment not found') });
export const assessmentActionParam = assessmentParam.extend({ actionId: notFoundId('Corrective action not found') });
export const evidenceParam = z.object({ evidenceId: notFoundId(EVIDENCE_MSG.notFound) });
export const adminQuestionParam = z.object({ id: notFoundId('Question not found') });
export const adminUserParam = z.object({ id: notFoundId('User not found') });
export const adminOrganizationParam = z.object({ id: notFoundId('Organization not found') });
