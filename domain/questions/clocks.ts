// Legal clocks: the recurring duty a question is tied to, as data, so reminders can be computed
// from the bank (the when, the how often, and the source that sets it).
import { z } from 'zod';

export const CLOCK_RECURRENCES = ['per_application', 'annual', 'semiannual', 'every_years'] as const;
export type ClockRecurrence = (typeof CLOCK_RECURRENCES)[number];

/** Keys are single words: the same shape is stored, sent and received (docs/decisions/016). */
export interface LegalClock {
  /** The duty in one line: "Training completed within 12 months before each application". */
  summary: string;
  recurrence: ClockRecurrence;
  /** Length of the window or period in months (12 = within 12 months / yearly; 72 = six years). */
  months: number;
  /** Fixed calendar due dates as MM-DD, where the law sets them (HEA §117: 01-31 and 07-31). */
  dates: string[];
  /** When the clock has not started yet: what starts it ("Once agencies publish a travel training resource"). */
  starts: string | null;
  /** Source id (domain/questions/sources.ts) that sets the clock. */
  source: string;
}

export const CLOCK_RECURRENCE_LABELS: Record<ClockRecurrence, string> = {
  per_application: 'Each application',
  annual: 'Every year',
  semiannual: 'Twice a year',
  every_years: 'Every few years',
};

export const legalClockSchema = z
  .object({
    summary: z.string().trim().min(5, 'Describe the clock in a few words').max(300),
    recurrence: z.enum(CLOCK_RECURRENCES, { message: 'Choose how often the duty recurs' }),
    months: z.number().int('Months must be a whole number').min(1, 'Months must be 1 to 120').max(120, 'Months must be 1 to 120'),
    dates: z
      .array(z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Due dates look like 01-31'))
      .max(12),
    starts: z.string().trim().min(1).max(300).nullable(),
    source: z.string().trim().min(1, 'A clock names the source that sets it'),
  })
  .strict() satisfies z.ZodType<LegalClock>;
