import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z, type ZodType } from 'zod';
import { invalidTextProblem } from '#domain/text.ts';
import { badRequest } from './app-error.ts';

export { containsInvalidText, INVALID_TEXT_MESSAGE } from '#domain/text.ts';

/**
 * The project's single validator: zod schemas from domain/ (and the path parameters below), and
 * every failure becomes the same 400 { error, code: 'validation_failed', details }, or the route's
 * own refusal (`refuse`) where bad input must read like a miss.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T, refuse?: () => Error) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      // A public lookup answers bad input as it answers a miss (refuse: its 404), so a probe learns nothing.
      if (refuse) throw refuse();
      const first = result.error.issues[0];
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(first?.message ?? 'Invalid request', issues);
    }
    // NUL and lone surrogates anywhere (keys too), and input nested past any contract (domain/text.ts).
    const problem = invalidTextProblem(result.data);
    if (problem) throw refuse ? refuse() : badRequest(problem);
  });

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Any 8-4-4-4-12 hex id, whatever its version bits. Only for ids that are not request input:
 * storage keys and stored rows. Every id a request names goes through `idOf`.
 */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/**
 * The one id rule at the edge: an id in a path parameter or a query is a strict UUID (RFC 9562,
 * zod's z.uuid()), lower-cased; anything else is 400 "Invalid <what> id" before any row is read.
 * A well-formed id that names nothing (or another organization's row) is the feature's 404.
 */
export const idOf = (what: string) => z.uuid(`Invalid ${what} id`).transform((id) => id.toLowerCase());

/** Path parameters, one schema per kind of id, used as `validate('param', assessmentParam)`. */
export const memberParam = z.object({ id: idOf('member') });
export const invitationParam = z.object({ id: idOf('invitation') });
export const joinRequestParam = z.object({ id: idOf('join request') });
export const organizationParam = z.object({ orgId: idOf('organization') });
export const assessmentParam = z.object({ id: idOf('assessment') });
export const evidenceParam = z.object({ evidenceId: idOf('evidence') });
export const actionParam = z.object({ actionId: idOf('corrective action') });
export const certificationParam = z.object({ id: idOf('certification') });
export const adminQuestionParam = z.object({ id: idOf('question') });
export const adminUserParam = z.object({ id: idOf('user') });
export const sessionParam = z.object({ id: idOf('session') });
export const adminOrganizationParam = z.object({ id: idOf('organization') });
