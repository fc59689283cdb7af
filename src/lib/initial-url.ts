// The URL fragment as the page was opened, captured before supabase-js consumes it
// (recovery links carry either tokens or error=...&error_code=otp_expired there).
export const initialHashParams = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, ''));
export const initialQueryParams = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);

/** The auth error carried by the opening URL, if any. */
export function initialAuthError(): { code: string; description: string } | null {
  const code = initialQueryParams.get('error_code') ?? initialHashParams.get('error_code') ?? initialHashParams.get('error');
  if (!code) return null;
  const description = initialQueryParams.get('error_description') ?? initialHashParams.get('error_description') ?? '';
  return { code, description };
}

/** True when the opening URL carries tokens, an auth code or an auth error for supabase-js to consume. */
export function urlCarriesAuth(): boolean {
  return ['access_token', 'error', 'error_code'].some((k) => initialHashParams.has(k)) || initialQueryParams.has('code') || initialQueryParams.has('error_code');
}
