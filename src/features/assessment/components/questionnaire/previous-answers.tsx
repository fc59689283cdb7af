// "Previously" under a question: its answers in the organization's earlier submitted assessments
// (matched by code), newest first, with who answered and when. Loaded once per assessment by the
// provider (the saved read keeps it offline once loaded, ADR 032); a card without the provider shows nothing.
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { History } from 'lucide-react';
import type { PreviousAnswer, PreviousAnswersView } from '#domain/contracts/cycles.ts';
import { useServerQuery } from '../../../../lib/server-data/index.ts';
import { formatDate } from '#domain/dates.ts';
import { getPreviousAnswers, previousAnswersCacheKey } from '../../api/compare.ts';

const PreviousAnswersContext = createContext<PreviousAnswersView | null>(null);

/** Loads the assessment's previous answers for every question card below it. */
export function PreviousAnswersProvider({ assessmentId, children }: { assessmentId: string; children: ReactNode }) {
  const load = useCallback((signal: AbortSignal) => getPreviousAnswers(assessmentId, signal), [assessmentId]);
  const res = useServerQuery(previousAnswersCacheKey(assessmentId), load, { offline: true });
  return <PreviousAnswersContext.Provider value={res.data}>{children}</PreviousAnswersContext.Provider>;
}

const answerWord = (a: PreviousAnswer) => (a.answer === 'yes' ? 'Yes' : 'No');
const line = (a: PreviousAnswer) => `${answerWord(a)} · ${a.answered_by_name ?? 'a former member'} · ${formatDate(a.submitted_at)}`;

/** The previous answers of one question (rendered on its own by tests). */
export function PreviousAnswersLine({ answers }: { answers: readonly PreviousAnswer[] }) {
  const [latest, ...older] = answers;
  if (!latest) return null;
  return (
    <div className="mt-3 text-sm text-slate-700" data-testid="previous-answers">
      <p className="flex items-start gap-1.5">
        <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span>
          <span className="font-medium text-slate-900">Previously:</span> {line(latest)}
        </span>
      </p>
      {older.length > 0 && (
        <details className="mt-1 pl-5.5">
          <summary className="cursor-pointer text-brand-700 underline-offset-2 hover:underline">
            {older.length === 1 ? 'One earlier answer' : `${older.length} earlier answers`}
          </summary>
          <ul className="mt-1 space-y-0.5">
            {older.map((a) => (
              <li key={a.assessment_id}>{line(a)}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** Under a question card: nothing when the question was never answered before (or is new). */
export function PreviousAnswers({ code }: { code: string }) {
  const view = useContext(PreviousAnswersContext);
  const answers = view && Object.hasOwn(view, code) ? view[code] : undefined;
  return answers ? <PreviousAnswersLine answers={answers} /> : null;
}
