// The embedded provider's sign-up confirmation (ADR 002 §9): the mailed link's token and the password
// chosen at sign-up, POSTed to /auth/v1/verify as supabase-js would (apikey header); the answer is a
// GoTrue session, handed to supabase-js with setSession.
import { getAppConfig } from '../../../config/app-config.ts';
import { requestJson } from '../../../lib/api-client.ts';
import { loadSupabase } from '../../../lib/supabase.ts';

interface VerifySession {
  access_token: string;
  refresh_token: string;
}

/** Confirms the address and signs in; throws ApiError (400 invalid_credentials, 403 otp_expired, 429 locked). */
export async function confirmEmail(tokenHash: string, password: string): Promise<void> {
  const config = getAppConfig();
  // The auth provider is not part of the /api routes (ApiType), so this answer's type is declared here.
  const session = await requestJson<VerifySession>(
    `${config.authUrl}/auth/v1/verify`,
    { method: 'POST', json: { type: 'signup', token_hash: tokenHash, password }, headers: { apikey: config.supabaseAnonKey } },
    { auth: false },
  );
  const { error } = await (await loadSupabase()).auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  if (error) throw error;
}
