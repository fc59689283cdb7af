import type { PublicOrganizationResponse } from '#domain/contracts/accounts.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/organization/public/{orgId}?key= (no auth): the name of the organization to join; the link's key is required. */
export function getPublicOrganization(orgId: string, key: string, signal?: AbortSignal): Promise<PublicOrganizationResponse> {
  return api.get<PublicOrganizationResponse>(`/api/organization/public/${encodeURIComponent(orgId)}?key=${encodeURIComponent(key)}`, { auth: false, signal });
}
