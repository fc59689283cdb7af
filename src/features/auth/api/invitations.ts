import type { ValidateInviteResponse } from '#domain/contracts/accounts.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/auth/validate-invite?token= (no auth). */
export function validateInvite(token: string, signal?: AbortSignal): Promise<ValidateInviteResponse> {
  return api.get<ValidateInviteResponse>(`/api/auth/validate-invite?token=${encodeURIComponent(token)}`, { auth: false, signal });
}

/** POST /api/auth/accept-invite: the server creates the account for the invited e-mail. */
export function acceptInvite(input: { token: string; firstName: string; lastName: string; password: string }): Promise<unknown> {
  return api.post('/api/auth/accept-invite', input, { auth: false });
}
