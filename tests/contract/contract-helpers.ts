// Small helpers shared by the supabase-js contract tests.
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import type { ContractServer } from './contract-server.ts';

export const PASSWORD = 'Correct-horse-battery-9';

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now().toString(36)}-${++counter}@contract.test`;

/** Signs up through supabase-js and returns the client holding the new session. */
export async function signedUpClient(server: ContractServer, email = uniqueEmail(), password = PASSWORD) {
  const client = server.client();
  const { data, error } = await client.auth.signUp({ email, password, options: { data: { firstName: 'Ada', lastName: 'Lovelace' } } });
  if (error || !data.session) throw new Error(`signUp failed: ${error?.message ?? 'no session'}`);
  return { client, session: data.session, email, password };
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

/** The recovery link of the newest mail to `to`. */
export function lastLinkTo(server: ContractServer, to: string): string {
  const mail = server.mail.filter((m) => m.to === to).at(-1);
  const link = mail?.links?.[0];
  if (!link) throw new Error(`no mail with a link to ${to}`);
  return link;
}
