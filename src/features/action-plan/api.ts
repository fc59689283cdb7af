// The organization's corrective action plan across assessments (GET /api/actions, ADR 019) and its
// spreadsheet (GET /api/actions.xlsx). Part of the paid detailed report: a 403 payment_required is a
// state of the page, not an error.
import type { ActionPlanView } from '#domain/contracts/cycles.ts';
import type { ActionFilter } from '#domain/cycles/action-cycle.ts';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import { abortable, call, client } from '../../lib/api-client.ts';
import { failureOf } from '../../lib/server-data/index.ts';
import { downloadReport } from '../../lib/download-report.ts';

export type ActionPlanState = { kind: 'released'; view: ActionPlanView } | { kind: 'payment_required'; checkoutUrl: string | null };

/** Every action of the plan (the page filters them, also offline, with the server's rule). */
export async function getActionPlan(signal?: AbortSignal): Promise<ActionPlanState> {
  try {
    return { kind: 'released', view: await call(client.actions.$get({ query: { status: 'all' } }, abortable(signal))) };
  } catch (error) {
    const failure = failureOf(error);
    if (failure.status === 403 && failure.code === 'payment_required') {
      const details = (failure.details ?? {}) as { checkoutUrl?: unknown };
      return { kind: 'payment_required', checkoutUrl: typeof details.checkoutUrl === 'string' && details.checkoutUrl ? details.checkoutUrl : null };
    }
    throw error;
  }
}

export function getMembers(orgId: string, signal?: AbortSignal): Promise<TeamMemberDto[]> {
  return call(client.organizations[':orgId'].users.$get({ param: { orgId } }, abortable(signal)));
}

/** The query string of a filter, as GET /api/actions(.xlsx) reads it (actionPlanQuerySchema). */
export function filterQuery(f: ActionFilter): string {
  const q = new URLSearchParams({ status: f.status });
  if (f.ownerId) q.set('ownerId', f.ownerId);
  if (f.domainId) q.set('domainId', f.domainId);
  if (f.overdue) q.set('overdue', f.overdue);
  return q.toString();
}

export function exportActionPlan(f: ActionFilter): Promise<void> {
  return downloadReport(`/api/actions.xlsx?${filterQuery(f)}`, 'action-plan.xlsx');
}
