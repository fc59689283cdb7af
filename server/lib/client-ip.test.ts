import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { budgetKeyOf, clientIp } from './client-ip.ts';
import type { AppDeps, AppEnv } from './factory.ts';
import { createLogger, type Logger } from './logger.ts';

/** A tiny app answering with clientIp, as a socket peer `peer` behind TRUSTED_PROXIES `trusted`. */
async function ipOf(trusted: string, peer: string, forwardedFor?: string, logger?: Logger) {
  const env = loadEnv({ TRUSTED_PROXIES: trusted });
  const app = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('deps', { env, logger } as AppDeps);
      await next();
    })
    .get('/', (c) => c.text(clientIp(c) ?? 'none'));
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return res.text();
}

describe('clientIp', () => {
  it('ignores X-Forwarded-For from any peer, loopback included, when no proxy is trusted', async () => {
    expect(await ipOf('', '127.0.0.1', '192.0.2.1')).toBe('127.0.0.1');
    expect(await ipOf('', '::ffff:127.0.0.1', '192.0.2.1')).toBe('127.0.0.1');
    expect(await ipOf('', '203.0.113.7', '192.0.2.1')).toBe('203.0.113.7');
  });

  it('behind trusted proxies takes the rightmost untrusted hop, so a client cannot prepend its own', async () => {
    expect(await ipOf('127.0.0.1', '127.0.0.1', '192.0.2.1')).toBe('192.0.2.1');
    // The client sent "X-Forwarded-For: 1.1.1.1"; the proxy appended the real address.
    expect(await ipOf('127.0.0.1', '127.0.0.1', '1.1.1.1, 192.0.2.1')).toBe('192.0.2.1');
    // Two proxies (an internal load balancer, then loopback), both trusted via CIDR.
    expect(await ipOf('127.0.0.1,10.0.0.0/8', '127.0.0.1', '1.1.1.1, 192.0.2.1, 10.1.2.3')).toBe('192.0.2.1');
    // An untrusted peer's header is ignored even when proxies are configured.
    expect(await ipOf('127.0.0.1', '203.0.113.7', '192.0.2.1')).toBe('203.0.113.7');
    // Trusted peer without a header: the peer itself.
    expect(await ipOf('127.0.0.1', '127.0.0.1')).toBe('127.0.0.1');
  });

  it('tells the operator once when a peer that is not a trusted proxy sends X-Forwarded-For', async () => {
    const lines: string[] = [];
    const logger = createLogger('debug', (_lvl, line) => lines.push(line));
    await ipOf('', '127.0.0.1', undefined, logger);
    expect(lines).toEqual([]);
    await ipOf('', '127.0.0.1', '192.0.2.1', logger);
    await ipOf('10.0.0.0/8', '127.0.0.1', '192.0.2.9', logger);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('TRUSTED_PROXIES');
    expect(lines[0]).toContain('127.0.0.1');
    expect(lines[0]).not.toContain('192.0.2.1');
  });

  it('refuses a TRUSTED_PROXIES value that is not IPs or CIDRs', () => {
    expect(() => loadEnv({ TRUSTED_PROXIES: 'localhost' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadEnv({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
    expect(loadEnv({ TRUSTED_PROXIES: ' 127.0.0.1 , ::1, 10.0.0.0/8 ' }).TRUSTED_PROXIES).toEqual(['127.0.0.1', '::1', '10.0.0.0/8']);
  });
});

describe('budgetKeyOf', () => {
  it('keys IPv4 by the address and IPv6 by its /64, so rotating addresses inside one /64 shares one budget', () => {
    expect(budgetKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(budgetKeyOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(budgetKeyOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(budgetKeyOf('2001:DB8:1:2:ffff::1%eth0')).toBe('2001:db8:1:2::/64');
    expect(budgetKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(budgetKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(budgetKeyOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(budgetKeyOf('2001:db8:1:3::1')).not.toBe(budgetKeyOf('2001:db8:1:2::1'));
  });
});
