// One corrective action, editable (owner, status, notes): on an assessment's report and on the
// action plan page. Saves through the one update path (src/lib/actions-api.ts). Each control's name
// carries the action's code ("Owner of CI-14"): a list of them, next to the filters' own "Owner" and
// "Status", stays tellable apart by screen reader (WCAG 2.4.6, 2.5.3: the visible label starts the name).
import { useId, useState } from 'react';
import { AlertTriangle, CheckCircle2, History } from 'lucide-react';
import { ACTION_STATUSES, type ActionStatus, type CorrectiveActionView } from '#domain/contracts/assessments.ts';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import type { ActionPlanItem } from '#domain/contracts/cycles.ts';
import type { ActionPriority } from '#domain/questions/question-types.ts';
import { fullName } from '#domain/text.ts';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { inputClasses } from '../ui/field.tsx';
import { saveAction, type ActionUpdate } from '../../lib/actions-api.ts';
import { messageOf, useServerMutation } from '../../lib/server-data/index.ts';
import { formatDate } from '#domain/dates.ts';
import { formatDateTime } from '../../utils/format-time.ts';
import { isOneOf } from '../../utils/one-of.ts';

export const STATUS_LABEL: Record<ActionStatus, string> = { open: 'Open', in_progress: 'In progress', done: 'Done' };
export const PRIORITY_TONE: Record<ActionPriority, BadgeTone> = { critical: 'danger', high: 'warning', medium: 'brand', low: 'neutral' };
export const PRIORITY_LABEL: Record<ActionPriority, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'error'; message: string }
  /** A colleague saved first: their values are shown; `patch` is the user's change, ready to re-apply. */
  | { kind: 'conflict'; message: string; patch: ActionUpdate };

/**
 * One corrective action. Shows what the server saved (a newer server copy of `action`, e.g. the fresh
 * load after a saved copy, replaces what is shown) and saves edits on the version the user saw: a colleague's
 * newer save is never overwritten but shown, with a way to apply the user's change on top of it.
 * `inAssessment`: the report it is shown on (an action opened in an earlier one says it was carried).
 * `plan`: the action plan page's extras (domain, overdue, when it was opened). `readOnly`: offline copy.
 */
/** One <option> per member (full name, else e-mail): owner pickers and owner filters. */
export function MemberOptions({ members }: { members: readonly TeamMemberDto[] }) {
  return members.map((m) => (
    <option key={m.id} value={m.id}>
      {fullName(m.first_name, m.last_name) || m.email}
    </option>
  ));
}

