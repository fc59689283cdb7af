import { describe, expect, it } from 'vitest';
import { getTestDatabase } from '#tests/setup/db.ts';
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
