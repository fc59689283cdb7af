// The only place the server fetches an address an org_admin typed (an OIDC issuer's discovery,
// token and key endpoints): https only, and never to a private, loopback or link-local address
// (SSRF), except loopback outside production so tests can run a real OpenID provider on 127.0.0.1.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::ffff:0:0', 96],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export class UnsafeAddressError extends Error {}

/** Refuses a URL the server must not fetch; `allowLoopback` only outside production. */
export async function assertFetchable(url: URL, allowLoopback: boolean): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isLoop = (a: string, family: 'ipv4' | 'ipv6') => loopback.check(a, family);
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new UnsafeAddressError('no address');
  const allLoopback = addresses.every((a) => isLoop(a.address, a.family === 6 ? 'ipv6' : 'ipv4'));
  if (allLoopback) {
    if (!allowLoopback) throw new UnsafeAddressError('loopback address');
    return;
  }
  if (url.protocol !== 'https:') throw new UnsafeAddressError('https only');
  for (const a of addresses) {
    const family = a.family === 6 ? 'ipv6' : 'ipv4';
    if (isLoop(a.address, family) || blocked.check(a.address, family)) throw new UnsafeAddressError('private address');
  }
}

/** fetch for openid-client (its customFetch): every request is checked first, redirects are not followed. */
export function guardedFetch(allowLoopback: boolean) {
  return async (input: string, init: RequestInit): Promise<Response> => {
    await assertFetchable(new URL(input), allowLoopback);
    return fetch(input, { ...init, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  };
}
