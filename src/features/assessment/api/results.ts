// Results and the detailed report (server-authoritative, online only); its corrective actions are
// edited through src/lib/actions-api.ts.
import type { ReportView, ResultsView } from '#domain/contracts/assessments.ts';
import { abortable, call, client } from '../../../lib/api-client.ts';
import { failureOf } from '../../../lib/server-data/index.ts';

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
    const failure = failureOf(error);
    if (failure.status === 403 && failure.code === 'payment_required') {
      const details = (failure.details ?? {}) as { checkoutUrl?: unknown };
      return {
        kind: 'payment_required',
        checkoutUrl: typeof details.checkoutUrl === 'string' && details.checkoutUrl ? details.checkoutUrl : null,
        message: failure.message,
      };
    }
    throw error;
  }
}
