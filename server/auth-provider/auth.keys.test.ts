import { describe, expect, it } from 'vitest';
import { getTestDatabase } from '#tests/setup/db.ts';
import { withTrailingBits } from '#tests/setup/forged-tokens.ts';
import { ACCESS_TOKEN_TTL_SECONDS, loadSigningKeys } from './auth.keys.ts';

describe('signing keys: a token verified once is checked for time again on every use', () => {
  it('accepts a remembered token until it expires, then refuses it; another issuer never accepts it', async () => {
    const database = await getTestDatabase('pglite');
    const keys = await loadSigningKeys(database.db, 'http://issuer.test/auth/v1');
    const issued = new Date('2026-01-01T00:00:00Z');
    const token = await keys.sign({ sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated' }, issued);
    const later = (s: number) => new Date(issued.getTime() + s * 1000);
    expect((await keys.verify(token, later(1))).sub).toBe('00000000-0000-4000-8000-000000000001');
    expect((await keys.verify(token, later(ACCESS_TOKEN_TTL_SECONDS - 1))).sub).toBe('00000000-0000-4000-8000-000000000001');
    await expect(keys.verify(token, later(ACCESS_TOKEN_TTL_SECONDS))).rejects.toThrow();
    await expect(keys.verify(token, later(1))).resolves.toBeTruthy(); // verified afresh: the signature still holds
    const other = await loadSigningKeys(database.db, 'http://other.test/auth/v1');
    await expect(other.verify(token, later(1))).rejects.toThrow();
    const tampered = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(86)}`;
    await expect(keys.verify(tampered, later(1))).rejects.toThrow();
  });
});

describe('signing keys: only the canonical base64url encoding of a token is accepted', () => {
  it('refuses forged encodings of a valid token (trailing bits, padding, + and /, whitespace)', async () => {
    const database = await getTestDatabase('pglite');
    const keys = await loadSigningKeys(database.db, 'http://issuer.test/auth/v1');
    const issued = new Date('2026-01-01T00:00:00Z');
    const at = new Date(issued.getTime() + 1000);
    // A token whose signature has a '-' or '_' to swap for '+' or '/' (most have; sign until one does).
    let token = '';
    for (let i = 0; i < 50 && !/[-_]/.test(token.split('.')[2] ?? ''); i++) {
      token = await keys.sign({ sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', n: i }, issued);
    }
    const [header = '', payload = '', signature = ''] = token.split('.');
    expect(/[-_]/.test(signature)).toBe(true);
    expect((await keys.verify(token, at)).sub).toBe('00000000-0000-4000-8000-000000000001');

    const forged = [
      `${header}.${payload}.${withTrailingBits(signature)}`,
      `${header}.${payload}.${signature}==`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature.replace(/-/g, '+').replace(/_/g, '/')}`,
      `${header}=.${payload}.${signature}`,
      `${header}.${payload}.${signature.slice(0, 40)} ${signature.slice(40)}`,
    ];
    const headerBits = withTrailingBits(header);
    if (headerBits) forged.push(`${headerBits}.${payload}.${signature}`);
    const payloadBits = withTrailingBits(payload);
    if (payloadBits) forged.push(`${header}.${payloadBits}.${signature}`);
    for (const variant of forged) {
      expect(variant).not.toBe(token);
      await expect(keys.verify(variant, at), variant).rejects.toThrow();
    }
    // The canonical token is still accepted after the forgeries were tried.
    expect((await keys.verify(token, at)).sub).toBe('00000000-0000-4000-8000-000000000001');
  });
});
