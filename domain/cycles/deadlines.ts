// Deadline arithmetic (ADR 019), pure: the next dates of a legal clock (domain/questions/clocks.ts),
// the suggested reassessment date, the tag a deadline is shown with, and which reminder lead is due on a day. Every date is a calendar day,
// YYYY-MM-DD, compared as the server's UTC day (domain/dates.ts utcDay), so every
// instance agrees on "today".
import type { DeadlineView } from '../contracts/cycles.ts';
import type { LegalClock } from '../questions/clocks.ts';
import { addDays, dayParts, daysBetween, daysInMonth, monthDay } from '../dates.ts';

/** The product suggests a new assessment this many days after the last submitted one (quarterly cycles; no law sets it). */
export const REASSESS_AFTER_DAYS = 90;
/** Org_admins are reminded of a fixed legal due date this many days before it. */
export const LEGAL_REMINDER_DAYS = [30, 7] as const;
/** A corrective action's owner is reminded this many days before its target date. */
export const ACTION_REMINDER_DAYS = [7, 1] as const;
/** Org_admins are reminded this many days before the current certification expires. */
export const CERTIFICATION_REMINDER_DAYS = [30] as const;

/**
 * The first date on or after `today` that falls on MM-DD (a due date today is still due, not
 * past). 02-29 is not a clock date (isCalendarDate), but it is handled: the next leap year's.
 */
export function nextOnOrAfter(mmdd: string, today: string): string {
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(3, 5));
  for (let y = dayParts(today).y; ; y++) {
    if (day > daysInMonth(y, month)) continue;
    const candidate = `${String(y).padStart(4, '0')}-${mmdd}`;
    if (candidate >= today) return candidate;
  }
}

/** One upcoming (or standing) occurrence of a legal clock. */
export interface ClockOccurrence {
  /** YYYY-MM-DD: only a calendar date the law itself sets; null for a standing duty or one not yet in force. */
  dueOn: string | null;
  /** How the date was set: fixed by the law, none (a standing duty), or not yet in force. */
  basis: 'fixed' | 'standing' | 'not_started';
  /** One line naming the duty (and its date, for a fixed one). */
  title: string;
  /** One line for people: when the duty falls and why. */
  detail: string;
}

/** The tag of a duty whose clock has not started (clock.starts set): never presented as due. */
export const NOT_YET_IN_FORCE = 'Not yet in force';

const STANDING_WORDS: Record<Exclude<LegalClock['recurrence'], 'after_event'>, (months: number) => string> = {
  per_application: (months) => `Before each application (within ${months} months)`,
  annual: () => 'Every year of each award or obligation, on the dates your award or the rule sets',
  semiannual: () => 'Twice a year, on the dates your award or the rule sets',
  every_years: (months) => `Every ${months / 12} years, on the dates your award or the rule sets`,
};

/**
 * Fixed-date duties owed only when something happened before the date, by the source that sets
 * them. HEA section 117 (20 U.S.C. 1011f(a)): an institution reports a gift received or a contract
 * entered into with a foreign source ($250,000 or more from one source in a calendar year, alone or
 * combined) on January 31 or July 31, whichever is sooner after it; with nothing reportable since
 * the last report, no report is due.
 */
const CONDITIONAL_FIXED: Record<string, { title: (dueOn: string) => string; detail: string }> = {
  hea117: {
    title: (dueOn) => `Section 117 report due ${monthDay(dueOn)} if you received a reportable foreign gift or contract`,
    detail:
      'A report is due January 31 or July 31, whichever comes first after the institution receives a reportable gift or enters a reportable contract ($250,000 or more from one foreign source in a calendar year). A period with nothing to report needs no report.',
  },
};

/**
 * The next occurrences of a clock after `today` (on or after: a date due today is listed). Only a
 * date the law sets is a due date; nothing is counted from the organization's own assessments.
 * - `starts` set: the clock has not started; one entry tagged NOT_YET_IN_FORCE with what starts it;
 * - fixed dates (HEA section 117: 01-31 and 07-31): the next occurrence of each, soonest first,
 *   worded as conditional where the source makes the duty conditional (CONDITIONAL_FIXED);
 * - anything else (per application, or yearly on dates each award sets): a standing duty;
 * - a duty tied to an event (after_event: 72 hours after discovering a cyber incident): none, since
 *   no date can be known before the event; the question and the content register show it.
 */
export function clockOccurrences(clock: LegalClock, today: string): ClockOccurrence[] {
  if (clock.recurrence === 'after_event') return [];
  if (clock.starts) return [{ dueOn: null, basis: 'not_started', title: `${NOT_YET_IN_FORCE}: ${clock.summary}`, detail: `${NOT_YET_IN_FORCE}. It starts: ${clock.starts}` }];
  if (clock.dates.length > 0) {
    const conditional = CONDITIONAL_FIXED[clock.source];
    return clock.dates
      .map((d) => nextOnOrAfter(d, today))
      .sort()
      .map((dueOn) => ({
        dueOn,
        basis: 'fixed' as const,
        title: conditional ? conditional.title(dueOn) : `${clock.summary}: ${monthDay(dueOn)}`,
        detail: conditional ? conditional.detail : 'On dates the law sets.',
      }));
  }
  return [{ dueOn: null, basis: 'standing', title: clock.summary, detail: STANDING_WORDS[clock.recurrence](clock.months) }];
}

/** The suggested day of the next assessment: REASSESS_AFTER_DAYS after the last submitted one. */
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

/** The words a deadline is tagged with on the dashboard: what kind of date it is, in plain terms. */
export function deadlineTag(d: Pick<DeadlineView, 'kind' | 'due_on' | 'title'>): string {
  switch (d.kind) {
    case 'legal':
      if (d.title.startsWith(NOT_YET_IN_FORCE)) return NOT_YET_IN_FORCE;
      return d.due_on ? 'Legal date' : 'Standing duty';
    case 'reassess':
      return 'Suggested';
    case 'certification':
      return 'Certification';
    case 'evidence':
      return 'Evidence';
    case 'action':
      return 'Action';
  }
}
