// The applicability profile form (domain/questions/applicability.ts): kind of organization, covered
// institution, funding agencies with how each funds the organization (grants, contracts or both),
// and activities. The Organization page and the start of the first
// assessment both use it, so it lives in shared code (ADR 010). Validation is the domain's
// applicabilityProfileSchema, the same the server applies.
import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import {
  ACTIVITIES,
  ACTIVITY_LABELS,
  COMPANY_NOT_COVERED_MESSAGE,
  COVERED_INSTITUTION_DEFINITION,
  FUNDING_AGENCIES,
  FUNDING_AGENCY_LABELS,
  INSTRUMENTS,
  INSTRUMENT_LABELS,
  ORGANIZATION_KINDS,
  ORGANIZATION_KIND_LABELS,
  applicabilityProfileSchema,
  describeProfile,
  type Activity,
  type ApplicabilityProfile,
  type FundingAgency,
  type Instrument,
  type OrganizationKind,
} from '#domain/questions/applicability.ts';
import { MSG } from '#domain/messages.ts';
import { useOnline } from '../../lib/use-online.ts';
import { messageOf, useServerMutation } from '../../lib/server-data/index.ts';
import { cn } from '../../utils/cn.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

/** One line under an activity: where the duty comes from. */
export const ACTIVITY_HINTS: Record<Activity, string> = {
  cui_fci: 'Any agency’s contract with the FAR 52.204-21 clause (FCI); DoD contracts with the DFARS 252.204-7012 clause (CUI) or the DFARS 252.204-7021 CMMC clause.',
  export_controlled: 'Items or technology on the Commerce Control List (15 CFR part 774) or the U.S. Munitions List (22 CFR part 121).',
  controlled_access_data: 'Data from any controlled-access repository or provider under a data use agreement; NIH repositories also need the NIH choice below.',
  foreign_gifts: 'Institutions of higher education report these under section 117 of the Higher Education Act (20 U.S.C. 1011f).',
  foreign_components: 'Significant work performed outside the United States, by your people or by a foreign subrecipient.',
  doj_dsp: '28 CFR part 202, in force since April 8, 2025.',
  nih_controlled_access: 'Approved users of NIH repositories under the Genomic Data Sharing Policy (NIH NOT-OD-24-157, NOT-OD-25-083, NOT-OD-25-159).',
  nih_biospecimens: 'Tissue, blood and other human-derived material from U.S. persons supported by NIH funds (NIH NOT-OD-25-160, from October 24, 2025).',
};

export const INSTRUMENTS_HINT =
  'Check grants or cooperative agreements, contracts, or both for each agency. Some duties follow one and not the other: for example, DOE’s training letter covers its financial assistance, not its contracts.';

export const OFFLINE_NOTICE = 'You are offline. Saving the profile needs a connection to the server; your choices stay on this page until you are back online.';
export const NETWORK_SAVE_FAILED = 'Could not reach the server, so the profile was not saved. Your choices are still here; try again when you are back online.';

type Instruments = Partial<Record<FundingAgency, Instrument[]>>;
type Draft = { kind: OrganizationKind | null; covered: boolean; agencies: FundingAgency[]; instruments: Instruments; activities: Activity[] };
type Part = Exclude<keyof Draft, 'instruments'>;

const emptyDraft: Draft = { kind: null, covered: false, agencies: [], instruments: {}, activities: [] };

/**
 * The saved profile as a draft. A profile saved before instruments were asked starts with none
 * chosen, so saving it is the admin's confirmation, never a guess made for them.
 */
const draftOf = (p: ApplicabilityProfile | null): Draft => (p ? { ...p, instruments: p.instruments ?? {} } : emptyDraft);

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));

export interface ApplicabilityFormProps {
  /** The saved profile, or null before the first one. */
  initial: ApplicabilityProfile | null;
  /** Sends the validated profile; a rejection shows its message and keeps every choice. */
  onSave: (profile: ApplicabilityProfile) => Promise<void>;
  submitLabel?: string;
  /** An id for the activities fieldset, so a notice can move the focus to it (focusable by script only). */
  activitiesId?: string;
}

