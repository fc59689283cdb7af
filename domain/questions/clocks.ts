// Legal clocks: the recurring duty a question is tied to, as data, so reminders can be computed
// from the bank (the when, the how often, and the source that sets it).
import { z } from 'zod';

export const CLOCK_RECURRENCES = ['per_application', 'annual', 'semiannual', 'every_years', 'after_event'] as const;
export type ClockRecurrence = (typeof CLOCK_RECURRENCES)[number];

/** What the window of a clock tied to an event counts (DFARS 252.204-7012(c): 72 hours). */
export const CLOCK_UNITS = ['hours', 'business_days', 'days'] as const;
export type ClockUnit = (typeof CLOCK_UNITS)[number];

/** The longest window of each unit: 30 days, in the unit's own terms. */
export const CLOCK_UNIT_MAX: Record<ClockUnit, number> = { hours: 720, business_days: 22, days: 30 };

/** Keys are single words: the same shape is stored, sent and received (docs/decisions/016). */
export interface LegalClock {
  /** The duty in one line: "Training completed within 12 months before each application". */
  summary: string;
  recurrence: ClockRecurrence;
  /**
   * Length of the window or period in months (12 = within 12 months / yearly; 72 = six years); 0
   * for a clock tied to an event, whose window is `within` `unit`.
   */
  months: number;
  /** Fixed calendar due dates as MM-DD, where the law sets them (HEA §117: 01-31 and 07-31). */
  dates: string[];
  /** When the clock has not started yet: what starts it ("Once agencies publish a travel training resource"). */
  starts: string | null;
  /** Source id (domain/questions/sources.ts) that sets the clock. */
  source: string;
  /**
   * A clock tied to an event (recurrence after_event) only: the event that starts each window
   * ("after discovering a cyber incident"), its length and what it counts (72 hours). Absent on
   * every other clock, so clocks stored before these keys existed keep their shape. Such a duty has
   * no calendar date: deadlines cannot schedule it (domain/cycles/deadlines.ts).
   */
  event?: string;
  within?: number;
  unit?: ClockUnit;
}

export const CLOCK_RECURRENCE_LABELS: Record<ClockRecurrence, string> = {
  per_application: 'Each application',
  annual: 'Every year',
  semiannual: 'Twice a year',
  every_years: 'Every few years',
  after_event: 'Within a set time after an event',
};

export const CLOCK_UNIT_LABELS: Record<ClockUnit, string> = { hours: 'Hours', business_days: 'Business days', days: 'Days' };

/** "Within 72 hours after discovering a cyber incident": how a clock tied to an event reads ("" when incomplete). */
export function eventWindow(c: Pick<LegalClock, 'within' | 'unit' | 'event'>): string {
  if (c.within === undefined || !c.unit || !c.event) return '';
  const unit = CLOCK_UNIT_LABELS[c.unit].toLowerCase();
  return `Within ${c.within} ${c.within === 1 ? unit.replace(/s$/, '') : unit} ${c.event}`;
}

/** Days in each month of a year that every clock date occurs in (so no 02-29). */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** MM-DD that falls every year: "02-28" yes, "02-30", "04-31" and "02-29" no. */
export function isCalendarDate(mmdd: string): boolean {
  const m = /^(\d{2})-(\d{2})$/.exec(mmdd);
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
}

/**
 * The months a recurrence allows, and the most fixed due dates it can have: a yearly duty runs 12
 * months with at most one due date, a twice-yearly one 6 months with none or two (HEA section 117:
 * 01-31 and 07-31), one every few years whole years from two to ten, a duty tied to each
 * application any window from 1 to 120 months with no calendar date, and a duty tied to an event
 * no months and no calendar date (its window is counted in hours or days: EVENT_RULES).
 */
export const CLOCK_RULES: Record<ClockRecurrence, { months: (m: number) => boolean; monthsMessage: string; dates: readonly number[]; datesMessage: string }> = {
  annual: { months: (m) => m === 12, monthsMessage: 'A yearly clock runs 12 months', dates: [0, 1], datesMessage: 'A yearly clock has at most one due date' },
  semiannual: { months: (m) => m === 6, monthsMessage: 'A twice-yearly clock runs 6 months', dates: [0, 2], datesMessage: 'A twice-yearly clock has two due dates, or none' },
  every_years: {
    months: (m) => m >= 24 && m <= 120 && m % 12 === 0,
    monthsMessage: 'A clock of every few years runs whole years: 24, 36 ... 120 months',
    dates: [0, 1],
    datesMessage: 'A clock of every few years has at most one due date',
  },
  per_application: { months: (m) => m >= 1 && m <= 120, monthsMessage: 'Months must be 1 to 120', dates: [0], datesMessage: 'A clock tied to each application has no calendar due dates' },
  after_event: {
    months: (m) => m === 0,
    monthsMessage: 'A clock tied to an event counts its window in hours or days, so its months are 0',
    dates: [0],
    datesMessage: 'A clock tied to an event has no calendar due dates',
  },
};

