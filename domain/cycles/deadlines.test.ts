import { describe, expect, it } from 'vitest';
import type { LegalClock } from '../questions/clocks.ts';
import { EVIDENCE_REMINDER_DAYS } from '../evidence-freshness.ts';
import { clockOccurrences, deadlineTag, LEGAL_REMINDER_DAYS, nextOnOrAfter, reassessDueOn, reminderLeadDue } from './deadlines.ts';

const hea117: LegalClock = {
  summary: 'Section 117 reports due 31 January and 31 July',
  recurrence: 'semiannual',
  months: 6,
  dates: ['01-31', '07-31'],
  starts: null,
  source: 'hea117',
};
const yearly: LegalClock = { summary: 'Independent audit every year', recurrence: 'annual', months: 12, dates: [], starts: null, source: 'doj28cfr202' };
const dates = (clock: LegalClock, today: string) => clockOccurrences(clock, today).map((o) => o.dueOn);

describe('calendar arithmetic', () => {
  it('finds the next MM-DD on or after today', () => {
    expect(nextOnOrAfter('01-31', '2026-01-31')).toBe('2026-01-31');
    expect(nextOnOrAfter('01-31', '2026-02-01')).toBe('2027-01-31');
    expect(nextOnOrAfter('07-31', '2026-02-01')).toBe('2026-07-31');
    expect(nextOnOrAfter('02-28', '2028-02-29')).toBe('2029-02-28');
    expect(nextOnOrAfter('03-01', '2028-02-29')).toBe('2028-03-01');
    // Not a clock date (isCalendarDate refuses it), but the arithmetic holds: the next leap year's.
    expect(nextOnOrAfter('02-29', '2025-03-01')).toBe('2028-02-29');
    expect(nextOnOrAfter('02-29', '2100-01-01')).toBe('2104-02-29');
  });
});

describe('clockOccurrences', () => {
  it('lists the next 31 January and 31 July, soonest first', () => {
    expect(dates(hea117, '2026-03-10')).toEqual(['2026-07-31', '2027-01-31']);
    expect(dates(hea117, '2026-07-31')).toEqual(['2026-07-31', '2027-01-31']);
    expect(dates(hea117, '2026-08-01')).toEqual(['2027-01-31', '2027-07-31']);
  });

  it('rolls 31 December over to the next year’s 31 January', () => {
    expect(dates(hea117, '2026-12-31')).toEqual(['2027-01-31', '2027-07-31']);
    expect(dates(hea117, '2027-01-01')).toEqual(['2027-01-31', '2027-07-31']);
  });

  it('works across a leap year', () => {
    expect(dates(hea117, '2028-02-29')).toEqual(['2028-07-31', '2029-01-31']);
  });

  it('words the Section 117 dates as owed only after a reportable gift or contract', () => {
    const [next] = clockOccurrences(hea117, '2026-03-10');
    expect(next).toMatchObject({ dueOn: '2026-07-31', basis: 'fixed', title: 'Section 117 report due July 31 if you received a reportable foreign gift or contract' });
    expect(next!.detail).toContain('January 31 or July 31, whichever comes first after the institution receives a reportable gift or enters a reportable contract');
    expect(next!.detail).toContain('A period with nothing to report needs no report.');
  });

  it('never dates a yearly duty without a date in law: it stays a standing duty, on the dates each award sets', () => {
    expect(clockOccurrences(yearly, '2026-05-01')).toEqual([
      { dueOn: null, basis: 'standing', title: 'Independent audit every year', detail: 'Every year of each award or obligation, on the dates your award or the rule sets' },
    ]);
  });

  it('schedules nothing for a duty tied to an event: no date can be known before the event', () => {
    const incident: LegalClock = {
      summary: 'Cyber incident reported to DoD within 72 hours',
      recurrence: 'after_event',
      months: 0,
      dates: [],
      starts: null,
      source: 'dfars7012',
      event: 'after discovering a cyber incident',
      within: 72,
      unit: 'hours',
    };
    expect(clockOccurrences(incident, '2026-05-01')).toEqual([]);
    expect(clockOccurrences({ ...incident, starts: 'Once the rule takes effect' }, '2026-05-01')).toEqual([]);
  });

  it('keeps a per-application duty standing, and one that has not started as not yet in force', () => {
    const perApplication: LegalClock = { summary: 'Training within 12 months before each application', recurrence: 'per_application', months: 12, dates: [], starts: null, source: 'chips10634' };
    expect(clockOccurrences(perApplication, '2026-05-01')).toEqual([{ dueOn: null, basis: 'standing', title: perApplication.summary, detail: 'Before each application (within 12 months)' }]);
    const travel: LegalClock = { summary: 'Travel security training', recurrence: 'every_years', months: 72, dates: [], starts: 'Within a year after agencies publish a resource', source: 'ostp2024' };
    const [notYet] = clockOccurrences(travel, '2026-05-01');
    expect(notYet).toEqual({
      dueOn: null,
      basis: 'not_started',
      title: 'Not yet in force: Travel security training',
      detail: 'Not yet in force. It starts: Within a year after agencies publish a resource',
    });
    expect(deadlineTag({ kind: 'legal', due_on: null, title: notYet!.title })).toBe('Not yet in force');
  });

  it('tags law-set dates, standing duties and the suggested reassessment apart', () => {
    expect(deadlineTag({ kind: 'legal', due_on: '2026-07-31', title: 'Section 117 report due July 31 if you received a reportable foreign gift or contract' })).toBe('Legal date');
    expect(deadlineTag({ kind: 'legal', due_on: null, title: 'Independent audit every year' })).toBe('Standing duty');
    expect(deadlineTag({ kind: 'reassess', due_on: '2026-06-08', title: 'Suggested next assessment' })).toBe('Suggested');
  });
});

describe('reassessDueOn', () => {
  it('is 90 days after the last submitted assessment', () => {
    expect(reassessDueOn('2026-01-01')).toBe('2026-04-01');
    expect(reassessDueOn('2028-01-01')).toBe('2028-03-31');
  });
});

describe('reminderLeadDue', () => {
  const due = '2027-01-31';
  it('is null before the largest lead and after the date', () => {
    expect(reminderLeadDue(due, '2026-12-31', LEGAL_REMINDER_DAYS)).toBeNull(); // 31 days before
    expect(reminderLeadDue(due, '2027-02-01', LEGAL_REMINDER_DAYS)).toBeNull();
  });

  it('is the lead whose day it is', () => {
    expect(reminderLeadDue(due, '2027-01-01', LEGAL_REMINDER_DAYS)).toBe(30);
    expect(reminderLeadDue(due, '2027-01-24', LEGAL_REMINDER_DAYS)).toBe(7);
    expect(reminderLeadDue(due, '2027-01-30', EVIDENCE_REMINDER_DAYS)).toBe(1);
  });

  it('after a missed day sends the nearest lead only, never two at once', () => {
    expect(reminderLeadDue(due, '2027-01-10', LEGAL_REMINDER_DAYS)).toBe(30); // 21 days before: still the 30-day one
    expect(reminderLeadDue(due, '2027-01-26', LEGAL_REMINDER_DAYS)).toBe(7); // 5 days before: the 7-day one, not also the 30-day
    expect(reminderLeadDue(due, '2027-01-31', LEGAL_REMINDER_DAYS)).toBe(7); // the day itself
    expect(reminderLeadDue(due, '2027-01-31', EVIDENCE_REMINDER_DAYS)).toBe(1);
  });
});
