import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { invalidTextProblem } from '#domain/text.ts';
import { badRequest } from './app-error.ts';

export { containsInvalidText, INVALID_TEXT_MESSAGE } from '#domain/text.ts';

/**
 * The project's single validator: zod schemas from domain/, and every failure
 * becomes the same 400 { error, code: 'validation_failed', details }.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(issues[0]?.message ?? 'Invalid request', issues);
    }
    // NUL and lone surrogates anywhere (keys too), and input nested past any contract (domain/text.ts).
    const problem = invalidTextProblem(result.data);
    if (problem) throw badRequest(problem);
  });
