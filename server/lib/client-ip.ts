import type { Context } from 'hono';
import type { AppEnv } from './factory.ts';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The client address for rate limiting: the socket peer, or the last X-Forwarded-For hop when the
 * peer is a reverse proxy on loopback. Undefined in-process (app.request), where no limit applies.
 */
export function clientIp(c: Context<AppEnv>): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress;
  if (!peer) return undefined;
  if (!LOOPBACK.test(peer)) return peer;
  const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
  return forwarded?.at(-1) ?? peer;
}
