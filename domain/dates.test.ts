import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addDaysAt, addMonths, addMonthsAt, daysBetween, formatDate, formatDay, formatPartialDay, localDay, monthDay, utcDay } from './dates.ts';

describe('calendar days', () => {
  it('takes the UTC day of an instant, and the local day of the runtime', () => {
    expect(utcDay(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31');
    expect(utcDay(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
    const at = new Date(2026, 6, 4, 23, 30);
    expect(localDay(at)).toBe('2026-07-04');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-11-02', 90)).toBe('2027-01-31');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('adds months, clamping to the end of a shorter month', () => {
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2027-02-28', 12)).toBe('2028-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 72)).toBe('2032-11-15');
    expect(addMonths('2026-12-31', 12)).toBe('2027-12-31');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('counts whole days between two days, negative when the second is earlier', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2028-02-27', '2028-03-01')).toBe(3);
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
    expect(daysBetween('2026-05-05', '2026-05-05')).toBe(0);
  });

  it('daysBetween undoes addDays for any day and offset', () => {
    const day = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }).map((t) => utcDay(new Date(t)));
    fc.assert(fc.property(day, fc.integer({ min: -5000, max: 5000 }), (d, n) => daysBetween(d, addDays(d, n)) === n));
  });
});

describe('instants', () => {
  it('adds days of 24 hours', () => {
    expect(addDaysAt(new Date('2026-03-01T10:00:00Z'), 30).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addDaysAt(new Date('2026-03-01T10:00:00Z'), -1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
  });

  it('adds calendar months in UTC, keeping the time of day, clamped to the end of a shorter month', () => {
    expect(addMonthsAt(new Date('2025-03-04T05:06:07.089Z'), 12).toISOString()).toBe('2026-03-04T05:06:07.089Z');
    expect(addMonthsAt(new Date('2024-02-29T12:00:00Z'), 12).toISOString()).toBe('2025-02-28T12:00:00.000Z');
    expect(addMonthsAt(new Date('2025-01-31T00:00:00Z'), 1).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(addMonthsAt(new Date('2025-12-15T00:00:00Z'), 2).toISOString()).toBe('2026-02-15T00:00:00.000Z');
    expect(addMonthsAt(new Date('2025-06-30T23:59:59Z'), 12).toISOString()).toBe('2026-06-30T23:59:59.000Z');
  });
});

describe('formatting', () => {
  it('spells a statute date as month and day', () => {
    expect(monthDay('2027-01-31')).toBe('January 31');
    expect(monthDay('07-04')).toBe('July 4');
  });

  it('formats an instant in the style asked, and a missing or invalid one as an em dash', () => {
    expect(formatDate('2026-11-22T12:00:00Z', { locale: 'en-US', timeZone: 'UTC' })).toBe('Nov 22, 2026');
    expect(formatDate(new Date('2026-11-22T23:30:00Z'), { locale: 'en-US', month: 'long', timeZone: 'UTC' })).toBe('November 22, 2026');
    expect(formatDate('2026-11-22T23:30:00Z', { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('Nov 23, 2026');
    for (const none of [null, undefined, '', 'not a date']) expect(formatDate(none)).toBe('—');
  });

  it('formats a calendar day as that day in every time zone', () => {
    expect(formatDay('2027-07-31', { locale: 'en-US' })).toBe('Jul 31, 2027');
    expect(formatDay('2027-01-01', { locale: 'en-US', month: 'long' })).toBe('January 1, 2027');
  });

  it('formats a document date given as a day, a month or a year', () => {
    expect(formatPartialDay('2025-07-17', { locale: 'en-US' })).toBe('Jul 17, 2025');
    expect(formatPartialDay('2023-11', { locale: 'en-US' })).toBe('Nov 2023');
    expect(formatPartialDay('2023-01', { locale: 'en-GB', month: 'long' })).toBe('January 2023');
    expect(formatPartialDay('2021', { locale: 'en-US' })).toBe('2021');
  });
});
