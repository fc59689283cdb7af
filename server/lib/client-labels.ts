// Labels a person can read for a session's client (ADR 042): a coarse place from the IP address
// and a device from the User-Agent. Offline by design: no network calls and no GeoIP database, so
// "place" says what the address alone tells (RFC 1918, RFC 6598, RFC 4193 and the like), and a
// public address is shown as itself.
import { BlockList, isIP } from 'node:net';

const ranges: [string, number, 'ipv4' | 'ipv6', string][] = [
  ['127.0.0.0', 8, 'ipv4', 'This server (loopback)'],
  ['::1', 128, 'ipv6', 'This server (loopback)'],
  ['10.0.0.0', 8, 'ipv4', 'Private network'],
  ['172.16.0.0', 12, 'ipv4', 'Private network'],
  ['192.168.0.0', 16, 'ipv4', 'Private network'],
  ['fc00::', 7, 'ipv6', 'Private network'],
  ['100.64.0.0', 10, 'ipv4', 'Carrier network (shared address)'],
  ['169.254.0.0', 16, 'ipv4', 'Local link'],
  ['fe80::', 10, 'ipv6', 'Local link'],
];

const lists = ranges.map(([net, bits, type, label]) => {
  const list = new BlockList();
  list.addSubnet(net, bits, type);
  return { list, type, label };
});

/** A coarse place for an address: loopback, private network, carrier NAT, local link, else "Internet"; "Unknown" without one. */
export function placeOfIp(ip: string | null): string {
  if (!ip) return 'Unknown';
  const family = isIP(ip);
  if (family === 0) return 'Unknown';
  const type = family === 6 ? 'ipv6' : 'ipv4';
  return lists.find((r) => r.type === type && r.list.check(ip, type))?.label ?? 'Internet';
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'], // also HeadlessChrome
  [/\bSafari\//, 'Safari'],
  [/\bnode\b|\bundici\b|supabase-js-node/i, 'Node.js'],
  [/\bcurl\//i, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on Windows", "Firefox", "Unknown device": the first browser and system a User-Agent names. */
export function deviceOfUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
