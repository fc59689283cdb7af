// Module-level write API bound to the runtime started by startSync (what the UI calls).
import type { AnswerValue } from '#domain/contracts/sync.ts';
import { getSyncRuntime, type SyncIdentity } from './runtime.ts';
import { STORAGE_UNAVAILABLE_MESSAGE, type WriteResult } from './write-guard.ts';

const notStarted = (): WriteResult<never> => ({ ok: false, code: 'storage_unavailable', message: STORAGE_UNAVAILABLE_MESSAGE });

export function recordAnswer(input: { assessmentId: string; questionId: string; value: AnswerValue } & Partial<SyncIdentity>): Promise<WriteResult> {
  return getSyncRuntime()?.recordAnswer(input) ?? Promise.resolve(notStarted());
}

export function recordDeferral(input: { assessmentId: string; questionId: string; deferToUserId: string; deferToName?: string | null }): Promise<WriteResult> {
  return getSyncRuntime()?.recordDeferral(input) ?? Promise.resolve(notStarted());
}

export function queueSubmit(assessmentId: string): Promise<WriteResult> {
  return getSyncRuntime()?.queueSubmit(assessmentId) ?? Promise.resolve(notStarted());
}

/** Resolves { ok: true, value: false } when the submit is already on the wire and can no longer be withdrawn. */
export function cancelSubmit(assessmentId: string): Promise<WriteResult<boolean>> {
  return getSyncRuntime()?.cancelSubmit(assessmentId) ?? Promise.resolve(notStarted());
}

export function resolveConflict(assessmentId: string, questionId: string, choice: 'mine' | 'theirs'): Promise<WriteResult> {
  return getSyncRuntime()?.resolveConflict(assessmentId, questionId, choice) ?? Promise.resolve(notStarted());
}

export function dismissRejected(assessmentId: string, questionId: string): Promise<WriteResult> {
  return getSyncRuntime()?.dismissRejected(assessmentId, questionId) ?? Promise.resolve(notStarted());
}

/** Drains now (e.g. a "Retry" button); resolves once the attempt is over. */
export async function syncNow(): Promise<void> {
  await getSyncRuntime()?.engine.drainNow();
}

/** Pulls one assessment's server state (on open / focus). */
export async function pullAssessmentNow(assessmentId: string): Promise<void> {
  await getSyncRuntime()?.engine.pull(assessmentId);
}

/** After the user signs in again: lift the auth pause and send what waited. */
export async function resumeAfterAuth(): Promise<void> {
  await getSyncRuntime()?.engine.resumeAfterAuth();
}
