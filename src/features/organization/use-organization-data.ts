import { useCallback, useEffect, useState } from 'react';
import type { InvitationDto, JoinLinkDto, JoinRequestDto, TeamMemberDto } from '#domain/contracts/accounts.ts';
import { ApiError } from '../../lib/api-client.ts';
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

/** Members for everyone; pending invitations, the join link and join requests only for org admins. */
async function fetchAll(isAdmin: boolean, signal?: AbortSignal): Promise<Loaded> {
  const [members, invitations, joinLink, joinRequests] = await Promise.all([
    getMembers(signal),
    adminOnly(isAdmin, () => getInvitations(signal)),
    adminOnly(isAdmin, () => getJoinLink(signal)),
    adminOnly(isAdmin, () => getJoinRequests(signal)),
  ]);
  return { members, invitations, joinLink, joinRequests };
}

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : 'Could not load your organization');

export function useOrganizationData(isAdmin: boolean): OrganizationData {
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const apply = useCallback((loaded: Loaded) => {
    setData(loaded);
    setError(null);
    setLoading(false);
  }, []);
  const fail = useCallback((e: unknown) => {
    setError(errorText(e));
    setLoading(false);
  }, []);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchAll(isAdmin, ctrl.signal).then(apply, (e: unknown) => {
      if (!ctrl.signal.aborted) fail(e);
    });
    return () => ctrl.abort();
  }, [isAdmin, apply, fail]);

  const reload = useCallback(async () => {
    setLoading(true);
    await fetchAll(isAdmin).then(apply, fail);
  }, [isAdmin, apply, fail]);

  return {
    members: data?.members ?? null,
    invitations: data?.invitations ?? null,
    joinLink: data?.joinLink ?? null,
    joinRequests: data?.joinRequests ?? null,
    error,
    loading,
    reload,
  };
}
