// The dashboard's data: the organization's assessments and, for admins, the team size.
import type { AssessmentListItem } from '#domain/contracts/assessments.ts';
import type { ProfileDto } from '#domain/contracts/accounts.ts';
import { abortable, call, client } from '../../../lib/api-client.ts';

export interface DashboardData {
  assessments: AssessmentListItem[];
  /** Null when the viewer may not see the team (org_admin and system_admin only, ADR 003). */
  memberCount: number | null;
}

export const canSeeTeam = (profile: Pick<ProfileDto, 'role'> | null) => profile?.role === 'org_admin' || profile?.role === 'system_admin';

export async function getDashboardData(profile: ProfileDto, signal: AbortSignal): Promise<DashboardData> {
  const orgId = profile.organization?.id;
  const [assessments, members] = await Promise.all([
    call(client.assessments.$get({}, abortable(signal))),
    canSeeTeam(profile) && orgId ? call(client.organizations[':orgId'].users.$get({ param: { orgId } }, abortable(signal))) : null,
  ]);
  return { assessments, memberCount: members ? members.length : null };
}

/**
 * The "Passed assessments" card shows passed count / total count. Only submitted assessments
 * have a result, so only they count: one in progress is neither passed nor failed yet.
 */
export function complianceCounts(assessments: readonly AssessmentListItem[]): { passed: number; total: number } {
  const submitted = assessments.filter((a) => a.status === 'submitted');
  return { passed: submitted.filter((a) => a.pass_fail === 'Pass').length, total: submitted.length };
}