/** The messages of the keys only a clock tied to an event has (event, within, unit). */
export const EVENT_RULES = {
  eventMessage: 'Say what event starts the window, for example “after discovering a cyber incident”',
  withinMessage: 'Give the window as a whole number of hours, business days or days after the event',
  unitMessage: 'Choose whether the window counts hours, business days or days',
  withinMax: (unit: ClockUnit) => `A window in ${CLOCK_UNIT_LABELS[unit].toLowerCase()} is 1 to ${CLOCK_UNIT_MAX[unit]} (30 days at most)`,
  onlyEvent: 'Only a clock tied to an event has an event, a window and a unit',
} as const;

export const NOT_A_DATE_MESSAGE = 'Not a date that comes every year: the month is shorter (and 02-29 comes only in leap years)';

export const legalClockSchema = z
  .object({
    summary: z.string().trim().min(5, 'Describe the clock in a few words').max(300, 'Describe the clock in at most 300 characters'),
    recurrence: z.enum(CLOCK_RECURRENCES, { message: 'Choose how often the duty recurs' }),
    // 0 only for a clock tied to an event (CLOCK_RULES.after_event); the rule of each recurrence says the rest.
    months: z.number({ message: 'Months must be a number' }).int('Months must be a whole number').min(0, 'Months must be 1 to 120').max(120, 'Months must be 1 to 120'),
    dates: z
      .array(
        z
          .string()
          .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'Due dates look like 01-31', abort: true })
          .refine(isCalendarDate, NOT_A_DATE_MESSAGE),
      )
      .max(2, 'At most two due dates'),
    starts: z.string().trim().min(1).max(300, 'Say what starts the clock in at most 300 characters').nullable(),
    source: z.string().trim().min(1, 'A clock names the source that sets it'),
    event: z.string().trim().min(5, EVENT_RULES.eventMessage).max(300, 'Say what starts the window in at most 300 characters').optional(),
    within: z.number({ message: EVENT_RULES.withinMessage }).int(EVENT_RULES.withinMessage).min(1, EVENT_RULES.withinMessage).optional(),
    unit: z.enum(CLOCK_UNITS, { message: EVENT_RULES.unitMessage }).optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const rule = CLOCK_RULES[c.recurrence];
    // Months outside 0 to 120 already have their message; 0 is the range's mistake except for a duty tied to an event.
    if (c.months === 0 && c.recurrence !== 'after_event') ctx.addIssue({ code: 'custom', message: 'Months must be 1 to 120', path: ['months'] });
    else if (Number.isInteger(c.months) && c.months >= 0 && c.months <= 120 && !rule.months(c.months)) ctx.addIssue({ code: 'custom', message: rule.monthsMessage, path: ['months'] });
    if (c.recurrence === 'after_event') {
      if (c.event === undefined) ctx.addIssue({ code: 'custom', message: EVENT_RULES.eventMessage, path: ['event'] });
      if (c.within === undefined) ctx.addIssue({ code: 'custom', message: EVENT_RULES.withinMessage, path: ['within'] });
      if (c.unit === undefined) ctx.addIssue({ code: 'custom', message: EVENT_RULES.unitMessage, path: ['unit'] });
      else if (c.within !== undefined && Number.isInteger(c.within) && c.within > CLOCK_UNIT_MAX[c.unit]) ctx.addIssue({ code: 'custom', message: EVENT_RULES.withinMax(c.unit), path: ['within'] });
    } else {
      for (const key of ['event', 'within', 'unit'] as const) if (c[key] !== undefined) ctx.addIssue({ code: 'custom', message: EVENT_RULES.onlyEvent, path: [key] });
    }
    if (!rule.dates.includes(c.dates.length)) ctx.addIssue({ code: 'custom', message: rule.datesMessage, path: ['dates'] });
    const twice = c.dates.find((d, i) => c.dates.indexOf(d) !== i);
    if (twice !== undefined) ctx.addIssue({ code: 'custom', message: `${twice} is listed twice`, path: ['dates'] });
  }) satisfies z.ZodType<LegalClock>;
