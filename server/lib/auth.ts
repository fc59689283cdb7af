import { unauthorized } from './app-error.ts';
import { factory } from './factory.ts';

/** Verifies the bearer access token and puts the identity in c.var.user. Identity comes only from here. */
export const requireUser = factory.createMiddleware(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Authentication required');
  const user = await c.var.deps.tokens.verify(match[1].trim());
  c.set('user', user);
  await next();
});
