import { describe, expect, it } from 'vitest';
import { deviceOfUserAgent, placeOfIp } from './client-labels.ts';

describe('client labels (ADR 042)', () => {
  it('names a coarse place from the address alone', () => {
    expect(placeOfIp('127.0.0.1')).toBe('This server (loopback)');
    expect(placeOfIp('::1')).toBe('This server (loopback)');
    expect(placeOfIp('192.168.1.20')).toBe('Private network');
    expect(placeOfIp('172.31.0.1')).toBe('Private network');
    expect(placeOfIp('172.32.0.1')).toBe('Internet');
    expect(placeOfIp('fd12:3456::1')).toBe('Private network');
    expect(placeOfIp('100.64.1.1')).toBe('Carrier network (shared address)');
    expect(placeOfIp('fe80::1')).toBe('Local link');
    expect(placeOfIp('8.8.8.8')).toBe('Internet');
    expect(placeOfIp(null)).toBe('Unknown');
    expect(placeOfIp('not an ip')).toBe('Unknown');
  });

  it('names a device from the User-Agent', () => {
    expect(deviceOfUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
    expect(deviceOfUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(deviceOfUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe('Firefox on macOS');
    expect(deviceOfUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(deviceOfUserAgent('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceOfUserAgent(null)).toBe('Unknown device');
    expect(deviceOfUserAgent('something')).toBe('Unknown device');
  });
});
