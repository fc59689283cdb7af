// Organization settings calls (spec §7). Every call sends the bearer token.
import type { InvitationDto, JoinLinkDto, JoinRequestDto, TeamMemberDto, UpdateOrganizationInput } from '#domain/contracts/accounts.ts';
import { api } from '../../../lib/api-client.ts';

export const getMembers = (signal?: AbortSignal) => api.get<TeamMemberDto[]>('/api/organization/members', { signal });
export const getInvitations = (signal?: AbortSignal) => api.get<InvitationDto[]>('/api/organization/invitations', { signal });
export const updateOrganization = (input: UpdateOrganizationInput) => api.put('/api/organization/update', input);
export const sendInvitation = (email: string, organizationId: string) => api.post('/api/auth/invite', { email, organizationId });
export const cancelInvitation = (id: string) => api.delete(`/api/organization/invitations/${encodeURIComponent(id)}`);
export const removeMember = (id: string) => api.delete(`/api/organization/members/${encodeURIComponent(id)}`);

// Join link and join requests (org_admins; ADR 003).
export const getJoinLink = (signal?: AbortSignal) => api.get<JoinLinkDto>('/api/organization/join-link', { signal });
export const updateJoinLink = (input: Pick<UpdateOrganizationInput, 'joinByLinkEnabled' | 'allowedEmailDomains'>) =>
  api.put<{ message: string; joinLink: JoinLinkDto }>('/api/organization/update', input);
export const rotateJoinLink = () => api.post<{ message: string; joinLink: JoinLinkDto }>('/api/organization/join-link/rotate');
export const getJoinRequests = (signal?: AbortSignal) => api.get<JoinRequestDto[]>('/api/organization/join-requests', { signal });
export const decideJoinRequest = (id: string, decision: 'approve' | 'decline') =>
  api.post<{ message: string }>(`/api/organization/join-requests/${encodeURIComponent(id)}/${decision}`);
