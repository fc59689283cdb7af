import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { badRequest } from './app-error.ts';

export const NUL_MESSAGE = 'Text must not contain NUL (\\u0000) characters';

/** PostgreSQL cannot store U+0000 in text or jsonb; find it anywhere in validated input. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

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
    if (containsNul(result.data)) throw badRequest(NUL_MESSAGE);
  });
