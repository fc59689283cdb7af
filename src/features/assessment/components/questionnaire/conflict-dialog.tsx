import type { AnswerValue } from '#domain/contracts/sync.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import type { ConflictInfo } from '../../../../sync/index.ts';
import { formatDateTime } from '../../../../utils/format-time.ts';

const word = (v: AnswerValue) => (v === 'yes' ? 'Yes' : 'No');

/** "{name} answered {Yes} at {time}; you answered {No} offline" — keep mine or use theirs. */
export function ConflictDialog({
  open,
  questionText,
  mine,
  theirs,
  busy,
  onKeepMine,
  onUseTheirs,
  onClose,
}: {
  open: boolean;
  questionText: string;
  mine: AnswerValue;
  theirs: ConflictInfo;
  busy?: boolean;
  onKeepMine: () => void;
  onUseTheirs: () => void;
  onClose: () => void;
}) {
  const name = theirs.byName ?? 'A teammate';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Two answers for one question"
      footer={
        <>
          <Button variant="secondary" onClick={onUseTheirs} disabled={busy}>
            Use theirs ({word(theirs.value)})
          </Button>
          <Button onClick={onKeepMine} disabled={busy} data-autofocus>
            Keep mine ({word(mine)})
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">{questionText}</p>
      <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="conflict-text">
        {name} answered <strong>{word(theirs.value)}</strong> at {formatDateTime(theirs.at)}; you answered <strong>{word(mine)}</strong> offline.
      </p>
      <p className="mt-3 text-xs text-slate-500">Open conflicts must be resolved before the assessment can be submitted.</p>
    </Dialog>
  );
}
