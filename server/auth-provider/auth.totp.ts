import { createHmac, randomBytes } from 'node:crypto';
import { base32Decode, base32Encode } from '#domain/base32.ts';

/**
 * TOTP as GoTrue validates it (internal/api/mfa.go verifyTOTPFactor: pquerna/otp with period 30,
 * skew 1, six digits, SHA-1): RFC 6238 over RFC 4226's HOTP.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one (clock drift between phone and server). */
export const TOTP_SKEW_STEPS = 1;
/** Bytes of a new secret: 160 bits, RFC 4226 section 4 R6's recommendation and pquerna/otp's default. */
const SECRET_BYTES = 20;

export const newTotpSecret = (): string => base32Encode(randomBytes(SECRET_BYTES));

/** HOTP (RFC 4226 section 5.3) with the given HMAC hash; `digits` decimal digits, zero-padded. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The RFC 6238 time step of an instant (T0 = 0). */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of a base32 secret at an instant. */
export const totpCode = (secret: string, at: Date): string => hotp(base32Decode(secret), totpStep(at));

/**
 * The step whose code `code` is, within ±TOTP_SKEW_STEPS of `at`, and later than `lastUsedStep`
 * (a code is accepted once: RFC 6238 section 5.2); null when none. Every candidate is computed, so the
 * time taken does not tell which step matched.
 */
export function matchTotp(secret: string, code: string, at: Date, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(at);
  let matched: number | null = null;
  for (let step = now - TOTP_SKEW_STEPS; step <= now + TOTP_SKEW_STEPS; step++) {
    const same = timingSafeEqualDigits(hotp(key, step), code);
    if (same && matched === null && (lastUsedStep === null || step > lastUsedStep)) matched = step;
  }
  return matched;
}

function timingSafeEqualDigits(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The key URI authenticator apps scan, spelled as pquerna/otp's Key.URL() spells GoTrue's:
 * otpauth://totp/<issuer>:<account>?algorithm=SHA1&digits=6&issuer=<issuer>&period=30&secret=<secret>.
 */
export function totpUri(issuer: string, account: string, secret: string): string {
  // Go's url.URL leaves '@' (and ':') unescaped in a path; everything else as encodeURIComponent.
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`.replace(/%40/g, '@');
  const query = new URLSearchParams({ algorithm: 'SHA1', digits: String(TOTP_DIGITS), issuer, period: String(TOTP_PERIOD_SECONDS), secret });
  return `otpauth://totp/${label}?${query.toString()}`;
}
