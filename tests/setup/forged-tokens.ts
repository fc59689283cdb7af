// Non-canonical spellings of base64url tokens, for tests proving that only the canonical one is accepted.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same bytes with the unused low bits of the last character set; null when the text has none. */
export function withTrailingBits(segment: string): string | null {
  if ((segment.length * 6) % 8 === 0) return null;
  const last = ALPHABET.indexOf(segment.at(-1) ?? '');
  return `${segment.slice(0, -1)}${ALPHABET[last | 1]}`;
}

/** Spellings Node's lenient decoder reads as the same bytes as `segment`. */
export function lenientSpellings(segment: string): string[] {
  const variants = [`${segment}=`, `${segment}==`, segment.replace(/-/g, '+').replace(/_/g, '/'), ` ${segment}`];
  const bits = withTrailingBits(segment);
  if (bits) variants.push(bits);
  return variants.filter((v) => v !== segment);
}

/** Forged spellings of a compact JWS: each segment in turn spelled leniently. */
export function forgedJwsSpellings(token: string): string[] {
  const parts = token.split('.');
  return parts.flatMap((part, i) => lenientSpellings(part).map((v) => parts.map((p, j) => (j === i ? v : p)).join('.')));
}
