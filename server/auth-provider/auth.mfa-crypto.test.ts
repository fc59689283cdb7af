import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authEncryptionKeys } from '../db/schema/index.ts';
import { getTestDatabase, truncateAll } from '#tests/setup/db.ts';
import { loadSecretBox } from './auth.mfa-crypto.ts';

describe('MFA secrets sealed at rest (AES-256-GCM)', () => {
  it('opens what it sealed only for the same factor, refuses tampering, and keeps stored keys readable after AUTH_MFA_KEY is set', async () => {
    const database = await getTestDatabase('pglite');
    await truncateAll(database);
    const made = await loadSecretBox(database.db, undefined);
    const again = await loadSecretBox(database.db, undefined);
    expect(await database.db.select().from(authEncryptionKeys)).toHaveLength(1); // one key, made once

    const sealed = made.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'factor-a');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(made.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'factor-a')).not.toBe(sealed); // fresh IV each time
    expect(again.open(sealed, 'factor-a')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(() => made.open(sealed, 'factor-b')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0]! ^= 1;
    expect(() => made.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'factor-a')).toThrow();

    const configured = await loadSecretBox(database.db, randomBytes(32).toString('base64'));
    expect(configured.open(sealed, 'factor-a')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const newer = configured.seal('secret', 'factor-c');
    expect(newer.split('.')[1]).not.toBe(parts[1]);
    expect(() => made.open(newer, 'factor-c')).toThrow(/unknown version or key/);
  });
});
