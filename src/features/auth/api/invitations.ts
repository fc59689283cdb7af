import type { ValidateInviteResponse } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { paths } from '../../../config/paths.ts';
import { apiClient, abortable, call, client, publicClient } from '../../../lib/api-client.ts';
import { loadSupabase } from '../../../lib/supabase.ts';
import { RegisterError } from './register-account.ts';

/** GET /api/auth/validate-invite?token= (no auth). */
export function validateInvite(token: string, signal?: AbortSignal): Promise<ValidateInviteResponse> {
  return call(publicClient.auth['validate-invite'].$get({ query: { token } }, abortable(signal)));
}

/** POST /api/auth/accept-invite: the server creates the account for the invited e-mail. */
export function acceptInvite(input: { token: string; firstName: string; lastName: string; password: string }) {
  return call(publicClient.auth['accept-invite'].$post({ json: input }));
}

/**
 * POST /api/auth/accept-invite, session variant: the visitor is signed in with the invited e-mail
 * (an existing account, e.g. a removed member invited back). Sends the stored session's token,
 * or `accessToken` when given (a session that was just created).
 */
export function acceptInviteSignedIn(input: { token: string; supabaseUserId: string; firstName: string; lastName: string }, accessToken?: string) {
  return call((accessToken ? apiClient({ token: accessToken }) : client).auth['accept-invite'].$post({ json: input }));
}

export type ProviderAcceptResult = 'accepted' | 'confirm-email' | 'exists';

/**
 * Hosted auth (the account is created at the provider first, then the server is called, as in
 * register-account.ts): the server cannot create accounts there, so the browser signs up with the invited
 * e-mail and accepts with the new session. Without a session (e-mail confirmation) the
 * confirmation link brings the user back to the invitation, signed in.
 */
export async function acceptInviteWithNewProviderAccount(input: { token: string; email: string; firstName: string; lastName: string; password: string }): Promise<ProviderAcceptResult> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      emailRedirectTo: `${window.location.origin}${paths.invite.href(input.token)}`,
      data: { firstName: input.firstName, lastName: input.lastName },
    },
  });
  if (error) {
    if (error.code === 'user_already_exists') return 'exists';
    throw new RegisterError(error.message || MSG.signupFailed);
  }
  if (!data.user) throw new RegisterError(MSG.signupFailed);
  // Hosted Supabase answers a sign-up for a registered address with a user without identities.
  if (!data.session) return data.user.identities?.length === 0 ? 'exists' : 'confirm-email';
  await acceptInviteSignedIn({ token: input.token, supabaseUserId: data.user.id, firstName: input.firstName, lastName: input.lastName }, data.session.access_token);
  return 'accepted';
}
