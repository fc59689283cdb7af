import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authEncryptionKeys } from '../db/schema/index.ts';

/**
 * Seals MFA secrets at rest with AES-256-GCM (12-byte random IV, 16-byte tag), the factor id as
 * associated data so a sealed secret copied onto another factor does not open. Stored as
 * `v1.<key id>.<iv>.<ciphertext+tag>` (base64url), the key id naming the key that sealed it.
 *
 * The key: AUTH_MFA_KEY when configured (server/env.ts, required in production on PostgreSQL).
 * Without it (the embedded default, ADR 001) the provider makes one on first start and keeps it in
 * auth_encryption_keys, as it does its signing key (auth.keys.ts): a dump of the factors table alone
 * then reveals no secret, but a dump of the whole database does, so production configures the key
 * outside the database. Keys made earlier stay usable for opening, so setting AUTH_MFA_KEY later
 * keeps existing factors readable; new secrets are sealed with the configured key.
 */
export interface SecretBox {
  seal(plain: string, aad: string): string;
  open(sealed: string, aad: string): string;
}

const VERSION = 'v1';
const keyId = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 12);

/** Decodes AUTH_MFA_KEY (base64 or base64url of 32 bytes); server/env.ts has already refused anything else. */
export const decodeMfaKey = (text: string): Buffer => Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

export async function loadSecretBox(db: Db, configured: string | undefined): Promise<SecretBox> {
  const stored = () => db.select().from(authEncryptionKeys).orderBy(asc(authEncryptionKeys.createdAt), asc(authEncryptionKeys.id));
  let rows = await stored();
  if (!configured && rows.length === 0) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mvrsp.auth-encryption-key'))`);
      const existing = await tx.select({ id: authEncryptionKeys.id }).from(authEncryptionKeys).limit(1);
      if (existing.length === 0) {
        const key = randomBytes(32);
        await tx.insert(authEncryptionKeys).values({ id: keyId(key), key: key.toString('base64url') });
      }
    });
    rows = await stored();
  }
  const keys = new Map<string, Buffer>(rows.map((r) => [r.id, Buffer.from(r.key, 'base64url')]));
  let current: [string, Buffer];
  if (configured) {
    const key = decodeMfaKey(configured);
    current = [keyId(key), key];
    keys.set(current[0], key);
  } else {
    const first = rows[0];
    if (!first) throw new Error('no MFA encryption key available');
    current = [first.id, Buffer.from(first.key, 'base64url')];
  }
  return {
    seal(plain, aad) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current[1], iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, current[0], iv.toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, aad) {
      const [version, id, ivText, bodyText] = sealed.split('.');
      const key = id ? keys.get(id) : undefined;
      if (version !== VERSION || !key || !ivText || !bodyText) throw new Error('unreadable sealed secret (unknown version or key)');
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}
