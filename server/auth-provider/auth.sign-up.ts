import type { AuthContext } from './auth.context.ts';
import { checkNewPassword } from './auth.passwords.ts';
import { startSession, type SessionJson } from './auth.sessions.ts';
import { insertUser } from './auth.users.ts';

/** Auto-confirmed e-mail signup (local mode has no confirmation step): the user gets a session at once. */
export async function signUp(
  ctx: AuthContext,
  input: { email: string; password: unknown; data: Record<string, unknown> },
): Promise<SessionJson> {
  const password = checkNewPassword(input.password);
  const now = ctx.now();
  const user = await insertUser(ctx.db, { email: input.email, password, userMetadata: input.data }, now, now);
  return startSession(ctx, user, 'password');
}
