import { useId, useState } from 'react';
import { ACTION_STATUSES, type ActionStatus, type CorrectiveActionView } from '#domain/contracts/assessments.ts';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import type { ActionPriority } from '#domain/questions/question-types.ts';
import { Badge, type BadgeTone } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { inputClasses } from '../../../../components/ui/field.tsx';
import { messageOf } from '../../../../lib/api-client.ts';
import { formatDate } from '../../../../utils/format.ts';
import { updateAction, type ActionUpdate } from '../../api/results.ts';

export const STATUS_LABEL: Record<ActionStatus, string> = { open: 'Open', in_progress: 'In progress', done: 'Done' };
const PRIORITY_TONE: Record<ActionPriority, BadgeTone> = { critical: 'danger', high: 'warning', medium: 'brand', low: 'neutral' };
const PRIORITY_LABEL: Record<ActionPriority, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

export function ActionItem({ assessmentId, action, members }: { assessmentId: string; action: CorrectiveActionView; members: readonly TeamMemberDto[] }) {
  const [current, setCurrent] = useState(action);
  const [notes, setNotes] = useState(action.notes);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const id = useId();

  const apply = async (patch: ActionUpdate) => {
    setSave({ kind: 'saving' });
    try {
      const next = await updateAction(assessmentId, current.id, patch);
      setCurrent(next);
      setNotes(next.notes);
      setSave({ kind: 'saved' });
    } catch (error) {
      setSave({ kind: 'error', message: messageOf(error, 'Could not save the change. Check your connection and try again.') });
    }
  };

  const notesDirty = notes !== current.notes;
  return (
    <li className="break-inside-avoid px-5 py-5 sm:px-6" data-testid="action-item">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="neutral">{current.code}</Badge>
        <Badge tone={PRIORITY_TONE[current.priority]}>{PRIORITY_LABEL[current.priority]} priority</Badge>
        <span className="text-xs text-slate-600">Target {formatDate(current.target_date)}</span>
      </div>
      <p className="mt-2 text-sm font-medium text-slate-900">{current.action}</p>
      <p className="mt-1 text-xs text-slate-500">{current.question_text}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-[12rem_10rem_1fr]">
        <div>
          <label htmlFor={`${id}-owner`} className="mb-1.5 block text-xs font-medium text-slate-700">
            Owner
          </label>
          <select
            id={`${id}-owner`}
            className={inputClasses()}
            value={current.owner_id ?? ''}
            disabled={save.kind === 'saving'}
            onChange={(e) => void apply({ ownerId: e.target.value || null })}
          >
            <option value="">Unassigned</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {`${m.first_name} ${m.last_name}`.trim() || m.email}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-status`} className="mb-1.5 block text-xs font-medium text-slate-700">
            Status
          </label>
          <select
            id={`${id}-status`}
            className={inputClasses()}
            value={current.status}
            disabled={save.kind === 'saving'}
            onChange={(e) => void apply({ status: e.target.value as ActionStatus })}
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
          <textarea id={`${id}-notes`} rows={2} className={inputClasses()} value={notes} maxLength={5000} onChange={(e) => setNotes(e.target.value)} />
          <div className="mt-2 flex items-center justify-end gap-3" data-no-print>
            <SaveStatus state={save} />
            <Button size="sm" variant="secondary" disabled={!notesDirty} loading={save.kind === 'saving'} onClick={() => void apply({ notes })}>
              Save notes
            </Button>
          </div>
        </div>
      </div>
    </li>
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
