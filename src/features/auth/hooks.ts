import { MSG } from '#domain/messages.ts';
import { messageOf, useServerQuery } from '../../lib/server-data/index.ts';
import { getPublicOrganization } from './api/get-public-organization.ts';

export type JoinOrgState = { status: 'none' } | { status: 'loading' } | { status: 'ready'; name: string } | { status: 'error'; message: string };

/** Loads the public name of the organization named by ?org= with the link's ?key= (/signup, ADR 003). */
export function useJoinOrganization(orgId: string | null, key: string | null): JoinOrgState {
  const read = useServerQuery(orgId && key ? ['public-organization', orgId, key] : null, (signal) => getPublicOrganization(orgId!, key!, signal), { offline: false });
  if (!orgId) return { status: 'none' };
  if (!key) return { status: 'error', message: MSG.joinLinkInvalid };
  if (read.status === 'error') return { status: 'error', message: messageOf(read.error, MSG.joinLinkInvalid) };
  return read.data && !read.fetching ? { status: 'ready', name: read.data.name } : { status: 'loading' };
}
