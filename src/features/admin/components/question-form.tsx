// Create / edit one question. A change that moves the bank total away from 140 points names a
// question to take the difference from (or give it to): every version totals 140. Who is asked,
// where the question gates Pass, its legal clock and its sources are data of the question
// (domain/questions/applicability.ts, clocks.ts, source-types.ts; docs/decisions/018).
import { useState, type FormEvent } from 'react';
import { adminQuestionSchema, type AdminQuestionInput, type AdminQuestionView } from '#domain/contracts/admin.ts';
import type { QuestionView } from '#domain/contracts/assessments.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import { ACTION_PRIORITIES } from '#domain/questions/question-types.ts';
import { isHardRequirement } from '#domain/questions/source-types.ts';
import { isAllowedPoints, MAX_SCORE, QUESTION_POINT_VALUES } from '#domain/scoring/policy.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { isOneOf } from '../../../utils/one-of.ts';
import { ClockEditor, clockDraft, NO_CLOCK, readClock, type ClockDraft, type ClockErrors } from './clock-editor.tsx';
import { conditionsDraft, conditionsMissing, conditionsOf, ConditionsEditor, NO_CONDITIONS, type ConditionsDraft } from './conditions-editor.tsx';
import { Check, Select, TextArea } from './form-controls.tsx';
import { SourcePicker } from './source-picker.tsx';
import { SOURCES, type SourceRegister } from './source-register.ts';

type Draft = Omit<AdminQuestionInput, 'appliesWhen' | 'criticalWhen' | 'clock' | 'balanceWith'> & {
  appliesWhen: ConditionsDraft;
  criticalWhen: ConditionsDraft;
  clock: ClockDraft;
  balanceWith: string;
};

const blank: Draft = {
  domainId: DOMAINS[0]!.id,
  subdomain: '',
  questionText: '',
  points: 1,
  critical: false,
  appliesWhen: NO_CONDITIONS,
  criticalWhen: NO_CONDITIONS,
  clock: NO_CLOCK,
  documentEvidenceRequired: false,
  evidenceDescription: '',
  guidance: '',
  sources: [],
  correctiveAction: { action: '', priority: 'medium', targetDays: 90 },
  balanceWith: '',
  releaseNote: '',
};

const fromView = (q: AdminQuestionView): Draft => ({
  domainId: q.domain_id,
  subdomain: q.subdomain,
  questionText: q.question_text,
  points: q.points,
  critical: q.critical,
  appliesWhen: conditionsDraft(q.applies_when),
  criticalWhen: conditionsDraft(q.critical_when),
  clock: clockDraft(q.clock),
  documentEvidenceRequired: q.document_evidence_required,
  evidenceDescription: q.evidence_description,
  guidance: q.guidance,
  sources: [...q.source_ids],
  correctiveAction: { action: q.corrective_action.action, priority: q.corrective_action.priority, targetDays: q.corrective_action.target_days },
  balanceWith: '',
  // Each publish says what changed and why (ADR 038): never the note of an earlier edit.
  releaseNote: '',
});

const CHOOSE_CONDITION = 'Choose at least one condition, or the first option.';

/** Field messages, keyed by the request's path ("questionText", "correctiveAction.targetDays"). */
type Errors = Record<string, string>;

/** The fields top to bottom, so the summary names the first wrong one the admin meets. */
const FIELD_ORDER = [
  'domainId',
  'subdomain',
  'questionText',
  'points',
  'appliesWhen',
  'criticalWhen',
  'clock',
  'sources',
  'evidenceDescription',
  'guidance',
  'correctiveAction.action',
  'correctiveAction.priority',
  'correctiveAction.targetDays',
  'balanceWith',
  'releaseNote',
];

function inFormOrder(found: Errors, clock: ClockErrors): string[] {
  const rank = (key: string) => {
    const i = FIELD_ORDER.indexOf(key.split('.')[0] === 'clock' ? 'clock' : key);
    return i < 0 ? FIELD_ORDER.length : i;
  };
  const keyed: [number, string][] = [
    ...Object.entries(found).map(([k, m]): [number, string] => [rank(k), m]),
    ...Object.values(clock).map((m): [number, string] => [rank('clock'), m]),
  ];
  return keyed.sort((a, b) => a[0] - b[0]).map(([, m]) => m);
}

export interface QuestionFormProps {
  editing: AdminQuestionView | null;
  bank: readonly QuestionView[];
  bankTotal: number;
  busy: boolean;
  serverError: string | null;
  onSubmit: (input: AdminQuestionInput) => void;
  onCancel: () => void;
  /** The source register to pick from (by default the app's). */
  register?: SourceRegister;
}

