// Creates and signs in users through the real embedded provider (POST /auth/v1/...), for API tests.
import { randomUUID } from 'node:crypto';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import type { TestServer } from './app.ts';

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

/** Signs up a new, confirmed user (unique e-mail unless given) and returns its first session. */
export async function signUpUser(
  server: TestServer,
  input: { email?: string; password?: string; data?: Record<string, unknown> } = {},
): Promise<TestUser> {
  const email = (input.email ?? `user-${randomUUID().slice(0, 8)}@test.local`).toLowerCase();
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  const session = await authPost(server, '/signup', { email, password, data: input.data ?? {} });
  return toTestUser(session, email, password);
}

/** Password sign-in: a new session for an existing user. */
export async function signInUser(server: TestServer, email: string, password: string): Promise<TestUser> {
  const session = await authPost(server, '/token?grant_type=password', { email, password });
  return toTestUser(session, email.toLowerCase(), password);
}