export function ApplicabilityForm({ initial, onSave, submitLabel = 'Save profile', activitiesId }: ApplicabilityFormProps) {
  const id = useId();
  const online = useOnline();
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [errors, setErrors] = useState<Partial<Record<Part, string>>>({});
  const [instrumentErrors, setInstrumentErrors] = useState<Partial<Record<FundingAgency, string>>>({});
  const firstInstrument = useRef<Partial<Record<FundingAgency, HTMLInputElement | null>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = useServerMutation(onSave);
  const saving = save.pending;
  const firstKind = useRef<HTMLInputElement>(null);
  const coveredBox = useRef<HTMLInputElement>(null);
  const saveAlert = useRef<HTMLDivElement>(null);
  const isCompany = draft.kind === 'company';

  const set = (patch: Partial<Omit<Draft, 'instruments'>>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as Part[]) delete next[k];
      return next;
    });
  };

  /** Agencies on or off; an agency taken off loses its instruments. */
  const setAgencies = (agencies: FundingAgency[]) => {
    setDraft((d) => ({ ...d, agencies, instruments: Object.fromEntries(agencies.flatMap((a) => (d.instruments[a] ? [[a, d.instruments[a]]] : []))) }));
    setErrors(({ agencies: _gone, ...rest }) => rest);
  };

  const setInstrument = (agency: FundingAgency, instrument: Instrument, on: boolean) => {
    setDraft((d) => ({ ...d, instruments: { ...d.instruments, [agency]: INSTRUMENTS.filter((i) => (i === instrument ? on : (d.instruments[agency] ?? []).includes(i))) } }));
    setInstrumentErrors(({ [agency]: _gone, ...rest }) => rest);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const parsed = applicabilityProfileSchema.safeParse(draft);
    if (!parsed.success) {
      const found: Partial<Record<Part, string>> = {};
      const foundInstruments: Partial<Record<FundingAgency, string>> = {};
      for (const issue of parsed.error.issues) {
        const [part, agency] = issue.path as [keyof Draft | undefined, FundingAgency | undefined];
        if (part === 'instruments') {
          if (agency && !foundInstruments[agency]) foundInstruments[agency] = issue.message;
        } else if (part && !found[part]) found[part] = issue.message;
      }
      setErrors(found);
      setInstrumentErrors(foundInstruments);
      const firstMissing = FUNDING_AGENCIES.find((a) => foundInstruments[a]);
      (found.kind ? firstKind.current : found.covered || found.agencies || !firstMissing ? coveredBox.current : firstInstrument.current[firstMissing])?.focus();
      return;
    }
    setErrors({});
    setInstrumentErrors({});
    setSaveError(null);
    const res = await save.run(parsed.data);
    if (res.ok) return;
    setSaveError(res.kind === 'network' ? NETWORK_SAVE_FAILED : messageOf(res, MSG.applicabilitySaveFailed));
    requestAnimationFrame(() => saveAlert.current?.focus());
  }

  const errorId = (part: Part) => (errors[part] ? `${id}-${part}-error` : undefined);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6" aria-label="Applicability profile">
      <fieldset aria-describedby={errorId('kind')}>
        <Legend>Kind of organization</Legend>
        <FieldError id={errorId('kind')}>{errors.kind}</FieldError>
        <div className="mt-2 grid gap-2">
          {ORGANIZATION_KINDS.map((k, i) => (
            <Choice
              key={k}
              type="radio"
              name={`${id}-kind`}
              inputRef={i === 0 ? firstKind : undefined}
              checked={draft.kind === k}
              invalid={!!errors.kind}
              onChange={() => set(k === 'company' ? { kind: k, covered: false } : { kind: k })}
              label={ORGANIZATION_KIND_LABELS[k]}
            />
          ))}
        </div>
      </fieldset>

      <fieldset>
        <Legend>Covered institution</Legend>
        <div className="mt-2">
          <Choice
            type="checkbox"
            inputRef={coveredBox}
            checked={draft.covered}
            disabled={isCompany}
            invalid={!!errors.covered}
            onChange={(on) => set({ covered: on })}
            label="The organization is a covered institution"
            describedBy={cn(`${id}-covered-definition`, isCompany && `${id}-covered-company`, errorId('covered')) || undefined}
          />
          <p id={`${id}-covered-definition`} className="mt-2 text-xs leading-relaxed text-slate-600">
            {COVERED_INSTITUTION_DEFINITION}
          </p>
          {isCompany && (
            <p id={`${id}-covered-company`} className="mt-2 text-xs font-medium text-slate-800">
              {COMPANY_NOT_COVERED_MESSAGE}
            </p>
          )}
          <FieldError id={errorId('covered')}>{errors.covered}</FieldError>
        </div>
      </fieldset>

      <fieldset aria-describedby={`${id}-agencies-hint`}>
        <Legend>Funding agencies</Legend>
        <p id={`${id}-agencies-hint`} className="mt-1 text-xs text-slate-600">
          Every federal agency that funds your research. Leave all unchecked if none does.
        </p>
        <FieldError id={errorId('agencies')}>{errors.agencies}</FieldError>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {FUNDING_AGENCIES.map((a) => (
            <Choice key={a} type="checkbox" checked={draft.agencies.includes(a)} onChange={(on) => setAgencies(toggle(draft.agencies, a, on))} label={FUNDING_AGENCY_LABELS[a]} />
          ))}
        </div>
      </fieldset>

      {draft.agencies.length > 0 && (
        <fieldset aria-describedby={`${id}-instruments-hint`}>
          <Legend>How each agency funds you</Legend>
          <p id={`${id}-instruments-hint`} className="mt-1 text-xs text-slate-600">
            {INSTRUMENTS_HINT}
          </p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {FUNDING_AGENCIES.filter((a) => draft.agencies.includes(a)).map((a) => {
              const error = instrumentErrors[a];
              const errorElementId = error ? `${id}-instruments-${a}-error` : undefined;
              return (
                <fieldset key={a} aria-describedby={errorElementId} className="min-w-0 rounded-lg border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-medium text-slate-900">{FUNDING_AGENCY_LABELS[a]}</legend>
                  <FieldError id={errorElementId}>{error}</FieldError>
                  <div className="mt-1 grid gap-2">
                    {INSTRUMENTS.map((i, n) => (
                      <Choice
                        key={i}
                        type="checkbox"
                        inputRef={n === 0 ? (el) => void (firstInstrument.current[a] = el) : undefined}
                        checked={(draft.instruments[a] ?? []).includes(i)}
                        invalid={!!error}
                        onChange={(on) => setInstrument(a, i, on)}
                        label={INSTRUMENT_LABELS[i]}
                      />
                    ))}
                  </div>
                </fieldset>
              );
            })}
          </div>
        </fieldset>
      )}

      <fieldset id={activitiesId} tabIndex={activitiesId ? -1 : undefined} aria-describedby={`${id}-activities-hint`} className="scroll-mt-4 focus:outline-none">
        <Legend>Activities with extra duties</Legend>
        <p id={`${id}-activities-hint`} className="mt-1 text-xs text-slate-600">
          Check each one your organization carries out. Leave all unchecked if none applies.
        </p>
        <FieldError id={errorId('activities')}>{errors.activities}</FieldError>
        <div className="mt-2 grid gap-2">
          {ACTIVITIES.map((a) => (
            <Choice
              key={a}
              type="checkbox"
              checked={draft.activities.includes(a)}
              onChange={(on) => set({ activities: toggle(draft.activities, a, on) })}
              label={ACTIVITY_LABELS[a]}
              hint={ACTIVITY_HINTS[a]}
              hintId={`${id}-activity-${a}-hint`}
            />
          ))}
        </div>
      </fieldset>

      {!online && <Alert tone="warning">{OFFLINE_NOTICE}</Alert>}
      {saveError && (
        <div ref={saveAlert} tabIndex={-1} className="focus:outline-none">
          <Alert tone="error" title={MSG.applicabilitySaveFailed}>
            {saveError !== MSG.applicabilitySaveFailed ? saveError : 'Your choices are still here. Please try again in a moment.'}
          </Alert>
        </div>
      )}
      <Button type="submit" loading={saving} disabled={!online}>
        {submitLabel}
      </Button>
    </form>
  );
}

