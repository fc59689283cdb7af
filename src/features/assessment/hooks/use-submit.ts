// Submit behind the sync barrier (ADR 005): online it drains with progress, then submits;
// offline it queues ("Submit when online") and locks editing until sent or cancelled.
import { useState } from 'react';
import { submitBlockerFor, type SyncRuntime } from '../../../sync/index.ts';
import { appAlert } from '../../../lib/app-dialogs.ts';

export interface SubmitApi {
  /** True while this tab drains the queue and sends the submit. */
  sending: boolean;
  submit: () => Promise<void>;
  cancel: () => Promise<void>;
}

/** A submit failure is shown in an alert with the message (the app's alert dialog, ADR 013). */
const alertFailure = (message: string) => void appAlert(message, 'Submission failed');

export function useSubmit(runtime: SyncRuntime, assessmentId: string, userId: string, online: boolean): SubmitApi {
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const queued = await runtime.queueSubmit(assessmentId);
    if (!queued.ok) return alertFailure(queued.message);
    if (!online) return;
    setSending(true);
    try {
      const report = await runtime.engine.drainNow();
      const state = await submitBlockerFor(runtime.db, assessmentId, userId);
      if (state.phase === 'rejected') {
        alertFailure(state.error?.message ?? 'The submission was not accepted.');
        await runtime.cancelSubmit(assessmentId);
      } else if (state.phase !== 'none' && report.failure && report.failure.code !== 'network') {
        alertFailure(report.failure.message);
      }
    } finally {
      setSending(false);
    }
  };

  const cancel = async () => {
    const res = await runtime.cancelSubmit(assessmentId);
    if (!res.ok) alertFailure(res.message);
    else if (!res.value) alertFailure('The submission is already being sent and can no longer be cancelled.');
  };

  return { sending, submit, cancel };
}
