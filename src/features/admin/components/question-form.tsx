// Create / edit one question. A change that moves the bank total away from 140 points names a
// question to take the difference from (or give it to): every version totals 140.
import { useState, type FormEvent } from 'react';
import { adminQuestionSchema, type AdminQuestionInput, type AdminQuestionView } from '#domain/contracts/admin.ts';
import type { QuestionView } from '#domain/contracts/assessments.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import { ACTION_PRIORITIES } from '#domain/questions/question-types.ts';
import { isAllowedPoints, MAX_SCORE, QUESTION_POINT_VALUES } from '#domain/scoring/policy.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { isOneOf } from '../../../utils/one-of.ts';
import { selectClasses, textareaClasses } from './admin-shared.tsx';

type Draft = Omit<AdminQuestionInput, 'sources' | 'balanceWith'> & { sources: string; balanceWith: string };

const blank: Draft = {
  domainId: DOMAINS[0]!.id,
  subdomain: '',
  questionText: '',
  points: 1,
  critical: false,
  appliesWhen: [],
  criticalWhen: [],
  clock: null,
  documentEvidenceRequired: false,
  evidenceDescription: '',
  guidance: '',
  sources: '',
  correctiveAction: { action: '', priority: 'medium', targetDays: 90 },
  balanceWith: '',
};

const fromView = (q: AdminQuestionView): Draft => ({
  domainId: q.domain_id,
  subdomain: q.subdomain,
  questionText: q.question_text,
  points: q.points,
  critical: q.critical,
  appliesWhen: [],
  criticalWhen: [],
  clock: null,
  documentEvidenceRequired: q.document_evidence_required,
  evidenceDescription: q.evidence_description,
  guidance: q.guidance,
  sources: q.sources.join('\n'),
  correctiveAction: { action: q.corrective_action.action, priority: q.corrective_action.priority, targetDays: q.corrective_action.target_days },
  balanceWith: '',
});

function TextArea({ label, value, onChange, rows = 3, hint }: { label: string; value: string; onChange: (v: string) => void; rows?: number; hint?: string }) {
  return (
    <label className="block text-sm font-medium text-slate-800">
      <span className="mb-1.5 block">{label}</span>
      <textarea className={textareaClasses} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />
      {hint && <span className="mt-1 block text-xs font-normal text-slate-500">{hint}</span>}
    </label>
  );
}

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (v: string) => void; children: React.ReactNode }) {
  return (
    <label className="block text-sm font-medium text-slate-800">
      <span className="mb-1.5 block">{label}</span>
      <select className={selectClasses} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

export interface QuestionFormProps {
  editing: AdminQuestionView | null;
  bank: readonly QuestionView[];
  bankTotal: number;
  busy: boolean;
  serverError: string | null;
  onSubmit: (input: AdminQuestionInput) => void;
  onCancel: () => void;
}

export function QuestionForm({ editing, bank, bankTotal, busy, serverError, onSubmit, onCancel }: QuestionFormProps) {
  const [d, setD] = useState<Draft>(() => (editing ? fromView(editing) : blank));
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const setAction = (patch: Partial<Draft['correctiveAction']>) => setD((x) => ({ ...x, correctiveAction: { ...x.correctiveAction, ...patch } }));
  const delta = d.points - (editing?.points ?? 0);
  const newTotal = bankTotal + delta;
  const donors = bank.filter((q) => q.id !== editing?.id && isAllowedPoints(q.points - delta));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = adminQuestionSchema.safeParse({
      ...d,
      sources: d.sources.split('\n').map((s) => s.trim()).filter(Boolean),
      balanceWith: newTotal !== MAX_SCORE && d.balanceWith ? d.balanceWith : null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    if (newTotal !== MAX_SCORE && !d.balanceWith) return setError(`Choose a question to balance the points with: the bank must total ${MAX_SCORE} points.`);
    setError(null);
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={editing ? `Edit ${editing.code}` : 'New question'}>
      {(error || serverError) && <Alert tone="error">{error ?? serverError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Domain" value={d.domainId} onChange={(v) => set('domainId', v)}>
          {DOMAINS.map((dm) => (
            <option key={dm.id} value={dm.id}>
              {dm.name}
            </option>
          ))}
        </Select>
        <Field label="Subdomain" value={d.subdomain} onChange={(e) => set('subdomain', e.target.value)} />
      </div>
      <TextArea label="Question text" value={d.questionText} onChange={(v) => set('questionText', v)} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Select label="Points" value={String(d.points)} onChange={(v) => set('points', Number(v))}>
          {QUESTION_POINT_VALUES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
        <label className="flex items-center gap-2 pt-7 text-sm text-slate-800">
          <input type="checkbox" checked={d.critical} onChange={(e) => set('critical', e.target.checked)} className="size-4 rounded border-slate-300" />
          Critical (a No fails)
        </label>
        <label className="flex items-center gap-2 pt-7 text-sm text-slate-800">
          <input type="checkbox" checked={d.documentEvidenceRequired} onChange={(e) => set('documentEvidenceRequired', e.target.checked)} className="size-4 rounded border-slate-300" />
          Evidence required
        </label>
      </div>
      <Field label="Evidence description" value={d.evidenceDescription} onChange={(e) => set('evidenceDescription', e.target.value)} optional />
      <TextArea label="Guidance (what a Yes means)" value={d.guidance} onChange={(v) => set('guidance', v)} rows={2} />
      <TextArea label="Sources" value={d.sources} onChange={(v) => set('sources', v)} rows={2} hint="One per line. Critical questions must cite at least one." />
      <TextArea label="Corrective action" value={d.correctiveAction.action} onChange={(v) => setAction({ action: v })} rows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Priority" value={d.correctiveAction.priority} onChange={(v) => {
            if (isOneOf(ACTION_PRIORITIES, v)) setAction({ priority: v });
          }}>
          {ACTION_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
        <Field label="Target (days after submission)" type="number" min={1} max={730} value={d.correctiveAction.targetDays} onChange={(e) => setAction({ targetDays: Number(e.target.value) })} />
      </div>
      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <p>
          Bank total after this change: <strong>{newTotal}</strong> of {MAX_SCORE} points.
        </p>
        {newTotal !== MAX_SCORE && (
          <div className="mt-2">
            <Select label={`${delta > 0 ? 'Take' : 'Give'} ${Math.abs(delta)} point(s) ${delta > 0 ? 'from' : 'to'}`} value={d.balanceWith} onChange={(v) => set('balanceWith', v)}>
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
      <p className="text-xs text-slate-500">Saving publishes a new questionnaire version. Assessments already started keep the version they began with.</p>
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
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
