// The organization page's team data, one read of the data layer (ADR 032): members for everyone;
// pending invitations, the join link and join requests only for org admins. Not saved for offline
// use: who may join or is invited must be current.
import type { InvitationDto, JoinLinkDto, JoinRequestDto, TeamMemberDto } from '#domain/contracts/accounts.ts';
import { useServerQuery } from '../../lib/server-data/index.ts';
import { getInvitations, getJoinLink, getJoinRequests, getMembers } from './api/organization-api.ts';

export interface OrganizationData {
  members: TeamMemberDto[] | null;
  invitations: InvitationDto[] | null;
  joinLink: JoinLinkDto | null;
  joinRequests: JoinRequestDto[] | null;
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
}

interface Loaded {
  members: TeamMemberDto[];
  invitations: InvitationDto[] | null;
  joinLink: JoinLinkDto | null;
  joinRequests: JoinRequestDto[] | null;
}

const adminOnly = <T>(isAdmin: boolean, load: () => Promise<T>): Promise<T | null> => (isAdmin ? load() : Promise.resolve(null));

async function fetchAll(isAdmin: boolean, signal?: AbortSignal): Promise<Loaded> {
  const [members, invitations, joinLink, joinRequests] = await Promise.all([
    getMembers(signal),
    adminOnly(isAdmin, () => getInvitations(signal)),
    adminOnly(isAdmin, () => getJoinLink(signal)),
    adminOnly(isAdmin, () => getJoinRequests(signal)),
  ]);
  return { members, invitations, joinLink, joinRequests };
}

/** The key of this read: a write that changes the team invalidates it. */
export const organizationDataKey = ['organization', 'team'] as const;

export function useOrganizationData(isAdmin: boolean): OrganizationData {
  const read = useServerQuery([...organizationDataKey, isAdmin], (signal) => fetchAll(isAdmin, signal), { offline: false });
  const data = read.data;
  return {
    members: data?.members ?? null,
    invitations: data?.invitations ?? null,
    joinLink: data?.joinLink ?? null,
    joinRequests: data?.joinRequests ?? null,
    error: read.error ? (read.error.code === 'client_error' ? 'Could not load your organization' : read.error.message) : null,
    loading: read.fetching,
    reload: read.reload,
  };
}
