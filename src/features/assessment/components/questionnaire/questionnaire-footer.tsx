import { ArrowLeft, ArrowRight, CloudOff, Send } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { useSaving, type SavingFlag } from '../../hooks/use-saving-flag.ts';

export interface FooterProps {
  canPrevious: boolean;
  isLast: boolean;
  answered: boolean;
  /** Next and Submit wait while an answer is being written. */
  saving: SavingFlag;
  online: boolean;
  submitting: boolean;
  submitQueued: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onSubmit: () => void;
}

/**
 * Previous / Next across domains; "Submit Assessment" (or "Submit when online") on the very last question.
 * The row wraps, the forward button kept at the right, so the two fit a 320 px screen (WCAG 1.4.10 reflow).
 */
export function QuestionnaireFooter(p: FooterProps) {
  const saving = useSaving(p.saving);
  return (
    <nav aria-label="Question navigation" className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" onClick={p.onPrevious} disabled={!p.canPrevious} icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
        Previous
      </Button>
      {p.isLast ? (
        <Button
          onClick={p.onSubmit}
          disabled={!p.answered || saving || p.submitQueued}
          loading={p.submitting}
          icon={p.online ? <Send aria-hidden="true" className="size-4" /> : <CloudOff aria-hidden="true" className="size-4" />}
          data-testid="submit-assessment"
          className="ml-auto"
        >
          {p.online ? 'Submit Assessment' : 'Submit when online'}
        </Button>
      ) : (
        <Button onClick={p.onNext} disabled={!p.answered || saving} data-testid="next-question" className="ml-auto">
          Next
          <ArrowRight aria-hidden="true" className="size-4" />
        </Button>
      )}
    </nav>
  );
}
