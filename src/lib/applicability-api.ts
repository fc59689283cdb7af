// The organization's applicability profile (domain/questions/applicability.ts), typed from the
// server's routes (ADR 015): GET for every member, PUT for org_admins. Shared by the Organization
// page and the start of an assessment, which needs a profile first.
import type { ApplicabilityView } from '#domain/contracts/accounts.ts';
import type { ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { ApiError, abortable, call, client } from './api-client.ts';

export const getApplicability = (signal?: AbortSignal): Promise<ApplicabilityView> => call(client.organization.applicability.$get({}, abortable(signal)));

export const saveApplicability = (profile: ApplicabilityProfile): Promise<ApplicabilityView> => call(client.organization.applicability.$put({ json: profile }));

/** The server refused to start an assessment because the organization has no profile yet (409). */
export const isApplicabilityRequired = (error: unknown): boolean => error instanceof ApiError && error.status === 409 && error.code === 'applicability_required';