export function ActionItem({
  action,
  members,
  onSaved,
  inAssessment,
  plan,
  readOnly = false,
}: {
  action: CorrectiveActionView | ActionPlanItem;
  members: readonly TeamMemberDto[];
  onSaved?: (action: ActionPlanItem) => void;
  inAssessment?: string;
  plan?: { domainName: string; overdue: boolean };
  readOnly?: boolean;
}) {
  const [current, setCurrent] = useState(action);
  const [notes, setNotes] = useState(action.notes);
  const [settled, setSettled] = useState<SaveState>({ kind: 'idle' });
  const saving = useServerMutation(({ version, patch }: { version: number; patch: ActionUpdate }) => saveAction(current.id, version, patch));
  const save: SaveState = saving.pending ? { kind: 'saving' } : settled;
  const id = useId();
  if (action.version > current.version) {
    setCurrent(action);
    setNotes(action.notes);
  }

  const apply = async (patch: ActionUpdate) => {
    const result = await saving.run({ version: current.version, patch });
    if (!result.ok) return setSettled({ kind: 'error', message: messageOf(result, 'Could not save the change. Check your connection and try again.') });
    const res = result.value;
    const next = res.kind === 'saved' ? res.action : res.current;
    setCurrent(next);
    setNotes(res.kind === 'saved' || patch.notes === undefined ? next.notes : notes);
    onSaved?.(next);
    setSettled(res.kind === 'saved' ? { kind: 'saved' } : { kind: 'conflict', message: res.message, patch });
  };

  const notesDirty = notes !== current.notes;
  const locked = readOnly || save.kind === 'saving';
  const overdue = plan ? ('overdue' in current ? current.overdue : plan.overdue) : false;
  const carried = inAssessment !== undefined && current.opened_in.assessment_id !== inAssessment;
  return (
    <li className="break-inside-avoid px-5 py-5 sm:px-6" data-testid="action-item" data-code={current.code}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="neutral">{current.code}</Badge>
        <Badge tone={PRIORITY_TONE[current.priority]}>{PRIORITY_LABEL[current.priority]} priority</Badge>
        {overdue && (
          <Badge tone="danger" icon={<AlertTriangle aria-hidden="true" className="size-3.5" />}>
            Overdue
          </Badge>
        )}
        <span className="text-xs text-slate-600">
          Target date {formatDate(current.target_date)}
        </span>
      </div>
      <p className="mt-2 text-sm font-medium text-slate-900">{current.action}</p>
      <p className="mt-1 text-xs text-slate-500">
        {plan && <span className="font-medium text-slate-600">{plan.domainName}: </span>}
        {current.question_text}
      </p>
      {(carried || plan) && (
        <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-600" data-testid="action-provenance">
          <History aria-hidden="true" className="size-3.5 shrink-0" />
          {carried ? 'Carried from the assessment of ' : 'Opened in the assessment of '}
          {formatDate(current.opened_in.submitted_at)}
        </p>
      )}
      {current.status === 'done' && current.closed_note && (
        <p className="mt-2 flex items-start gap-1.5 rounded-md bg-emerald-50 px-2.5 py-1.5 text-xs text-emerald-900" data-testid="action-closed-note">
          <CheckCircle2 aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          {/* An automatic close says it was closed, and when, itself (autoCloseNote in domain/cycles/action-cycle.ts). */}
          <span>{current.closed_note.startsWith('Closed') || !current.closed_at ? current.closed_note : `Closed ${formatDate(current.closed_at)}: ${current.closed_note}`}</span>
        </p>
      )}
      {save.kind === 'conflict' && <ConflictNotice action={current} members={members} message={save.message} patch={save.patch} onReapply={() => void apply(save.patch)} />}
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-[12rem_10rem_1fr]">
        <div>
          <label htmlFor={`${id}-owner`} className="mb-1.5 block text-xs font-medium text-slate-700">
            Owner
          </label>
          <select
            id={`${id}-owner`}
            aria-label={`Owner of ${current.code}`}
            className={inputClasses()}
            value={current.owner_id ?? ''}
            disabled={locked}
            onChange={(e) => void apply({ ownerId: e.target.value || null })}
          >
            <option value="">Unassigned</option>
            <MemberOptions members={members} />
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-status`} className="mb-1.5 block text-xs font-medium text-slate-700">
            Status
          </label>
          <select
            id={`${id}-status`}
            aria-label={`Status of ${current.code}`}
            className={inputClasses()}
            value={current.status}
            disabled={locked}
            onChange={(e) => {
              const status = e.target.value;
              if (isOneOf(ACTION_STATUSES, status)) void apply({ status });
            }}
          >
            {ACTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-notes`} className="mb-1.5 block text-xs font-medium text-slate-700">
            Notes
          </label>
          <textarea id={`${id}-notes`} aria-label={`Notes for ${current.code}`} rows={2} className={inputClasses()} value={notes} maxLength={5000} readOnly={readOnly} onChange={(e) => setNotes(e.target.value)} />
          <div className="mt-2 flex items-center justify-end gap-3" data-no-print>
            <SaveStatus state={save} />
            <Button size="sm" variant="secondary" aria-label={`Save notes for ${current.code}`} disabled={!notesDirty || readOnly} loading={save.kind === 'saving'} onClick={() => void apply({ notes })}>
              Save notes
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}

function describePatch(patch: ActionUpdate, members: readonly TeamMemberDto[]): string {
  const parts: string[] = [];
  if (patch.ownerId !== undefined) {
    const m = members.find((x) => x.id === patch.ownerId);
    parts.push(`owner ${patch.ownerId === null ? 'Unassigned' : m ? fullName(m.first_name, m.last_name) || m.email : 'another member'}`);
  }
  if (patch.status !== undefined) parts.push(`status ${STATUS_LABEL[patch.status]}`);
  if (patch.notes !== undefined) parts.push('your notes');
  return parts.join(', ');
}

function ConflictNotice({
  action,
  members,
  message,
  patch,
  onReapply,
}: {
  action: CorrectiveActionView | ActionPlanItem;
  members: readonly TeamMemberDto[];
  message: string;
  patch: ActionUpdate;
  onReapply: () => void;
}) {
  const by = action.updated_by_name ?? 'A colleague';
  return (
    <div role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="action-conflict">
      <p className="font-medium">
        Changed by {by} at {formatDateTime(action.updated_at)}
      </p>
      <p className="mt-1">
        Now: owner {action.owner_name ?? 'Unassigned'}, status {STATUS_LABEL[action.status]}. {message}
      </p>
      {patch.notes !== undefined && <p className="mt-1 whitespace-pre-line">Their notes: {action.notes || '(none)'}</p>}
      <p className="mt-1">Your change: {describePatch(patch, members)}.</p>
      <Button size="sm" variant="secondary" className="mt-2" onClick={onReapply}>
        Apply my change again
      </Button>
    </div>
  );
}

function SaveStatus({ state }: { state: SaveState }) {
  return (
    <span aria-live="polite" className={state.kind === 'error' ? 'text-xs font-medium text-red-700' : 'text-xs text-slate-500'}>
      {state.kind === 'saving' && 'Saving…'}
      {state.kind === 'saved' && 'Saved'}
      {state.kind === 'error' && state.message}
    </span>
  );
}