function Legend({ children }: { children: ReactNode }) {
  return <legend className="text-sm font-semibold text-slate-900">{children}</legend>;
}

function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!id) return null;
  return (
    <p id={id} className="mt-1 text-xs font-medium text-red-700">
      {children}
    </p>
  );
}

interface ChoiceProps {
  type: 'radio' | 'checkbox';
  name?: string;
  label: string;
  hint?: string;
  hintId?: string;
  checked: boolean;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (checked: boolean) => void;
}

/** A radio or checkbox with its label (the whole row is the click target) and an optional one-line hint. */
function Choice({ type, name, label, hint, hintId, checked, disabled, invalid, describedBy, inputRef, onChange }: ChoiceProps) {
  // Named by its label alone; the hint is its description (the row's label element holds both).
  const labelId = useId();
  return (
    <label
      className={cn(
        'flex min-w-0 items-start gap-3 rounded-lg border px-3 py-2.5 text-sm',
        disabled ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500' : 'cursor-pointer border-slate-200 text-slate-900 hover:bg-slate-50',
        checked && !disabled && 'border-brand-300 bg-brand-50/60',
        invalid && 'border-red-300',
      )}
    >
      <input
        ref={inputRef}
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-labelledby={labelId}
        aria-describedby={cn(describedBy, hint && hintId) || undefined}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
      />
      <span className="min-w-0 break-words">
        <span id={labelId} className="block">
          {label}
        </span>
        {hint && (
          <span id={hintId} className="mt-0.5 block text-xs text-slate-600">
            {hint}
          </span>
        )}
      </span>
    </label>
  );
}

/** The profile in words (describeProfile): the Organization page for members who cannot change it, and the results. */
export function ApplicabilitySummary({ profile, twoColumns = false }: { profile: ApplicabilityProfile; twoColumns?: boolean }) {
  return (
    <dl className={twoColumns ? 'grid gap-4 sm:grid-cols-2' : 'space-y-3'}>
      {describeProfile(profile).map((line) => (
        <div key={line.label}>
          <dt className="text-sm text-slate-500">{line.label}</dt>
          <dd className="mt-0.5 text-sm font-medium break-words text-slate-900">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
