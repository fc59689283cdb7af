// Creates and signs in users through the real embedded provider (POST /auth/v1/...), for API tests.
import { randomUUID } from 'node:crypto';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import type { TestServer } from './app.ts';
import { verifySecondFactor } from './mfa.ts';

export interface TestUser {
  userId: string;
  accessToken: string;
  refreshToken: string;
  email: string;
  password: string;
}

export const DEFAULT_TEST_PASSWORD = 'Correct-horse-battery-9';

async function authPost(server: TestServer, path: string, body: unknown) {
  const res = await server.app.request(`/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, any>;
  if (res.status !== 200) throw new Error(`POST /auth/v1${path} failed: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const toTestUser = (session: Record<string, any>, email: string, password: string): TestUser => ({
  userId: session.user.id as string,
  accessToken: session.access_token as string,
  refreshToken: session.refresh_token as string,
  email,
  password,
});

/**
 * The session a mailed /verify link opens: a recovery link redirects with the tokens in the
 * fragment; a sign-up confirmation link redirects to the SPA's /confirm-email page with the token in
 * the fragment, and the session comes from POST /verify with the sign-up `password` (as that page does).
 */
export async function followEmailLink(
  server: TestServer,
  link: string,
  password?: string,
): Promise<{ accessToken: string; refreshToken: string; location: string }> {
  const res = await server.app.request(link.replace(/^https?:\/\/[^/]+/, ''), { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const hash = new URLSearchParams(new URL(location).hash.slice(1));
  const tokenHash = hash.get('token_hash');
  if (res.status === 303 && tokenHash && hash.get('type') === 'signup') {
    const session = await authPost(server, '/verify', { type: 'signup', token_hash: tokenHash, password });
    return { accessToken: session.access_token as string, refreshToken: session.refresh_token as string, location };
  }
  const accessToken = hash.get('access_token');
  if (res.status !== 303 || !accessToken) throw new Error(`email link did not open a session: ${res.status} ${hash.get('error_description')}`);
  return { accessToken, refreshToken: hash.get('refresh_token') ?? '', location };
}

/** The link of the newest captured mail to `email` (after the provider's after-answer mail work). */
export async function lastMailLink(server: TestServer, email: string): Promise<string> {
  await (server.deps.authAdmin as { idle?: () => Promise<void> } | undefined)?.idle?.();
  const link = server.mail.filter((m) => m.to === email.toLowerCase()).at(-1)?.links?.[0];
  if (!link) throw new Error(`no mail with a link to ${email}`);
  return link;
}

/**
 * Signs up a new user (unique e-mail unless given) and returns its first session: the one the
 * confirmation link opens (the provider's default), or the sign-up's own with AUTH_AUTOCONFIRM.
 */
export async function signUpUser(
  server: TestServer,
  input: { email?: string; password?: string; data?: Record<string, unknown> } = {},
): Promise<TestUser> {
  const email = (input.email ?? `user-${randomUUID().slice(0, 8)}@test.local`).toLowerCase();
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  const signedUp = await authPost(server, '/signup', { email, password, data: input.data ?? {} });
  if (signedUp.access_token) return toTestUser(signedUp, email, password);
  const confirmed = await followEmailLink(server, await lastMailLink(server, email), password);
  return { userId: signedUp.id as string, accessToken: confirmed.accessToken, refreshToken: confirmed.refreshToken, email, password };
}

/** Password sign-in: a new session for an existing user. */
export async function signInUser(server: TestServer, email: string, password: string): Promise<TestUser> {
  const session = await authPost(server, '/token?grant_type=password', { email, password });
  return toTestUser(session, email.toLowerCase(), password);
}

/** Password sign-in, then the second factor (tests/setup/mfa.ts): an aal2 session, as ADR 040 asks of system admins. */
export async function signInWithSecondFactor(server: TestServer, email: string, password: string): Promise<TestUser> {
  const signedIn = await signInUser(server, email, password);
  return toTestUser(await verifySecondFactor(server, signedIn), signedIn.email, password);
}
