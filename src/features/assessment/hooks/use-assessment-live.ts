// Live (Dexie) state of one assessment on this device, from the sync core's hooks.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { LocalAnswer, LocalDeferral, OutboxSummary, SubmitState, SyncDatabase } from '../../../sync/index.ts';
import { useDeferrals, useOutboxSummary, useSubmitState } from '../../../sync/react/hooks.ts';

export interface AssessmentLive {
  /** False until the local answers have been read once (the resume position waits for it). */
  loaded: boolean;
  answers: ReadonlyMap<string, LocalAnswer>;
  /** The open deferral of each question. */
  deferrals: ReadonlyMap<string, LocalDeferral>;
  /** What is still to send (counted only while a submit is queued: it words the submit banner). */
  queue: OutboxSummary;
  submit: SubmitState;
}

export function useAssessmentLive(db: SyncDatabase, assessmentId: string, userId: string): AssessmentLive {
  const answers = useLiveQuery(() => db.answers.where('assessmentId').equals(assessmentId).toArray(), [db, assessmentId]);
  const deferrals = useDeferrals(assessmentId, db);
  const submit = useSubmitState(assessmentId, userId, db);
  const queue = useOutboxSummary(submit.phase === 'none' ? undefined : assessmentId, db);
  // Derived maps change only when their live rows do, so a render for anything else rebuilds nothing.
  const answerMap = useMemo(() => new Map((answers ?? []).map((a) => [a.questionId, a])), [answers]);
  const deferralMap = useMemo(() => {
    const open = deferrals.filter((d) => d.status === 'open').sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    return new Map(open.map((d) => [d.questionId, d]));
  }, [deferrals]);
  return useMemo(
    () => ({ loaded: answers !== undefined, answers: answerMap, deferrals: deferralMap, queue, submit }),
    [answers, answerMap, deferralMap, queue, submit],
  );
}
