// A domain's "Confirm unchanged answers" (ADR 019): the answers carried from the last assessment and
// not yet re-confirmed can be confirmed together, after an explicit confirmation (the app's confirm
// dialog, src/lib/app-dialogs.ts, ADR 013) that says how many.
import { History } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { plural } from '../../../../utils/format-time.ts';

/** The confirmation's words: how many answers, where, and what confirming them means. */
export function confirmCarriedText(count: number, domainName: string): { title: string; message: string; confirmLabel: string } {
  return {
    title: 'Confirm unchanged answers',
    message:
      `${plural(count, 'answer')} in ${domainName} will be confirmed as unchanged since your last assessment. ` +
      `${count === 1 ? 'It keeps its' : 'Each keeps its'} previous answer and counts as answered. Confirm only what is still true today.`,
    confirmLabel: `Confirm ${plural(count, 'answer')}`,
  };
}

/** Above the question: how many of the domain's answers wait to be re-confirmed, and the bulk action. */
export function ConfirmCarried({ domainName, count, disabled, onConfirm }: { domainName: string; count: number; disabled: boolean; onConfirm: () => void }) {
  if (count === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="confirm-carried">
      <History aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 basis-56">
        {plural(count, 'answer')} in {domainName} {count === 1 ? 'comes' : 'come'} from your last assessment. Confirm {count === 1 ? 'it' : 'each one'}, or all
        that are unchanged at once.
      </span>
      <Button size="sm" variant="secondary" onClick={onConfirm} disabled={disabled}>
        Confirm unchanged answers
      </Button>
    </div>
  );
}
