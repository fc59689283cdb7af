// Strict base64url (RFC 4648 section 5, no padding, as JWS compact serialization requires: RFC 7515
// section 2). Node's decoder is lenient: it skips padding and whitespace, accepts '+' and '/', and
// ignores the unused low bits of the last character, so many strings decode to the same bytes.
// A token that is accepted in several spellings can slip past anything keyed by its text (caches,
// revocation lists, logs), so only the one canonical spelling is accepted.

const ALPHABET = /^[A-Za-z0-9_-]*$/;

/** True when `s` is exactly what encoding its decoded bytes as base64url gives back. */
export function isCanonicalBase64url(s: string): boolean {
  if (!ALPHABET.test(s) || s.length % 4 === 1) return false;
  return Buffer.from(s, 'base64url').toString('base64url') === s;
}

/** A compact JWS (header.payload.signature) whose three segments are canonical and non-empty. */
export function isCanonicalJws(token: string): boolean {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((p) => p.length > 0 && isCanonicalBase64url(p));
}

/** A canonical base64url encoding of exactly `bytes` bytes (the provider's opaque tokens: 32). */
export function isCanonicalToken(token: string, bytes = 32): boolean {
  return token.length === Math.ceil((bytes * 4) / 3) && isCanonicalBase64url(token);
}
