// Deadline arithmetic (ADR 019), pure: the next dates of a legal clock (domain/questions/clocks.ts),
// the reassessment date, and which reminder lead is due on a day. Every date is a calendar day,
// YYYY-MM-DD, compared as the server's UTC day (domain/evidence-freshness.ts utcDay), so every
// instance agrees on "today".
import type { LegalClock } from '../questions/clocks.ts';
import { daysBetween } from '../evidence-freshness.ts';

/** A new assessment is due this many days after the last submitted one (quarterly cycles). */
export const REASSESS_AFTER_DAYS = 90;
/** Org_admins are reminded of a fixed legal due date this many days before it. */
export const LEGAL_REMINDER_DAYS = [30, 7] as const;
/** A corrective action's owner is reminded this many days before its target date. */
export const ACTION_REMINDER_DAYS = [7, 1] as const;
/** Org_admins are reminded this many days before the current certification expires. */
export const CERTIFICATION_REMINDER_DAYS = [30] as const;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => (m === 2 ? (isLeap(y) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!);
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const parts = (day: string) => ({ y: Number(day.slice(0, 4)), m: Number(day.slice(5, 7)), d: Number(day.slice(8, 10)) });

/** `day` plus n calendar days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** `day` plus n months; a day the target month lacks becomes its last day (2024-02-29 + 12 = 2025-02-28). */
export function addMonths(day: string, n: number): string {
  const { y, m, d } = parts(day);
  const index = y * 12 + (m - 1) + n;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return `${pad(ty, 4)}-${pad(tm)}-${pad(Math.min(d, daysInMonth(ty, tm)))}`;
}

/**
 * The first date on or after `today` that falls on MM-DD (a due date today is still due, not
 * past). 02-29 is not a clock date (isCalendarDate), but it is handled: the next leap year's.
 */
export function nextOnOrAfter(mmdd: string, today: string): string {
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(3, 5));
  for (let y = parts(today).y; ; y++) {
    if (day > daysInMonth(y, month)) continue;
    const candidate = `${pad(y, 4)}-${mmdd}`;
    if (candidate >= today) return candidate;
  }
}

/** One upcoming (or standing) occurrence of a legal clock. */
export interface ClockOccurrence {
  /** YYYY-MM-DD; null for a standing duty (per application, not yet started, or an undated yearly one with no anchor). */
  dueOn: string | null;
  /** How the date was set: fixed by the law, counted from an anchor, or none. */
  basis: 'fixed' | 'anchored' | 'standing' | 'not_started';
  /** One line for people: what the date is and why. */
  detail: string;
}

const RECURRENCE_WORDS: Record<LegalClock['recurrence'], (months: number) => string> = {
  per_application: (months) => `Before each application (within ${months} months)`,
  annual: () => 'Every year',
  semiannual: () => 'Twice a year',
  every_years: (months) => `Every ${months / 12} years`,
};

/**
 * The next occurrences of a clock after `today` (on or after: a date due today is listed):
 * - `starts` set: the clock has not started; one standing entry "Not yet in force: <starts>";
 * - fixed dates (HEA §117: 01-31 and 07-31): the next occurrence of each, soonest first;
 * - yearly or every few years without dates: counted from `anchor` (the last submitted
 *   assessment, whose answer confirmed the duty on that day) plus the clock's months, when there
 *   is one; otherwise a standing duty;
 * - per application: a standing duty (no calendar date).
 */
export function clockOccurrences(clock: LegalClock, today: string, anchor: string | null = null): ClockOccurrence[] {
  const every = RECURRENCE_WORDS[clock.recurrence](clock.months);
  if (clock.starts) return [{ dueOn: null, basis: 'not_started', detail: `Not yet in force: ${clock.starts}` }];
  if (clock.recurrence === 'per_application') return [{ dueOn: null, basis: 'standing', detail: every }];
  if (clock.dates.length > 0) {
    return clock.dates
      .map((d) => nextOnOrAfter(d, today))
      .sort()
      .map((dueOn) => ({ dueOn, basis: 'fixed' as const, detail: `${every}, on dates the law sets` }));
  }
  if (anchor) {
    const dueOn = addMonths(anchor, clock.months);
    return [{ dueOn, basis: 'anchored', detail: `${every}: due ${clock.months} months after your last submitted assessment (${anchor})` }];
  }
  return [{ dueOn: null, basis: 'standing', detail: every }];
}

/** When the next assessment is due: REASSESS_AFTER_DAYS after the last submitted one. */
export function reassessDueOn(lastSubmittedOn: string): string {
  return addDays(lastSubmittedOn, REASSESS_AFTER_DAYS);
}

/**
 * The reminder lead due today for a date `dueOn`, from `leads` (days before it): the smallest
 * lead whose day has come, or null before the largest one or after the date has passed. A
 * missed day still sends the nearest lead once (on day 5 before, the 7-day reminder), and only
 * that one: never the 30-day and the 7-day reminder together. The caller's dedupe key carries
 * the lead, so each is sent at most once.
 */
export function reminderLeadDue(dueOn: string, today: string, leads: readonly number[]): number | null {
  const left = daysBetween(today, dueOn);
  if (left < 0) return null;
  const passed = leads.filter((l) => left <= l);
  return passed.length ? Math.min(...passed) : null;
}
