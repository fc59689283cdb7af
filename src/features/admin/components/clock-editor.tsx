// Edits a question's legal clock (LegalClock in domain/questions/clocks.ts): none, or how often
// the duty recurs, its window in months, fixed due dates, what starts it, and the source that
// sets it; for a duty tied to an event, the event and its window in hours, business days or days
// instead of months and dates. legalClockSchema validates; its messages show under each field.
import {
  CLOCK_RECURRENCE_LABELS,
  CLOCK_RECURRENCES,
  CLOCK_UNIT_LABELS,
  CLOCK_UNITS,
  legalClockSchema,
  type ClockRecurrence,
  type ClockUnit,
  type LegalClock,
} from '#domain/questions/clocks.ts';
import { Field } from '../../../components/ui/field.tsx';
import { isOneOf } from '../../../utils/one-of.ts';
import { Select } from './form-controls.tsx';
import type { SourceRegister } from './source-register.ts';

/** The clock as typed: numbers and lists stay text until checked. */
export interface ClockDraft {
  recurrence: ClockRecurrence | '';
  summary: string;
  months: string;
  dates: string;
  starts: string;
  source: string;
  /** A duty tied to an event only: what starts the window, its length and what it counts. */
  event: string;
  within: string;
  unit: ClockUnit | '';
}

export const NO_CLOCK: ClockDraft = { recurrence: '', summary: '', months: '12', dates: '', starts: '', source: '', event: '', within: '', unit: '' };

export const clockDraft = (c: LegalClock | null): ClockDraft =>
  c
    ? {
        recurrence: c.recurrence,
        summary: c.summary,
        // A clock tied to an event has no months; switching it to another recurrence starts from a year.
        months: c.recurrence === 'after_event' ? NO_CLOCK.months : String(c.months),
        dates: c.dates.join(', '),
        starts: c.starts ?? '',
        source: c.source,
        event: c.event ?? '',
        within: c.within === undefined ? '' : String(c.within),
        unit: c.unit ?? '',
      }
    : NO_CLOCK;

const CLOCK_FIELDS = ['summary', 'recurrence', 'months', 'dates', 'starts', 'source', 'event', 'within', 'unit'] as const;
export type ClockField = (typeof CLOCK_FIELDS)[number];
export type ClockErrors = Partial<Record<ClockField, string>>;

/** Empty or not a number: NaN, which the schema refuses with its message. */
const numberOf = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** The clock (null for none), or the message of each field that is wrong. */
export function readClock(d: ClockDraft): { clock: LegalClock | null; errors: ClockErrors } {
  if (d.recurrence === '') return { clock: null, errors: {} };
  const months = numberOf(d.months);
  const common = { summary: d.summary, recurrence: d.recurrence, starts: d.starts.trim() || null, source: d.source };
  const dates = d.dates.split(',').map((s) => s.trim()).filter(Boolean);
  const within = numberOf(d.within);
  // A duty tied to an event: no months and no dates (CLOCK_RULES.after_event), its window instead.
  // Otherwise months empty or not a number: 0, which the schema refuses with its range message.
  const candidate =
    d.recurrence === 'after_event'
      ? { ...common, months: 0, dates: [], event: d.event.trim() || undefined, within: Number.isFinite(within) ? within : undefined, unit: d.unit || undefined }
      : { ...common, months: Number.isFinite(months) ? months : 0, dates };
  const parsed = legalClockSchema.safeParse(candidate);
  if (parsed.success) return { clock: parsed.data, errors: {} };
  const errors: ClockErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !isOneOf(CLOCK_FIELDS, field) || errors[field]) continue;
    const index = issue.path[1];
    errors[field] = field === 'dates' && typeof index === 'number' ? `“${dates[index]}”: ${issue.message}` : issue.message;
  }
  return { clock: null, errors };
}

export interface ClockEditorProps {
  value: ClockDraft;
  onChange: (next: ClockDraft) => void;
  errors: ClockErrors;
  register: SourceRegister;
}

export function ClockEditor({ value, onChange, errors, register }: ClockEditorProps) {
  const set = (patch: Partial<ClockDraft>) => onChange({ ...value, ...patch });
  const unknownSource = value.source !== '' && !(value.source in register);
  return (
    <fieldset className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Legal clock</legend>
      <Select
        label="How often the duty recurs"
        value={value.recurrence}
        error={errors.recurrence}
        onChange={(v) => set({ recurrence: v === '' || isOneOf(CLOCK_RECURRENCES, v) ? v : '' })}
      >
        <option value="">No legal clock</option>
        {CLOCK_RECURRENCES.map((r) => (
          <option key={r} value={r}>
            {CLOCK_RECURRENCE_LABELS[r]}
          </option>
        ))}
      </Select>
      {value.recurrence !== '' && (
        <>
          <Field label="The duty in one line" value={value.summary} error={errors.summary} onChange={(e) => set({ summary: e.target.value })} hint="For example: Training completed within 12 months before each application." />
          {value.recurrence === 'after_event' ? (
            <>
              <Field
                label="After what event"
                value={value.event}
                error={errors.event}
                onChange={(e) => set({ event: e.target.value })}
                hint="For example: after discovering a cyber incident. Such a duty has no calendar date, so it is not listed among deadlines."
              />
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="Within" type="number" inputMode="numeric" min={1} value={value.within} error={errors.within} onChange={(e) => set({ within: e.target.value })} hint="How many hours or days after the event." />
                <Select label="Counted in" value={value.unit} error={errors.unit} onChange={(v) => set({ unit: v === '' || isOneOf(CLOCK_UNITS, v) ? v : '' })}>
                  <option value="">Choose…</option>
                  {CLOCK_UNITS.map((u) => (
                    <option key={u} value={u}>
                      {CLOCK_UNIT_LABELS[u]}
                    </option>
                  ))}
                </Select>
              </div>
            </>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Months" type="number" inputMode="numeric" min={1} max={120} value={value.months} error={errors.months} onChange={(e) => set({ months: e.target.value })} hint="The window or period: 12 is a year." />
              <Field label="Due dates" value={value.dates} error={errors.dates} onChange={(e) => set({ dates: e.target.value })} optional hint="MM-DD, separated by commas: 01-31, 07-31" />
            </div>
          )}
          <Field label="Starts when" value={value.starts} error={errors.starts} onChange={(e) => set({ starts: e.target.value })} optional hint="Only when the clock has not started yet." />
          <Select label="Source that sets the clock" value={value.source} error={errors.source} onChange={(v) => set({ source: v })}>
            <option value="">Choose a source…</option>
            {unknownSource && <option value={value.source}>{value.source} (not in the register)</option>}
            {Object.entries(register).map(([id, s]) => (
              <option key={id} value={id}>
                {s.label}
              </option>
            ))}
          </Select>
        </>
      )}
    </fieldset>
  );
}
