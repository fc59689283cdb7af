import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { validationFailed, weakPassword } from './auth.errors.ts';

/** Product minimum (Supabase's default is 6); the maximum matches GoTrue's bcrypt limit. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;

/** scrypt's cost in production: N = 2^15, r = 8, p = 1 (32 MiB, OWASP's minimum for scrypt). */
export const DEFAULT_HASH_LOG2N = 15;
const PARAMS = { r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, p: { N: number; r: number; p: number }, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N: p.N, r: p.r, p: p.p, maxmem: MAX_MEM };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * The log2 of N new hashes use: the full cost unless the environment's test-only
 * TEST_PASSWORD_HASH_LOG2N lowers it (server/env.ts refuses it outside NODE_ENV=test).
 */
export const hashLog2N = (env: { TEST_PASSWORD_HASH_LOG2N?: number | undefined }) => env.TEST_PASSWORD_HASH_LOG2N ?? DEFAULT_HASH_LOG2N;

/**
 * `scrypt$N$r$p$salt$hash` (base64url parts), so the parameters travel with the hash and a hash
 * made at another cost still verifies.
 */
export async function hashPassword(password: string, log2N: number = DEFAULT_HASH_LOG2N): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const N = 2 ** log2N;
  const key = await derive(password, salt, { N, ...PARAMS }, KEY_LENGTH);
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length === 0) return false;
  try {
    const actual = await derive(password, salt, { N, r, p }, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    return false; // parameters scrypt refuses (e.g. N not a power of two)
  }
}

const dummyHashes = new Map<number, Promise<string>>();
/**
 * Burns the same scrypt work for unknown e-mails as a real account's check (at the cost new hashes
 * use), so response time does not reveal which accounts exist.
 */
export async function verifyAgainstDummy(password: string, log2N: number = DEFAULT_HASH_LOG2N): Promise<false> {
  let dummy = dummyHashes.get(log2N);
  if (!dummy) dummyHashes.set(log2N, (dummy = hashPassword(randomBytes(16).toString('hex'), log2N)));
  await verifyPassword(password, await dummy);
  return false;
}

/** GoTrue's rules: too long or missing is a 400, too short is a 422 weak_password with reasons. */
export function checkNewPassword(password: unknown): string {
  if (typeof password !== 'string' || password.length === 0) throw validationFailed('Password is required');
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw weakPassword(`Password should be at least ${PASSWORD_MIN_LENGTH} characters.`, ['length']);
  }
  return password;
}
