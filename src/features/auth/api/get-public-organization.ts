import type { PublicOrganizationResponse } from '#domain/contracts/accounts.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/organization/public/{orgId} (no auth): the name of the organization to join. */
export function getPublicOrganization(orgId: string, signal?: AbortSignal): Promise<PublicOrganizationResponse> {
  return api.get<PublicOrganizationResponse>(`/api/organization/public/${encodeURIComponent(orgId)}`, { auth: false, signal });
}
