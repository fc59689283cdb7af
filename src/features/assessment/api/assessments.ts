// Assessment lifecycle calls: create (one in progress per organization) and read one.
import type { AssessmentDetail } from '#domain/contracts/assessments.ts';
import type { StartFrom } from '#domain/contracts/enums.ts';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import { ApiError, abortable, call, client } from '../../../lib/api-client.ts';

/**
 * POST /api/assessments/create; an "already in progress" answer yields the existing id (one
 * assessment in progress per organization). `startFrom` unset: the server's default (the last
 * submitted assessment when there is one, ADR 019).
 */
export async function createOrOpenAssessment(organizationId: string, startFrom?: StartFrom): Promise<string> {
  try {
    const { assessmentId } = await call(client.assessments.create.$post({ json: startFrom ? { organizationId, startFrom } : { organizationId } }));
    return assessmentId;
  } catch (error) {
    const existing = error instanceof ApiError ? (error.body as { assessmentId?: unknown } | null)?.assessmentId : undefined;
    if (error instanceof ApiError && error.status === 409 && typeof existing === 'string') return existing;
    throw error;
  }
}

export function getAssessment(id: string, signal?: AbortSignal): Promise<AssessmentDetail> {
  return call(client.assessments[':id'].$get({ param: { id } }, abortable(signal)));
}

export function getOrganizationUsers(orgId: string, signal?: AbortSignal): Promise<TeamMemberDto[]> {
  return call(client.organizations[':orgId'].users.$get({ param: { orgId } }, abortable(signal)));
}
