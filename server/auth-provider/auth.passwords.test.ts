import { describe, expect, it } from 'vitest';
import { AuthError } from './auth.errors.ts';
import { checkNewPassword, hashPassword, verifyAgainstDummy, verifyPassword } from './auth.passwords.ts';

describe('password hashing', () => {
  it('stores scrypt parameters, salt and key with the hash, and verifies in constant time', async () => {
    const hash = await hashPassword('Correct horse 9');
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect({ scheme, n, r, p }).toEqual({ scheme: 'scrypt', n: '32768', r: '8', p: '1' });
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(64);
    expect(await verifyPassword('Correct horse 9', hash)).toBe(true);
    expect(await verifyPassword('correct horse 9', hash)).toBe(false);
    expect(await hashPassword('Correct horse 9')).not.toBe(hash);
  });

  it('hashes at a lower cost when asked (the test-only setting), and such a hash carries its N and still verifies', async () => {
    const hash = await hashPassword('Correct horse 9', 4);
    expect(hash.split('$').slice(1, 4)).toEqual(['16', '8', '1']);
    expect(await verifyPassword('Correct horse 9', hash)).toBe(true);
    expect(await verifyPassword('Correct horse 8', hash)).toBe(false);
    expect(await verifyAgainstDummy('anything', 4)).toBe(false);
  });

  it('never matches malformed stored hashes', async () => {
    for (const stored of ['', 'bcrypt$x', 'scrypt$0$8$1$AA$AA', 'scrypt$1000$8$1$AA$AA', 'scrypt$32768$8$1$AA$', 'plain']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});

describe('checkNewPassword', () => {
  const codeOf = (value: unknown) => {
    try {
      checkNewPassword(value);
      return 'ok';
    } catch (err) {
      return err instanceof AuthError ? `${err.status} ${err.code}` : 'other';
    }
  };

  it('applies the product minimum of 8 and the 72 character maximum', () => {
    expect(codeOf('1234567')).toBe('422 weak_password');
    expect(codeOf('12345678')).toBe('ok');
    expect(codeOf('x'.repeat(72))).toBe('ok');
    expect(codeOf('x'.repeat(73))).toBe('400 validation_failed');
    expect(codeOf(undefined)).toBe('400 validation_failed');
    expect(codeOf(12345678)).toBe('400 validation_failed');
  });

  it('reports weak_password reasons like GoTrue', () => {
    try {
      checkNewPassword('short');
      expect.unreachable();
    } catch (err) {
      expect((err as AuthError).extra).toEqual({
        weak_password: { message: 'Password should be at least 8 characters.', reasons: ['length'] },
      });
    }
  });
});
