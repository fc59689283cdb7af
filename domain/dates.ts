// Dates, written once for the domain, the server and the SPA. Two kinds of value: a calendar day,
// YYYY-MM-DD (evidence dates, deadlines, reminders: compared as the server's UTC day so every
// instance agrees on "today", ADR 019), and an instant (a Date or an ISO 8601 string). Pure: no
// clock is read unless a function says so.

/** Milliseconds in a day of 24 hours. */
export const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** Days in month `m` (1–12) of year `y`. */
export const daysInMonth = (y: number, m: number): number => (m === 2 ? (isLeap(y) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!);
/** A calendar day's year, month (1–12) and day of month. */
export const dayParts = (day: string) => ({ y: Number(day.slice(0, 4)), m: Number(day.slice(5, 7)), d: Number(day.slice(8, 10)) });
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

// ---------- calendar days ----------

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The calendar day of an instant in the runtime's own time zone (what a person's calendar shows), YYYY-MM-DD. */
export function localDay(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to) - dayStart(from)) / DAY_MS);
}

/** `day` plus n calendar days. */
export function addDays(day: string, n: number): string {
  return utcDay(new Date(dayStart(day) + n * DAY_MS));
}

/** `day` plus n months; a day the target month lacks becomes its last day (2024-02-29 + 12 = 2025-02-28). */
export function addMonths(day: string, n: number): string {
  const { y, m, d } = dayParts(day);
  const index = y * 12 + (m - 1) + n;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return `${pad(ty, 4)}-${pad(tm)}-${pad(Math.min(d, daysInMonth(ty, tm)))}`;
}

// ---------- instants ----------

/** The instant n days of 24 hours after `at` (before it when n is negative). */
export function addDaysAt(at: Date, n: number): Date {
  return new Date(at.getTime() + n * DAY_MS);
}

/** The same UTC time of day n months after `at`, on the same day of month clamped to a shorter month (31 Jan + 1 = 28/29 Feb). */
export function addMonthsAt(at: Date, n: number): Date {
  const timeOfDay = at.getTime() - dayStart(utcDay(at));
  return new Date(dayStart(addMonths(utcDay(at), n)) + timeOfDay);
}

// ---------- formatting ----------

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** "07-31" or "2027-07-31" as "July 31" (the statutes' own spelling of their dates). */
export function monthDay(day: string): string {
  const mmdd = day.slice(-5);
  return `${MONTH_NAMES[Number(mmdd.slice(0, 2)) - 1]} ${Number(mmdd.slice(3, 5))}`;
}

export interface DateStyle {
  /** A BCP 47 locale; unset: the runtime's (the browser's language in the SPA). */
  locale?: string;
  /** "Nov" or "November". Default short. */
  month?: 'short' | 'long';
  /** An IANA time zone; unset: the runtime's. Server documents use UTC, like every other server date. */
  timeZone?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(style: DateStyle): Intl.DateTimeFormat {
  const key = `${style.locale ?? ''}|${style.month ?? 'short'}|${style.timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(style.locale, { year: 'numeric', month: style.month ?? 'short', day: 'numeric', timeZone: style.timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** An instant as a date for people: "Nov 22, 2026" by default; an em dash when there is no (valid) date. */
export function formatDate(value: string | number | Date | null | undefined, style: DateStyle = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? '—' : formatterOf(style).format(d);
}

/** A calendar day (YYYY-MM-DD) as a date for people, the same day whatever the time zone: "Jul 31, 2027". */
export function formatDay(day: string, style: Omit<DateStyle, 'timeZone'> = {}): string {
  return formatDate(`${day}T00:00:00Z`, { ...style, timeZone: 'UTC' });
}

/**
 * A date as a document gives it, a day or only its month or year (YYYY-MM-DD, YYYY-MM, YYYY), for
 * people: "Jul 17, 2025", "Nov 2023", "2021". Like formatDay, the same whatever the time zone.
 */
export function formatPartialDay(date: string, style: Omit<DateStyle, 'timeZone'> = {}): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return formatDay(date, style);
  if (!/^\d{4}-\d{2}$/.test(date)) return date;
  return new Intl.DateTimeFormat(style.locale, { year: 'numeric', month: style.month ?? 'short', timeZone: 'UTC' }).format(new Date(`${date}-01T00:00:00Z`));
}
