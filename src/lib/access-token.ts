// The one access-token source of the SPA (ADR 015): the stored Supabase session's token, or a
// refreshed one. Pages (src/lib/api-client.ts), downloads, the sync runtime and the evidence
// uploader all take their bearer token from here, at send time.
import { TokenRefreshUnreachable, type TokenGetter } from './http.ts';
import { loadSupabase } from './supabase.ts';

/**
 * The current access token, or a refreshed one with `forceRefresh`; null when nobody is signed in
 * or the refresh was refused. A refresh that could not reach the auth server throws
 * `TokenRefreshUnreachable`: offline is not signed out (see `exchange` in ./http.ts).
 */
export const getAccessToken: TokenGetter = async ({ forceRefresh }) => {
  const auth = (await loadSupabase()).auth;
  if (!forceRefresh) {
    const { data } = await auth.getSession();
    return data.session?.access_token ?? null;
  }
  const { data, error } = await auth.refreshSession();
  if (error?.name === 'AuthRetryableFetchError') throw new TokenRefreshUnreachable();
  return error ? null : (data.session?.access_token ?? null);
};
