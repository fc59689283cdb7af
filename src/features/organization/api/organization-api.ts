// Organization settings calls (spec §7). Every call sends the bearer token.
import type { InvitationDto, TeamMemberDto, UpdateOrganizationInput } from '#domain/contracts/accounts.ts';
import { api } from '../../../lib/api-client.ts';

export const getMembers = (signal?: AbortSignal) => api.get<TeamMemberDto[]>('/api/organization/members', { signal });
export const getInvitations = (signal?: AbortSignal) => api.get<InvitationDto[]>('/api/organization/invitations', { signal });
export const updateOrganization = (input: UpdateOrganizationInput) => api.put('/api/organization/update', input);
export const sendInvitation = (email: string, organizationId: string) => api.post('/api/auth/invite', { email, organizationId });
export const cancelInvitation = (id: string) => api.delete(`/api/organization/invitations/${encodeURIComponent(id)}`);
export const removeMember = (id: string) => api.delete(`/api/organization/members/${encodeURIComponent(id)}`);
