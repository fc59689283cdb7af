// The input rules of a legal clock (domain/questions/clocks.ts).
import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from './bank.ts';
import { isCalendarDate, legalClockSchema, NOT_A_DATE_MESSAGE, type LegalClock } from './clocks.ts';

const HEA_117: LegalClock = { summary: 'Report foreign gifts and contracts twice a year', recurrence: 'semiannual', months: 6, dates: ['01-31', '07-31'], starts: null, source: 'hea-117' };
const issues = (patch: object) => {
  const r = legalClockSchema.safeParse({ ...HEA_117, ...patch });
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
});
