// How a new assessment starts when the organization has submitted one before (ADR 019): from the
// last one, its answers carried to re-confirm (the default), or blank. Sends `startFrom` with the create.
import { useId, useState, type FormEvent } from 'react';
import { useServerMutation } from '../../../lib/server-data/index.ts';
import type { ApplicabilityView } from '#domain/contracts/accounts.ts';
import type { StartFrom } from '#domain/contracts/enums.ts';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../utils/cn.ts';
import { formatDate } from '#domain/dates.ts';

export const START_FROM_PREVIOUS_LABEL = 'Start from your last assessment (answers carried to re-confirm)';
export const START_BLANK_LABEL = 'Start blank';

function Option({ name, checked, onChange, label, detail }: { name: string; checked: boolean; onChange: () => void; label: string; detail: string }) {
  const id = useId();
  return (
    <label className={cn('flex cursor-pointer gap-3 rounded-lg border p-4', checked ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-300 bg-white hover:border-slate-400')}>
      <input type="radio" name={name} checked={checked} onChange={onChange} aria-describedby={id} className="mt-1 size-4 shrink-0 accent-brand-700" />
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">{label}</span>
        <span id={id} className="mt-1 block text-sm text-slate-700">
          {detail}
        </span>
      </span>
    </label>
  );
}

export function StartChoice({ last, onStart }: { last: NonNullable<ApplicabilityView['last_submitted']>; onStart: (startFrom: StartFrom) => Promise<void> }) {
  const [from, setFrom] = useState<StartFrom>('previous');
  // onStart says itself why a start failed (new-assessment-page.tsx); here only its pending state.
  const starting = useServerMutation(onStart);
  const busy = starting.pending;
  const name = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await starting.run(from);
  };
  const score = last.total_score === null ? '' : ` (score ${last.total_score}${last.grade ? `, grade ${last.grade}` : ''})`;
  return (
    <Card className="max-w-3xl">
      <CardBody>
        <form onSubmit={(e) => void submit(e)} aria-label="How to start">
          <fieldset>
            <legend className="text-base font-semibold text-slate-900">How do you want to start?</legend>
            <div className="mt-3 grid gap-3">
              <Option
                name={name}
                checked={from === 'previous'}
                onChange={() => setFrom('previous')}
                label={START_FROM_PREVIOUS_LABEL}
                detail={`Each answer of the assessment submitted on ${formatDate(last.submitted_at)}${score} is shown for you to confirm or change; it counts only once confirmed. Questions new or changed since are asked fresh.`}
              />
              <Option name={name} checked={from === 'blank'} onChange={() => setFrom('blank')} label={START_BLANK_LABEL} detail="Every question starts unanswered." />
            </div>
          </fieldset>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button type="submit" loading={busy}>
              Start assessment
            </Button>
            <ButtonLink to={paths.dashboard.href()} variant="ghost">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
