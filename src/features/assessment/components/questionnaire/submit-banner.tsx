import { CloudOff, Loader2 } from 'lucide-react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import type { SubmitState } from '../../../../sync/index.ts';

const WAITING_FOR: Record<NonNullable<SubmitState['blocker']>, string> = {
  earlier_rows: 'It will be sent automatically once your answers reach the server.',
  conflict: 'It waits until the conflicting answers are resolved.',
  uploads: 'It waits until the evidence files have uploaded.',
  rejected: 'It waits because an earlier change was not accepted; review the questions marked "Not accepted".',
};

/** The state of this user's queued submit: sending (with progress), waiting, or refused. */
export function SubmitBanner({ state, progress, sending, online, onCancel }: { state: SubmitState; progress: string; sending: boolean; online: boolean; onCancel: () => void }) {
  if (state.phase === 'rejected')
    return (
      <Alert tone="error" title="The submission was not accepted" action={<Button size="sm" variant="secondary" onClick={onCancel}>Dismiss</Button>}>
        {state.error?.message ?? 'The server refused the submission.'} You can keep editing and submit again.
      </Alert>
    );
  if (sending || state.phase === 'sending' || (online && state.blocker !== 'conflict'))
    return (
      <div role="status" className="flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        <span data-testid="submit-progress">{progress}</span>
      </div>
    );
  return (
    <Alert
      tone="warning"
      title="Queued for submission"
      action={
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel submission
        </Button>
      }
    >
      <span className="inline-flex items-start gap-1.5">
        <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {online && state.blocker ? WAITING_FOR[state.blocker] : 'It will be sent automatically when you are back online.'} Editing is locked until then.
      </span>
    </Alert>
  );
}