export function QuestionForm({ editing, bank, bankTotal, busy, serverError, onSubmit, onCancel, register = SOURCES }: QuestionFormProps) {
  const [d, setD] = useState<Draft>(() => (editing ? fromView(editing) : blank));
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [clockErrors, setClockErrors] = useState<ClockErrors>({});
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const setAction = (patch: Partial<Draft['correctiveAction']>) => setD((x) => ({ ...x, correctiveAction: { ...x.correctiveAction, ...patch } }));
  const delta = d.points - (editing?.points ?? 0);
  const newTotal = bankTotal + delta;
  const donors = bank.filter((q) => q.id !== editing?.id && isAllowedPoints(q.points - delta));
  const citesRequirement = d.sources.some((id) => {
    const s = register[id];
    return s !== undefined && isHardRequirement(s);
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    const { clock, errors: clockFound } = readClock(d.clock);
    if (conditionsMissing(d.appliesWhen)) found.appliesWhen = CHOOSE_CONDITION;
    if (d.critical && conditionsMissing(d.criticalWhen)) found.criticalWhen = CHOOSE_CONDITION;
    const parsed = adminQuestionSchema.safeParse({
      ...d,
      appliesWhen: conditionsOf(d.appliesWhen),
      criticalWhen: d.critical ? conditionsOf(d.criticalWhen) : [],
      clock,
      balanceWith: newTotal !== MAX_SCORE && d.balanceWith ? d.balanceWith : null,
    });
    for (const issue of parsed.error?.issues ?? []) {
      const key = issue.path.filter((p) => typeof p === 'string').join('.');
      found[key] ??= issue.message;
    }
    if (newTotal !== MAX_SCORE && !d.balanceWith) found.balanceWith = `Choose a question to balance the points with: the bank must total ${MAX_SCORE} points.`;
    setErrors(found);
    setClockErrors(clockFound);
    const messages = inFormOrder(found, clockFound);
    if (messages.length > 0 || !parsed.success) {
      setError(messages.length > 1 ? `Check the form: ${messages.length} fields need attention, starting with “${messages[0]}”` : (messages[0] ?? 'Check the form'));
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={editing ? `Edit ${editing.code}` : 'New question'}>
      {(error || serverError) && <Alert tone="error">{error ?? serverError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Domain" value={d.domainId} onChange={(v) => set('domainId', v)} error={errors.domainId}>
          {DOMAINS.map((dm) => (
            <option key={dm.id} value={dm.id}>
              {dm.name}
            </option>
          ))}
        </Select>
        <Field label="Subdomain" value={d.subdomain} error={errors.subdomain} onChange={(e) => set('subdomain', e.target.value)} />
      </div>
      <TextArea label="Question text" value={d.questionText} error={errors.questionText} onChange={(v) => set('questionText', v)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Points" value={String(d.points)} onChange={(v) => set('points', Number(v))} error={errors.points}>
          {QUESTION_POINT_VALUES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
        <div className="sm:pt-7">
          <Check label="Evidence required" checked={d.documentEvidenceRequired} onChange={(v) => set('documentEvidenceRequired', v)} />
        </div>
      </div>
      <ConditionsEditor
        legend="Who is asked"
        allLabel="Every organization"
        someLabel="Only organizations that meet every choice below"
        summaryLabel="Asked of"
        value={d.appliesWhen}
        onChange={(v) => set('appliesWhen', v)}
        error={errors.appliesWhen}
      />
      <fieldset className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">Gate</legend>
        <Check
          label="Critical: a No fails the assessment"
          hint="A gate must cite at least one source that binds and is in force (a statute, a regulation or an agency requirement); otherwise saving is refused."
          checked={d.critical}
          onChange={(v) => set('critical', v)}
        />
        {d.critical && !citesRequirement && (
          <p className="rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900">None of the chosen sources is a binding requirement in force.</p>
        )}
        {d.critical && (
          <ConditionsEditor
            legend="Gate only where"
            allLabel="Wherever the question is asked"
            someLabel="Only for organizations that meet every choice below"
            summaryLabel="Gates Pass for"
            allSummary="Every organization asked"
            value={d.criticalWhen}
            onChange={(v) => set('criticalWhen', v)}
            error={errors.criticalWhen}
          />
        )}
      </fieldset>
      <ClockEditor value={d.clock} onChange={(v) => set('clock', v)} errors={clockErrors} register={register} />
      <SourcePicker value={d.sources} onChange={(v) => set('sources', v)} register={register} error={errors.sources} hint="Critical questions must cite at least one." />
      <Field label="Evidence description" value={d.evidenceDescription} error={errors.evidenceDescription} onChange={(e) => set('evidenceDescription', e.target.value)} optional />
      <TextArea label="Guidance (what a Yes means)" value={d.guidance} error={errors.guidance} onChange={(v) => set('guidance', v)} rows={2} />
      <TextArea label="Corrective action" value={d.correctiveAction.action} error={errors['correctiveAction.action']} onChange={(v) => setAction({ action: v })} rows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Priority"
          value={d.correctiveAction.priority}
          error={errors['correctiveAction.priority']}
          onChange={(v) => {
            if (isOneOf(ACTION_PRIORITIES, v)) setAction({ priority: v });
          }}
        >
          {ACTION_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
        <Field
          label="Target (days after submission)"
          type="number"
          min={1}
          max={730}
          value={d.correctiveAction.targetDays}
          error={errors['correctiveAction.targetDays']}
          onChange={(e) => setAction({ targetDays: Number(e.target.value) })}
        />
      </div>
      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <p>
          Bank total after this change: <strong>{newTotal}</strong> of {MAX_SCORE} points.
        </p>
        {newTotal !== MAX_SCORE && (
          <div className="mt-2">
            <Select
              label={`${delta > 0 ? 'Take' : 'Give'} ${Math.abs(delta)} point(s) ${delta > 0 ? 'from' : 'to'}`}
              value={d.balanceWith}
              error={errors.balanceWith}
              onChange={(v) => set('balanceWith', v)}
            >
              <option value="">Choose a question…</option>
              {donors.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.code} ({q.points} pts): {q.question_text.slice(0, 70)}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
      <TextArea
        label="Release note (what changed and why)"
        value={d.releaseNote}
        error={errors.releaseNote}
        onChange={(v) => set('releaseNote', v)}
        rows={2}
      />
      <p className="text-xs text-slate-500">
        Saving publishes a new questionnaire version with this release note, shown to every organization under What changed. Assessments already started keep the
        version they began with until an organization admin moves them.
      </p>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {editing ? 'Save and publish' : 'Create and publish'}
        </Button>
      </div>
    </form>
  );
}
