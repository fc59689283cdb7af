// Turns a zod result from the shared contracts into per-field errors plus one summary message.
import type { z } from 'zod';

export interface FormErrors {
  summary: string | null;
  fields: Record<string, string>;
}

export const NO_ERRORS: FormErrors = { summary: null, fields: {} };

/** The first message becomes the summary (the strings of domain/messages.ts); each field keeps its first message. */
export function formErrors(error: z.ZodError): FormErrors {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return { summary: error.issues[0]?.message ?? null, fields };
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FormErrors } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: formErrors(result.error) };
}

/**
 * Props for one Field: the field is marked invalid, and its message is shown under it only when
 * it says something the summary above the form does not (no wall of identical messages).
 */
export function fieldError(errors: FormErrors, name: string): { invalid: boolean; error?: string } {
  const message = errors.fields[name];
  if (!message) return { invalid: false };
  return message === errors.summary ? { invalid: true } : { invalid: true, error: message };
}
