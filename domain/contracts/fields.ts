// Field helpers shared by the contracts: one definition of "a name" and "an instant", so every
// route refuses the same bad input with the same readable message.
import { z } from 'zod';
import { hasControlChars, NAME_CONTROL_MESSAGE, nameProblem } from '../text.ts';

/**
 * A person's or an organization's name: no CR/LF or other control characters. Names go into
 * e-mail subjects and bodies (server/features/accounts/invite-mail.ts), reports and CSV exports.
 */
export const withoutControlChars = <T extends z.ZodType<string | null | undefined>>(schema: T, message = NAME_CONTROL_MESSAGE) =>
  schema.refine((v) => typeof v !== 'string' || !hasControlChars(v), message);

/**
 * A person's or an organization's name: besides control characters, no invisible or
 * text-direction characters and no web address or domain name (domain/text.ts nameProblem).
 * Every schema that accepts a name uses this, so the SPA's forms and the API refuse the same names
 * with the same message; names already stored are not re-checked.
 */
export const nameField = <T extends z.ZodType<string | null | undefined>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    const problem = typeof v === 'string' ? nameProblem(v) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Instants the product stores or compares: PostgreSQL timestamps cannot hold every JS Date (year 0). */
export const EARLIEST_INSTANT = '2000-01-01T00:00:00Z';
export const LATEST_INSTANT = '2200-01-01T00:00:00Z';

const inRange = (v: string) => {
  const t = Date.parse(v);
  return Number.isFinite(t) && t >= Date.parse(EARLIEST_INSTANT) && t < Date.parse(LATEST_INSTANT);
};

/** An ISO 8601 date-time with offset (or, with `dateOnly`, also a plain date) between 2000 and 2199. */
export const isoInstant = (label: string, opts: { dateOnly?: boolean } = {}) => {
  const format = `${label} must be an ISO date`;
  const base = opts.dateOnly
    ? z.iso.datetime({ offset: true, error: format }).or(z.iso.date({ error: format }))
    : z.iso.datetime({ offset: true, error: format });
  return base.refine(inRange, `${label} must be a date between 2000 and 2199`);
};
