// Organization settings calls, typed from the server's routes (ADR 015). Every call sends the bearer token.
import type { UpdateOrganizationInput } from '#domain/contracts/accounts.ts';
import type { ClientResponse } from 'hono/client';
import type { OrganizationAuditPage } from '#domain/contracts/sessions.ts';
import { abortable, call, client, downloadFile } from '../../../lib/api-client.ts';

const org = client.organization;

export const getMembers = (signal?: AbortSignal) => call(org.members.$get({}, abortable(signal)));
export const getInvitations = (signal?: AbortSignal) => call(org.invitations.$get({}, abortable(signal)));
export const updateOrganization = (input: UpdateOrganizationInput) => call(org.update.$put({ json: input }));
export const sendInvitation = (email: string, organizationId: string) => call(client.auth.invite.$post({ json: { email, organizationId } }));
export const cancelInvitation = (id: string) => call(org.invitations[':id'].$delete({ param: { id } }));
export const removeMember = (id: string) => call(org.members[':id'].$delete({ param: { id } }));

// Two-step verification (ADR 040): the policy, and a team member's lost factor.
export const setRequireMfa = (requireMfa: boolean) => call(org.security.$put({ json: { requireMfa } }));
// Session limits and the organization's audit log (ADR 042).
export const setSessionLimits = (json: { sessionIdleMinutes: number | null; sessionMaxHours: number | null }) => call(org.security.$put({ json }));
// The route answers CSV too (?format=csv, downloaded as a file): this read is its JSON answer.
export const getAuditLog = (query: { cursor?: string; person?: string; kind?: string; from?: string; to?: string }, signal?: AbortSignal) =>
  call(org['audit-log'].$get({ query: query as never }, abortable(signal)) as unknown as Promise<ClientResponse<OrganizationAuditPage, number, 'json'>>);
/** The same filters as CSV (?format=csv), as a file to save. */
export const downloadAuditLog = (query: Record<string, string>) => downloadFile(`/api/organization/audit-log?${new URLSearchParams({ ...query, format: 'csv' }).toString()}`);
export const resetMemberFactors = (id: string) => call(org.members[':id'].factors.$delete({ param: { id } }));

// Join link and join requests (org_admins; ADR 003).
export const getJoinLink = (signal?: AbortSignal) => call(org['join-link'].$get({}, abortable(signal)));
export const updateJoinLink = (input: Pick<UpdateOrganizationInput, 'joinByLinkEnabled' | 'allowedEmailDomains'>) => call(org.update.$put({ json: input }));
export const rotateJoinLink = () => call(org['join-link'].rotate.$post());
export const getJoinRequests = (signal?: AbortSignal) => call(org['join-requests'].$get({}, abortable(signal)));
export const decideJoinRequest = (id: string, decision: 'approve' | 'decline') =>
  call(decision === 'approve' ? org['join-requests'][':id'].approve.$post({ param: { id } }) : org['join-requests'][':id'].decline.$post({ param: { id } }));

/** A one-time link to the organization export zip (org_admins; docs/decisions/023). */
export const createExportLink = () => call(client.organization.export.$post());
