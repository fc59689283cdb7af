import { createHash, randomBytes } from 'node:crypto';

/** An opaque, URL-safe secret (refresh and recovery tokens): 32 random bytes, base64url. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Only this hash of an opaque token is ever stored. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');
