import type { PublicOrganizationResponse } from '#domain/contracts/accounts.ts';
import { abortable, call, publicClient } from '../../../lib/api-client.ts';

/** GET /api/organization/public/{orgId}?key= (no auth): the name of the organization to join; the link's key is required. */
export function getPublicOrganization(orgId: string, key: string, signal?: AbortSignal): Promise<PublicOrganizationResponse> {
  // The id comes from a link; the typed client encodes path params (src/lib/api-client.ts).
  return call(publicClient.organization.public[':orgId'].$get({ param: { orgId }, query: { key } }, abortable(signal)));
}
