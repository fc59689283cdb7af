// Small helpers shared by the supabase-js contract tests.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import type { ContractServer } from './contract-server.ts';

export const PASSWORD = 'Correct-horse-battery-9';

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now().toString(36)}-${++counter}@contract.test`;

/**
 * With AUTH_AUTOCONFIRM: a new account signed up and signed in with its password (amr password,
 * aal1), or only signed in when `email` has one already.
 */
export async function passwordClient(server: ContractServer, email: string, signUp = true): Promise<{ client: SupabaseClient; email: string }> {
  const client = server.client();
  if (signUp) {
    const up = await client.auth.signUp({ email, password: PASSWORD });
    if (up.error) throw up.error;
  }
  const signin = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signin.error) throw signin.error;
  return { client, email };
}

/**
 * Signs up through supabase-js (no session yet: the address must be confirmed), follows the mailed
 * confirmation link like a browser, confirms with the sign-up password as the /confirm-email page
 * does, and returns a client holding the session that opened.
 */
export async function signedUpClient(server: ContractServer, email = uniqueEmail(), password = PASSWORD) {
  const client = server.client();
  const { data, error } = await client.auth.signUp({ email, password, options: { data: { firstName: 'Ada', lastName: 'Lovelace' } } });
  if (error || !data.user) throw new Error(`signUp failed: ${error?.message ?? 'no user'}`);
  if (data.session) throw new Error('signUp returned a session although the address is not confirmed');
  const { status, body } = await confirmWithPassword(server, await mailLinkTo(server, email), password);
  if (status !== 200) throw new Error(`confirmation did not open a session: ${status} ${JSON.stringify(body)}`);
  const set = await client.auth.setSession({ access_token: String(body.access_token), refresh_token: String(body.refresh_token) });
  if (set.error || !set.data.session) throw new Error(`confirmation session refused: ${set.error?.message ?? 'no session'}`);
  return { client, session: set.data.session, email, password };
}

/** POST /auth/v1/verify as the SPA's /confirm-email page sends it (plain fetch with the apikey header). */
export async function postVerify(server: ContractServer, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.baseUrl}/auth/v1/verify`, {
    method: 'POST',
    headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Follows a mailed confirmation link like a browser (it lands on /confirm-email with the token in
 * the fragment) and confirms with `password`; also returns the redirect's location.
 */
export async function confirmWithPassword(server: ContractServer, link: string, password: string | undefined) {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const tokenHash = fragmentOf(location).get('token_hash') ?? '';
  return { location, ...(await postVerify(server, { type: 'signup', token_hash: tokenHash, ...(password === undefined ? {} : { password }) })) };
}

/** Verifies an access token the way a third party would: against the server's published JWKS. */
export async function verifyWithPublishedJwks(server: ContractServer, token: string) {
  const jwks = createRemoteJWKSet(new URL(`${server.baseUrl}/auth/v1/.well-known/jwks.json`));
  const { payload } = await jwtVerify(token, jwks, {
    issuer: `${server.baseUrl}/auth/v1`,
    audience: 'authenticated',
    algorithms: ['ES256'],
    currentDate: server.clock.now(),
  });
  return { header: decodeProtectedHeader(token), payload };
}

/** Parses the fragment of a /verify redirect. */
export function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

/** The link of the newest mail to `to`, once the provider's after-answer mail work is done. */
export async function mailLinkTo(server: ContractServer, to: string): Promise<string> {
  await mailSettled(server);
  return lastLinkTo(server, to);
}

/** Waits for the mail the provider sends after answering (recover, resend). */
export async function mailSettled(server: ContractServer): Promise<void> {
  await (server.built.deps.authAdmin as { idle?: () => Promise<void> } | undefined)?.idle?.();
}

/** The link of the newest mail to `to` (already sent; see mailLinkTo for recover/resend). */
export function lastLinkTo(server: ContractServer, to: string): string {
  const mail = server.mail.filter((m) => m.to === to).at(-1);
  const link = mail?.links?.[0];
  if (!link) throw new Error(`no mail with a link to ${to}`);
  return link;
}
