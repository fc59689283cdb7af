import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from './factory.ts';

/** IPv4-mapped IPv6 (::ffff:1.2.3.4) is the IPv4 address. */
const plain = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

const lists = new Map<string, BlockList>();

/** The BlockList of TRUSTED_PROXIES entries (validated by env.ts), built once per distinct setting. */
function trustedList(entries: readonly string[]): BlockList {
  const key = entries.join(',');
  let list = lists.get(key);
  if (!list) {
    list = new BlockList();
    for (const entry of entries) {
      const [address = '', bits] = entry.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(plain(address), type);
      else list.addSubnet(address, Number(bits), type);
    }
    lists.set(key, list);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const a = plain(address);
  const family = isIP(a);
  return family !== 0 && list.check(a, family === 6 ? 'ipv6' : 'ipv4');
}

/** Loggers (one per app) that already carried the warning below. */
const warned = new WeakSet<object>();

/**
 * Behind a reverse proxy that is not in TRUSTED_PROXIES every client counts as the proxy, so one
 * client's failed sign-ins would throttle everyone: tell the operator once per app.
 */
function warnUntrustedForwarding(c: Context<AppEnv>, peer: string) {
  const logger = c.var.deps?.logger;
  if (!logger || warned.has(logger)) return;
  warned.add(logger);
  logger.warn(
    'X-Forwarded-For ignored: the peer is not in TRUSTED_PROXIES, so every client behind it shares one request budget. Set TRUSTED_PROXIES to your reverse proxy addresses.',
    { peer: plain(peer) },
  );
}

/**
 * The client address for rate limiting. Starting from the socket peer, every hop that is a trusted
 * proxy (env TRUSTED_PROXIES, none by default) is replaced by the address it forwarded for
 * (X-Forwarded-For, read right to left); the first untrusted hop is the client. So without configured
 * proxies the header is ignored, and a client cannot choose its address by sending one.
 * Undefined in-process (app.request without a socket), where no per-IP limit applies.
 */
export function clientIp(c: Context<AppEnv>): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress;
  if (!peer) return undefined;
  const trusted = c.var.deps?.env.TRUSTED_PROXIES ?? [];
  const forwarded = c.req.header('x-forwarded-for');
  if (trusted.length === 0) {
    if (forwarded) warnUntrustedForwarding(c, peer);
    return plain(peer);
  }
  const list = trustedList(trusted);
  if (forwarded && !isTrusted(list, peer)) warnUntrustedForwarding(c, peer);
  const hops = (forwarded ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  let client = peer;
  while (isTrusted(list, client) && hops.length > 0) client = hops.pop()!;
  return plain(client);
}

/** True when the request's socket peer is one of `trusted` (TRUSTED_PROXIES; never in-process, never by default). */
export function fromTrustedProxy(c: Context, trusted: readonly string[]): boolean {
  const peer = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  return Boolean(peer) && trusted.length > 0 && isTrusted(trustedList(trusted), peer!);
}

/** The 8 16-bit groups of an IPv6 address (zone id dropped, `::` expanded, an IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const bare = address.split('%')[0]!.toLowerCase();
  const [head = '', tail] = bare.split('::');
  const parse = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((g) => {
        if (!g.includes('.')) return [parseInt(g, 16)];
        const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
        return [(a << 8) | b, (c << 8) | d];
      });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key a per-IP budget counts against: an IPv4 address as is, an IPv6 address by its /64 (one
 * subscriber or LAN usually holds a whole /64, RFC 6177, so counting each address would let one
 * client rotate through 2^64 budgets).
 */
export function budgetKeyOf(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const groups = ipv6Groups(ip).slice(0, 4).map((g) => g.toString(16));
  return `${groups.join(':')}::/64`;
}

/** clientIp as a per-IP budget key (budgetKeyOf); undefined in-process, where no per-IP limit applies. */
export function clientBudgetKey(c: Context<AppEnv>): string | undefined {
  const ip = clientIp(c);
  return ip === undefined ? undefined : budgetKeyOf(ip);
}
