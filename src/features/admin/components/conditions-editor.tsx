// Edits a list of conditions on the applicability profile (Condition in
// domain/questions/applicability.ts): none (every organization), or any of a kind list, covered
// institutions only, funded by any of some agencies, with grants or with contracts from any of some
// agencies, with any of some activities. Every chosen
// part must hold; describeConditions gives the live sentence.
import { useId } from 'react';
import {
  ACTIVITIES,
  ACTIVITY_LABELS,
  describeConditions,
  FUNDING_AGENCIES,
  FUNDING_AGENCY_LABELS,
  ORGANIZATION_KIND_LABELS,
  ORGANIZATION_KINDS,
  type Activity,
  type Condition,
  type FundingAgency,
  type OrganizationKind,
} from '#domain/questions/applicability.ts';
import { Check } from './form-controls.tsx';

/** What the editor holds: choices stay while "every organization" is picked, and are ignored. */
export interface ConditionsDraft {
  some: boolean;
  kinds: OrganizationKind[];
  covered: boolean;
  agencies: FundingAgency[];
  grants: FundingAgency[];
  contracts: FundingAgency[];
  activities: Activity[];
  /** The stored list had two conditions of one sort, which one draft cannot hold. */
  reshaped: boolean;
}

export const NO_CONDITIONS: ConditionsDraft = { some: false, kinds: [], covered: false, agencies: [], grants: [], contracts: [], activities: [], reshaped: false };

/** Each value once, in the domain list's order. */
const inOrder = <T extends string>(all: readonly T[], chosen: readonly T[]): T[] => all.filter((x) => chosen.includes(x));

export function conditionsDraft(conditions: readonly Condition[]): ConditionsDraft {
  const d: ConditionsDraft = { ...NO_CONDITIONS, some: conditions.length > 0 };
  const seen = new Set<string>();
  // A second list of one sort cannot be shown: only the first is kept.
  const first = <T extends string>(key: string, all: readonly T[], values: readonly T[], current: T[]): T[] => {
    if (seen.has(key)) {
      d.reshaped = true;
      return current;
    }
    seen.add(key);
    return inOrder(all, values);
  };
  for (const c of conditions) {
    if ('kinds' in c) {
      // Two kind lists that must both hold are one list: the kinds in both.
      d.kinds = seen.has('kinds') ? d.kinds.filter((k) => c.kinds.includes(k)) : inOrder(ORGANIZATION_KINDS, c.kinds);
      seen.add('kinds');
    } else if ('covered' in c) d.covered = true;
    else if ('agencies' in c) d.agencies = first('agencies', FUNDING_AGENCIES, c.agencies, d.agencies);
    else if ('grants' in c) d.grants = first('grants', FUNDING_AGENCIES, c.grants, d.grants);
    else if ('contracts' in c) d.contracts = first('contracts', FUNDING_AGENCIES, c.contracts, d.contracts);
    else d.activities = first('activities', ACTIVITIES, c.activities, d.activities);
  }
  return d;
}

/** The conditions the draft stands for, in one order: kinds, covered, agencies, grants, contracts, activities. */
export function conditionsOf(d: ConditionsDraft): Condition[] {
  if (!d.some) return [];
  const out: Condition[] = [];
  if (d.kinds.length) out.push({ kinds: inOrder(ORGANIZATION_KINDS, d.kinds) });
  if (d.covered) out.push({ covered: true });
  if (d.agencies.length) out.push({ agencies: inOrder(FUNDING_AGENCIES, d.agencies) });
  if (d.grants.length) out.push({ grants: inOrder(FUNDING_AGENCIES, d.grants) });
  if (d.contracts.length) out.push({ contracts: inOrder(FUNDING_AGENCIES, d.contracts) });
  if (d.activities.length) out.push({ activities: inOrder(ACTIVITIES, d.activities) });
  return out;
}

/** "Only some" with nothing chosen says nothing: the editor asks for a choice. */
export const conditionsMissing = (d: ConditionsDraft): boolean => d.some && conditionsOf(d).length === 0;

const toggle = <T extends string>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== value), value] : list.filter((x) => x !== value));

function CheckGroup<T extends string>({ legend, all, labels, chosen, onChange }: { legend: string; all: readonly T[]; labels: Record<T, string>; chosen: readonly T[]; onChange: (next: T[]) => void }) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {all.map((v) => (
        <Check key={v} label={labels[v]} checked={chosen.includes(v)} onChange={(on) => onChange(toggle(chosen, v, on))} />
      ))}
    </fieldset>
  );
}

export interface ConditionsEditorProps {
  legend: string;
  /** The first choice: "Every organization", "Wherever the question is asked". */
  allLabel: string;
  someLabel: string;
  /** Before the live sentence: "Asked of", "Gates Pass for". */
  summaryLabel: string;
  /** The sentence when nothing narrows it (defaults to describeConditions([])). */
  allSummary?: string;
  value: ConditionsDraft;
  onChange: (next: ConditionsDraft) => void;
  error?: string | null;
}

export function ConditionsEditor({ legend, allLabel, someLabel, summaryLabel, allSummary, value, onChange, error }: ConditionsEditorProps) {
  const name = useId();
  const set = (patch: Partial<ConditionsDraft>) => onChange({ ...value, ...patch });
  const conditions = conditionsOf(value);
  const summary = conditions.length === 0 && allSummary ? allSummary : describeConditions(conditions);
  return (
    <fieldset className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-3" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="space-y-1.5">
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="radio" name={name} checked={!value.some} onChange={() => set({ some: false })} className="mt-0.5 size-4 shrink-0" />
          {allLabel}
        </label>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="radio" name={name} checked={value.some} onChange={() => set({ some: true })} className="mt-0.5 size-4 shrink-0" />
          {someLabel}
        </label>
      </div>
      {value.some && (
        <div className="space-y-4 border-l-2 border-slate-200 pl-3">
          <CheckGroup legend="Kind of organization (any of)" all={ORGANIZATION_KINDS} labels={ORGANIZATION_KIND_LABELS} chosen={value.kinds} onChange={(kinds) => set({ kinds })} />
          <Check label="Covered institutions only" checked={value.covered} onChange={(covered) => set({ covered })} />
          <CheckGroup legend="Funded by any of" all={FUNDING_AGENCIES} labels={FUNDING_AGENCY_LABELS} chosen={value.agencies} onChange={(agencies) => set({ agencies })} />
          <CheckGroup legend="With grants or cooperative agreements from any of" all={FUNDING_AGENCIES} labels={FUNDING_AGENCY_LABELS} chosen={value.grants} onChange={(grants) => set({ grants })} />
          <CheckGroup legend="With contracts from any of" all={FUNDING_AGENCIES} labels={FUNDING_AGENCY_LABELS} chosen={value.contracts} onChange={(contracts) => set({ contracts })} />
          <CheckGroup legend="With any of these activities" all={ACTIVITIES} labels={ACTIVITY_LABELS} chosen={value.activities} onChange={(activities) => set({ activities })} />
        </div>
      )}
      {value.reshaped && (
        <p className="text-xs text-amber-900">
          The stored conditions name agencies, grants, contracts or activities in two separate lists; only the first list of each is shown, and saving keeps only what is shown.
        </p>
      )}
      <p className="text-sm text-slate-700" aria-live="polite">
        <span className="font-medium">{summaryLabel}:</span> {summary}
      </p>
      {error && (
        <p id={`${name}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
