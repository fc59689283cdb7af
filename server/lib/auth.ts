import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema/index.ts';
import { SessionEndedError, unauthorized } from './app-error.ts';
import { accessEndedError } from './caller.ts';
import { factory, type AppDeps, type AuthUser } from './factory.ts';

/**
 * The token's session is gone. When an admin ended the access (member removed, account disabled)
 * the caller is told so (403 with the reason the SPA shows on sign-in), not just "session expired".
 */
async function sessionEnded(deps: AppDeps, err: SessionEndedError): Promise<never> {
  const [profile] = await deps.db.select({ status: profiles.status, organizationId: profiles.organizationId }).from(profiles).where(eq(profiles.id, err.userId)).limit(1);
  if (profile && profile.status !== 'active') throw accessEndedError(profile);
  throw err;
}

async function verify(deps: AppDeps, token: string): Promise<AuthUser> {
  try {
    return await deps.tokens.verify(token);
  } catch (err) {
    if (err instanceof SessionEndedError) return sessionEnded(deps, err);
    throw err;
  }
}

/** Verifies the bearer access token and puts the identity in c.var.user. Identity comes only from here. */
export const requireUser = factory.createMiddleware(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Authentication required');
  const user = await verify(c.var.deps, match[1].trim());
  c.set('user', user);
  await next();
});
