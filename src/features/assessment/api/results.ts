// Results, the detailed report and corrective action updates (server-authoritative, online only).
import type { ActionStatus, CorrectiveActionView, ReportView, ResultsView } from '#domain/contracts/assessments.ts';
import { ApiError, abortable, call, client } from '../../../lib/api-client.ts';

const one = client.assessments[':id'];

export function getResults(assessmentId: string, signal?: AbortSignal): Promise<ResultsView> {
  return call(one.results.$get({ param: { id: assessmentId } }, abortable(signal)));
}

export type ReportState =
  | { kind: 'released'; report: ReportView }
  /** 403 payment_required: the report is held until payment is verified. */
  | { kind: 'payment_required'; checkoutUrl: string | null; message: string };

/** The gate, known without asking: the organization has never paid, so the server would answer 403. */
export const REPORT_NEVER_PAID: ReportState = { kind: 'payment_required', checkoutUrl: null, message: '' };

export async function getReport(assessmentId: string, signal?: AbortSignal): Promise<ReportState> {
  try {
    return { kind: 'released', report: await call(one.report.$get({ param: { id: assessmentId } }, abortable(signal))) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.code === 'payment_required') {
      const details = (error.details ?? {}) as { checkoutUrl?: unknown };
      return {
        kind: 'payment_required',
        checkoutUrl: typeof details.checkoutUrl === 'string' && details.checkoutUrl ? details.checkoutUrl : null,
        message: error.message,
      };
    }
    throw error;
  }
}

export interface ActionUpdate {
  ownerId?: string | null;
  status?: ActionStatus;
  notes?: string;
}

export type ActionSave = { kind: 'saved'; action: CorrectiveActionView } | { kind: 'conflict'; current: CorrectiveActionView; message: string };

/** Saves an edit made on `baseVersion`; a colleague's newer save comes back as a conflict with their values. */
export async function updateAction(assessmentId: string, actionId: string, baseVersion: number, patch: ActionUpdate): Promise<ActionSave> {
  try {
    const action = await call(one.actions[':actionId'].$patch({ param: { id: assessmentId, actionId }, json: { ...patch, baseVersion } }));
    return { kind: 'saved', action };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.code === 'edit_conflict') {
      const current = (error.details as { current?: CorrectiveActionView } | undefined)?.current;
      if (current) return { kind: 'conflict', current, message: error.message };
    }
    throw error;
  }
}
