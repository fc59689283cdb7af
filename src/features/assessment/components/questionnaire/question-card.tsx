import { AlertOctagon, History, Sparkles, UserRoundPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import type { QuestionView } from '#domain/contracts/assessments.ts';
import type { AnswerValue } from '#domain/contracts/sync.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { isToConfirm, type LocalAnswer, type LocalDeferral } from '../../../../sync/index.ts';
import { formatDateTime, plural } from '../../../../utils/format-time.ts';
import { AnswerButtons } from './answer-buttons.tsx';
import { PreviousAnswers } from './previous-answers.tsx';
import { SyncMark } from './sync-mark.tsx';

export interface QuestionCardProps {
  question: QuestionView;
  number: number;
  count: number;
  answer: LocalAnswer | undefined;
  deferral: LocalDeferral | undefined;
  userId: string;
  locked: boolean;
  canDefer: boolean;
  onAnswer: (v: AnswerValue) => void;
  onDefer: () => void;
  onResolve: () => void;
  footer: ReactNode;
}

function Holder({ deferral, userId }: { deferral: LocalDeferral; userId: string }) {
  const mine = deferral.deferredTo === userId;
  const by = deferral.deferredByName ? ` by ${deferral.deferredByName}` : '';
  return (
    <p className="mt-4 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="deferral-holder">
      <UserRoundPlus aria-hidden="true" className="size-4 shrink-0" />
      {mine ? `Assigned to you${by}.` : `Deferred to ${deferral.deferredToName ?? 'a teammate'}${by}.`}
      {deferral.syncState === 'pending' && <span className="text-xs text-amber-800">(not sent yet)</span>}
    </p>
  );
}

/** Next to the Critical badge: what a critical question means for the result. */
export const CRITICAL_NOTE = 'A No here fails the assessment.';

/** Since the assessment this one started from (ADR 019), in words: the badge is not colour alone. */
const NOVELTY = {
  new: { label: 'New', note: 'Not asked in your last assessment' },
  changed: { label: 'Changed', note: 'Changed since your last assessment: answer it afresh' },
} as const;

/** Under a carried answer: what it is and how to give it (ADR 019). */
export const TO_CONFIRM_NOTE = 'Your last assessment’s answer is shown. Choose it again to confirm it, or choose the other answer.';

/** One question at a time: the text large, Yes / No big, its sync state and who holds it. */
export function QuestionCard(p: QuestionCardProps) {
  const { question: q, answer } = p;
  const detail = answer?.syncState === 'rejected' ? answer.error?.message : undefined;
  const toConfirm = isToConfirm(answer);
  const novelty = q.novelty ? NOVELTY[q.novelty] : null;
  return (
    <section aria-labelledby="question-text" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="px-5 pt-5 sm:px-8 sm:pt-7">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-slate-600">
          <span className="font-semibold text-slate-900" data-testid="question-position">
            Question {p.number} of {p.count}
          </span>
          <span data-testid="question-code">
            <Badge tone="neutral">{q.code}</Badge>
          </span>
          {q.critical && (
            // The badge says what it means in words next to it, not by colour alone (ADR 018: a gate).
            <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="critical-note">
              <Badge tone="danger" icon={<AlertOctagon aria-hidden="true" className="size-3" />}>
                Critical
              </Badge>
              <span className="font-medium text-red-800">{CRITICAL_NOTE}</span>
            </span>
          )}
          {novelty && (
            <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="novelty-note">
              <Badge tone="brand" icon={<Sparkles aria-hidden="true" className="size-3" />}>
                {novelty.label}
              </Badge>
              <span className="text-slate-700">{novelty.note}</span>
            </span>
          )}
          <span>{plural(q.points, 'point')}</span>
          {q.subdomain && <span className="hidden sm:inline">· {q.subdomain}</span>}
          <span className="ml-auto" aria-live="polite">
            {answer &&
              (toConfirm ? (
                <span data-testid="to-confirm-mark">
                  <Badge tone="warning" icon={<History aria-hidden="true" className="size-3" />}>
                    To re-confirm
                  </Badge>
                </span>
              ) : (
                <SyncMark state={answer.syncState} detail={detail} onClick={answer.syncState === 'conflict' ? p.onResolve : undefined} />
              ))}
          </span>
        </div>
        <h2 id="question-text" className="mt-4 text-lg leading-relaxed font-medium text-slate-900 sm:text-xl">
          {q.question_text}
        </h2>
        {p.deferral && <Holder deferral={p.deferral} userId={p.userId} />}
        <PreviousAnswers code={q.code} />
        <div className="mt-6">
          <AnswerButtons value={answer?.value ?? null} onAnswer={p.onAnswer} disabled={p.locked} carried={toConfirm} />
        </div>
        {toConfirm && <p className="mt-3 text-sm text-amber-950">{TO_CONFIRM_NOTE}</p>}
        <div className="mt-3 flex min-h-8 flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
          {/* A carried answer's author and date are the earlier assessment's (shown with the previous answers), not an answer given here. */}
          {!toConfirm && answer?.updatedAt && answer.syncState === 'synced' ? (
            <span>{`Answered${answer.updatedByName ? ` by ${answer.updatedByName}` : ''} · ${formatDateTime(answer.updatedAt)}`}</span>
          ) : (
            <span className="hidden sm:inline">Keyboard: Y yes · N no · ← previous · → next</span>
          )}
          {p.canDefer && (
            <Button variant="ghost" size="sm" onClick={p.onDefer} disabled={p.locked} icon={<UserRoundPlus aria-hidden="true" className="size-4" />}>
              Defer
            </Button>
          )}
        </div>
      </div>
      <div className="mt-4 border-t border-slate-100 px-5 py-4 sm:px-8">{p.footer}</div>
    </section>
  );
}
