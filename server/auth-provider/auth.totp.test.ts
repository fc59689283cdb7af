import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode } from '#domain/base32.ts';
import { hotp, matchTotp, newTotpSecret, totpCode, totpStep, totpUri } from './auth.totp.ts';

// RFC 4226 Appendix D and RFC 6238 Appendix B: the published test vectors.
const SHA1_KEY = Buffer.from('12345678901234567890');
const SHA256_KEY = Buffer.from('12345678901234567890123456789012');
const SHA512_KEY = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('TOTP (RFC 6238) over HOTP (RFC 4226)', () => {
  it('gives the HOTP values of RFC 4226 Appendix D', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(SHA1_KEY, counter))).toEqual(expected);
  });

  it('gives the eight-digit TOTP values of RFC 6238 Appendix B for SHA-1, SHA-256 and SHA-512', () => {
    const rows: [number, string, string, string][] = [
      [59, '94287082', '46119246', '90693936'],
      [1111111109, '07081804', '68084774', '25091201'],
      [1111111111, '14050471', '67062674', '99943326'],
      [1234567890, '89005924', '91819424', '93441116'],
      [2000000000, '69279037', '90698825', '38618901'],
      [20000000000, '65353130', '77737706', '47863826'],
    ];
    for (const [seconds, sha1, sha256, sha512] of rows) {
      const step = totpStep(new Date(seconds * 1000));
      expect([hotp(SHA1_KEY, step, 8), hotp(SHA256_KEY, step, 8, 'sha256'), hotp(SHA512_KEY, step, 8, 'sha512')]).toEqual([sha1, sha256, sha512]);
    }
  });

  it('round-trips base32 (RFC 4648 section 10 vectors) and makes 160-bit secrets', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(Buffer.from(base32Decode('MZXW6YTBOI')).toString()).toBe('foobar');
    expect(Buffer.from(base32Decode('mzxw6ytboi======')).toString()).toBe('foobar');
    expect(() => base32Decode('MZXW6YTB0I')).toThrow();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts the current step and one either side, each once, and nothing else', () => {
    const secret = base32Encode(SHA1_KEY);
    const at = new Date(1_111_111_111_000);
    const step = totpStep(at);
    const codeAt = (s: number) => hotp(SHA1_KEY, s);
    expect(matchTotp(secret, totpCode(secret, at), at, null)).toBe(step);
    expect(matchTotp(secret, codeAt(step - 1), at, null)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(step + 1), at, null)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(step - 2), at, null)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 2), at, null)).toBeNull();
    // Single use: a step at or before the last one accepted is refused.
    expect(matchTotp(secret, codeAt(step), at, step)).toBeNull();
    expect(matchTotp(secret, codeAt(step - 1), at, step - 1)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 1), at, step)).toBe(step + 1);
    for (const bad of ['', '12345', '1234567', '12345a', ' 123456']) expect(matchTotp(secret, bad, at, null)).toBeNull();
  });

  it('spells the key URI as GoTrue (pquerna/otp) does', () => {
    expect(totpUri('assess.example.org', 'ann@example.org', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/assess.example.org:ann@example.org?algorithm=SHA1&digits=6&issuer=assess.example.org&period=30&secret=JBSWY3DPEHPK3PXP',
    );
  });
});
