import { asc, eq } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { Db } from '../db/client.ts';
import { authSigningKeys } from '../db/schema/index.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ALG = 'ES256';

export interface SigningKeys {
  kid: string;
  /** Public keys (JWKS entries) of every active key, for /.well-known/jwks.json. */
  publicJwks: JWK[];
  sign(claims: JWTPayload, issuedAt: Date): Promise<string>;
  /** Verifies signature, issuer and audience at the given instant; throws on any failure. */
  verify(token: string, at: Date): Promise<JWTPayload>;
}

async function generateKeyRow() {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(privateKey);
  const meta = { kid, alg: ALG, use: 'sig' };
  return { kid, privateJwk: { ...privateJwk, ...meta }, publicJwk: { ...publicJwk, ...meta, key_ops: ['verify'] } };
}

/**
 * The ES256 key pair lives in auth_signing_keys, created on first start. Every instance on the
 * database signs with the oldest active key, so concurrent first starts still agree.
 */
export async function loadSigningKeys(db: Db, issuer: string): Promise<SigningKeys> {
  const active = () =>
    db.select().from(authSigningKeys).where(eq(authSigningKeys.active, true)).orderBy(asc(authSigningKeys.createdAt), asc(authSigningKeys.kid));
  let rows = await active();
  if (rows.length === 0) {
    await db.insert(authSigningKeys).values(await generateKeyRow()).onConflictDoNothing();
    rows = await active();
  }
  const current = rows[0];
  if (!current) throw new Error('no signing key available');
  const privateKey = await importJWK(current.privateJwk as JWK, ALG);
  const publicJwks = rows.map((r) => r.publicJwk as JWK);
  const jwks = createLocalJWKSet({ keys: publicJwks });
  return {
    kid: current.kid,
    publicJwks,
    sign: (claims, issuedAt) => {
      const iat = Math.floor(issuedAt.getTime() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: ALG, kid: current.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience('authenticated')
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(privateKey);
    },
    verify: async (token, at) => {
      const { payload } = await jwtVerify(token, jwks, {
        algorithms: [ALG],
        issuer,
        audience: 'authenticated',
        currentDate: at,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload;
    },
  };
}
