// The input rules of a legal clock (domain/questions/clocks.ts).
import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from './bank.ts';
import { OPEN_CLOCKS } from './bank-open-clocks.ts';
import { renderRegister } from './bank-register.ts';
import { eventWindow, isCalendarDate, legalClockSchema, NOT_A_DATE_MESSAGE, type LegalClock } from './clocks.ts';
import { sourceOf } from './sources.ts';

const HEA_117: LegalClock = { summary: 'Report foreign gifts and contracts twice a year', recurrence: 'semiannual', months: 6, dates: ['01-31', '07-31'], starts: null, source: 'hea-117' };
const INCIDENT: LegalClock = {
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
const issues = (patch: object, base: LegalClock = HEA_117) => {
  const r = legalClockSchema.safeParse({ ...base, ...patch });
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('legalClockSchema', () => {
  it('accepts the clocks of the bank', () => {
    const clocks = QUESTION_BANK.flatMap((q) => (q.clock ? [[q.code, q.clock] as const] : []));
    expect(clocks.length).toBeGreaterThan(0);
    for (const [code, clock] of clocks) expect(legalClockSchema.safeParse(clock).success, code).toBe(true);
    expect(issues({})).toEqual([]);
  });

  it('takes only dates that come every year', () => {
    for (const d of ['01-31', '02-28', '04-30', '12-31']) expect(isCalendarDate(d), d).toBe(true);
    for (const d of ['02-29', '02-30', '02-31', '04-31', '06-31', '09-31', '11-31', '13-01', '00-10', '01-00', '1-31']) expect(isCalendarDate(d), d).toBe(false);
    expect(issues({ dates: ['02-31', '07-31'] })).toEqual([{ path: 'dates.0', message: NOT_A_DATE_MESSAGE }]);
    expect(issues({ dates: ['13-40', '07-31'] })).toEqual([{ path: 'dates.0', message: 'Due dates look like 01-31' }]);
    expect(issues({ dates: ['07-31', '07-31'] })).toEqual([{ path: 'dates', message: '07-31 is listed twice' }]);
  });

  it('keeps months consistent with how often the duty recurs', () => {
    expect(issues({ months: 120 })).toEqual([{ path: 'months', message: 'A twice-yearly clock runs 6 months' }]);
    expect(issues({ recurrence: 'annual', months: 6, dates: [] })).toEqual([{ path: 'months', message: 'A yearly clock runs 12 months' }]);
    expect(issues({ recurrence: 'annual', months: 12, dates: ['06-30'] })).toEqual([]);
    for (const months of [12, 18, 30, 132]) expect(issues({ recurrence: 'every_years', months, dates: [] })[0]?.path, String(months)).toBe('months');
    for (const months of [24, 36, 72, 120]) expect(issues({ recurrence: 'every_years', months, dates: [] }), String(months)).toEqual([]);
    for (const months of [1, 12, 120]) expect(issues({ recurrence: 'per_application', months, dates: [] }), String(months)).toEqual([]);
    expect(issues({ recurrence: 'per_application', months: 0, dates: [] })).toEqual([{ path: 'months', message: 'Months must be 1 to 120' }]);
  });

  it('keeps the number of due dates consistent with the recurrence', () => {
    expect(issues({ dates: ['01-31'] })).toEqual([{ path: 'dates', message: 'A twice-yearly clock has two due dates, or none' }]);
    expect(issues({ dates: [] })).toEqual([]);
    expect(issues({ recurrence: 'annual', months: 12 })).toEqual([{ path: 'dates', message: 'A yearly clock has at most one due date' }]);
    expect(issues({ recurrence: 'per_application', months: 12 })).toEqual([{ path: 'dates', message: 'A clock tied to each application has no calendar due dates' }]);
    expect(issues({ dates: ['01-31', '04-30', '07-31'] })).toEqual([{ path: 'dates', message: 'At most two due dates' }]);
  });

  it('takes a duty tied to an event: the event, a window in hours, business days or days, no months and no dates', () => {
    expect(issues({}, INCIDENT)).toEqual([]);
    expect(issues({ unit: 'business_days', within: 5, event: 'after learning that a covered individual joined such a program' }, INCIDENT)).toEqual([]);
    expect(issues({ unit: 'days', within: 30 }, INCIDENT)).toEqual([]);
    expect(eventWindow(INCIDENT)).toBe('Within 72 hours after discovering a cyber incident');
    expect(eventWindow({ ...INCIDENT, within: 1, unit: 'business_days' })).toBe('Within 1 business day after discovering a cyber incident');
  });

  it('refuses a duty tied to an event without its event, window or unit, with a message for each', () => {
    const { event: _e, within: _w, unit: _u, ...bare } = INCIDENT;
    expect(issues({}, bare)).toEqual([
      { path: 'event', message: 'Say what event starts the window, for example “after discovering a cyber incident”' },
      { path: 'within', message: 'Give the window as a whole number of hours, business days or days after the event' },
      { path: 'unit', message: 'Choose whether the window counts hours, business days or days' },
    ]);
    expect(issues({ event: 'now' }, INCIDENT)).toEqual([{ path: 'event', message: 'Say what event starts the window, for example “after discovering a cyber incident”' }]);
    expect(issues({ within: 0 }, INCIDENT)).toEqual([{ path: 'within', message: 'Give the window as a whole number of hours, business days or days after the event' }]);
    expect(issues({ within: 2.5 }, INCIDENT)).toEqual([{ path: 'within', message: 'Give the window as a whole number of hours, business days or days after the event' }]);
    expect(issues({ unit: 'weeks' }, INCIDENT)).toEqual([{ path: 'unit', message: 'Choose whether the window counts hours, business days or days' }]);
  });

  it('keeps the window of a duty tied to an event to 30 days at most, in its own unit', () => {
    expect(issues({ within: 720 }, INCIDENT)).toEqual([]);
    expect(issues({ within: 721 }, INCIDENT)).toEqual([{ path: 'within', message: 'A window in hours is 1 to 720 (30 days at most)' }]);
    expect(issues({ unit: 'days', within: 31 }, INCIDENT)).toEqual([{ path: 'within', message: 'A window in days is 1 to 30 (30 days at most)' }]);
    expect(issues({ unit: 'business_days', within: 23 }, INCIDENT)).toEqual([{ path: 'within', message: 'A window in business days is 1 to 22 (30 days at most)' }]);
  });

  it('refuses months or due dates on a duty tied to an event, and an event on any other clock', () => {
    expect(issues({ months: 12 }, INCIDENT)).toEqual([{ path: 'months', message: 'A clock tied to an event counts its window in hours or days, so its months are 0' }]);
    expect(issues({ dates: ['01-31'] }, INCIDENT)).toEqual([{ path: 'dates', message: 'A clock tied to an event has no calendar due dates' }]);
    expect(issues({ event: 'after an incident', within: 72, unit: 'hours' })).toEqual([
      { path: 'event', message: 'Only a clock tied to an event has an event, a window and a unit' },
      { path: 'within', message: 'Only a clock tied to an event has an event, a window and a unit' },
      { path: 'unit', message: 'Only a clock tied to an event has an event, a window and a unit' },
    ]);
    // Months 0 belongs to a duty tied to an event only.
    expect(issues({ recurrence: 'annual', months: 0, dates: [] })).toEqual([{ path: 'months', message: 'Months must be 1 to 120' }]);
    expect(issues({ months: 0 })).toEqual([{ path: 'months', message: 'Months must be 1 to 120' }]);
  });
});

describe('the clocks of the bank', () => {
  it('rest each on a source of the register that is not superseded', () => {
    for (const q of QUESTION_BANK) {
      if (!q.clock) continue;
      const source = sourceOf(q.clock.source);
      expect(source, `${q.code} clock`).toBeDefined();
      expect(source!.status, `${q.code} clock cites ${q.clock.source}`).not.toBe('superseded');
    }
  });

  it('express the duties tied to an event and the three-year assessment', () => {
    const clockOf = (code: string) => QUESTION_BANK.find((q) => q.code === code)?.clock;
    expect(clockOf('TP-12')).toMatchObject({ recurrence: 'after_event', within: 30, unit: 'days', source: 'doeFal' });
    expect(clockOf('IP-10')).toMatchObject({ recurrence: 'after_event', within: 72, unit: 'hours', source: 'dfars7012' });
    expect(clockOf('IP-30')).toMatchObject({ recurrence: 'every_years', months: 36, source: 'dfars7019' });
  });

  it('give each of the two DOJ policies its own yearly certification (28 CFR 202.1001(b)(3) and (b)(4))', () => {
    const clockOf = (code: string) => QUESTION_BANK.find((q) => q.code === code)?.clock;
    for (const code of ['PP-26', 'PP-27']) expect(clockOf(code), code).toMatchObject({ recurrence: 'annual', months: 12, source: 'doj28cfr202' });
    // The purchasing bans and the NSF training plan have no calendar: they apply at each purchase or proposal.
    for (const code of ['PP-24', 'PP-25', 'TP-14']) expect(clockOf(code), code).toBeNull();
  });

  it('list in the register the duties no clock expresses, each with why, for questions of the bank', () => {
    const codes = new Set(QUESTION_BANK.map((q) => q.code));
    for (const o of OPEN_CLOCKS) {
      if (o.question !== null) expect(codes.has(o.question), o.question).toBe(true);
      expect(o.why.length, o.duty).toBeGreaterThan(20);
    }
    const register = renderRegister();
    expect(register).toContain('## Open clocks');
    expect(register).toMatch(/\| PP-18 \| Due date of the yearly foreign financial disclosure report/);
    expect(register).toMatch(/\| IP-10 \| .* \| Within a set time after an event \| Within 72 hours after discovering a cyber incident/);
    expect(register).toMatch(/\| IP-30 \| .* \| Every few years \| 36 months \|/);
  });
});
