import { asc, eq, sql } from 'drizzle-orm';
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
import { isCanonicalJws } from '../lib/base64url.ts';
import { authSigningKeys } from '../db/schema/index.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ALG = 'ES256';

/** Order n of the P-256 group (SEC 2, section 2.4.2). */
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_N = P256_N >> 1n;

const toBigInt = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
const toBytes32 = (n: bigint) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex');

/** The S half of a compact ES256 JWS signature (r || s, 32 bytes each), or null when malformed. */
function signatureParts(jws: string): { head: string; r: Buffer; s: bigint } | null {
  const dot = jws.lastIndexOf('.');
  const raw = Buffer.from(jws.slice(dot + 1), 'base64url');
  if (dot < 0 || raw.length !== 64) return null;
  return { head: jws.slice(0, dot), r: raw.subarray(0, 32), s: toBigInt(raw.subarray(32)) };
}

/**
 * ECDSA accepts both (r, s) and (r, n - s) for the same message, so one token has two valid
 * encodings (malleability). We sign only low-S (s <= n/2, as Bitcoin's BIP 62/146 and RFC 6979
 * implementations do) and refuse high-S, so every token has exactly one accepted form.
 */
export function isLowS(jws: string): boolean {
  const parts = signatureParts(jws);
  return parts !== null && parts.s > 0n && parts.s <= HALF_N;
}

/** Rewrites a high-S signature to its low-S twin (still valid: WebCrypto accepts both). */
export function toLowS(jws: string): string {
  const parts = signatureParts(jws);
  if (!parts || parts.s <= HALF_N) return jws;
  return `${parts.head}.${Buffer.concat([parts.r, toBytes32(P256_N - parts.s)]).toString('base64url')}`;
}

/** The other encoding of the same signature (n - s); for tests proving that high-S is refused. */
export function flipS(jws: string): string {
  const parts = signatureParts(jws);
  if (!parts) return jws;
  return `${parts.head}.${Buffer.concat([parts.r, toBytes32(P256_N - parts.s)]).toString('base64url')}`;
}

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
 * Tokens whose signature, algorithm, issuer and audience one key set (one loadSigningKeys) has
 * verified, with their claims. Those checks depend only on the token's bytes and the keys loaded at start, so their
 * result never changes; the time checks (exp, nbf) are repeated on every use (withinValidity), and
 * the session and ban checks that revoke access run on every request (auth.verifier.ts). An
 * ES256 verification costs about 0.1 ms of CPU through WebCrypto; a hit costs a Map lookup
 * (scripts/bench/load.ts, ADR 024). Bounded: the oldest entry goes first.
 */
class VerifiedTokens extends Map<string, JWTPayload> {
  static readonly MAX = 10_000;
  remember(token: string, payload: JWTPayload): void {
    if (this.size >= VerifiedTokens.MAX) this.delete(this.keys().next().value as string);
    this.set(token, payload);
  }
}

/** jose's time checks of jwtVerify (no clock tolerance): not before nbf, and before exp. */
function withinValidity(payload: JWTPayload, at: Date): boolean {
  const now = Math.floor(at.getTime() / 1000);
  if (typeof payload.nbf === 'number' && payload.nbf > now) return false;
  return typeof payload.exp === 'number' && payload.exp > now;
}

/**
 * The ES256 key pair lives in auth_signing_keys, created on first start. Every instance on the
 * database signs with the oldest active key. Concurrent first starts create one key only: the
 * check and the insert run under one transaction-scoped advisory lock. Without it, an instance
 * that inserted its key and read the table before a second instance's insert committed would know
 * only its own key, and reject every token the other instance signs (tests/scale/boot.test.ts).
 */
export async function loadSigningKeys(db: Db, issuer: string): Promise<SigningKeys> {
  const active = (tx: Pick<Db, 'select'> = db) =>
    tx.select().from(authSigningKeys).where(eq(authSigningKeys.active, true)).orderBy(asc(authSigningKeys.createdAt), asc(authSigningKeys.kid));
  let rows = await active();
  if (rows.length === 0) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mvrsp.auth-signing-key'))`);
      if ((await active(tx)).length === 0) await tx.insert(authSigningKeys).values(await generateKeyRow());
    });
    rows = await active();
  }
  const current = rows[0];
  if (!current) throw new Error('no signing key available');
  const privateKey = await importJWK(current.privateJwk as JWK, ALG);
  const publicJwks = rows.map((r) => r.publicJwk as JWK);
  const jwks = createLocalJWKSet({ keys: publicJwks });
  const verified = new VerifiedTokens();
  return {
    kid: current.kid,
    publicJwks,
    sign: async (claims, issuedAt) => {
      const iat = Math.floor(issuedAt.getTime() / 1000);
      const jws = await new SignJWT(claims)
        .setProtectedHeader({ alg: ALG, kid: current.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience('authenticated')
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(privateKey);
      return toLowS(jws);
    },
    verify: async (token, at) => {
      // Only the one canonical spelling of a token (server/lib/base64url.ts): a lenient decoder would
      // accept variants of the signature segment that verify like the original.
      if (!isCanonicalJws(token)) throw new Error('not a canonical base64url JWS');
      const known = verified.get(token);
      if (known) {
        if (withinValidity(known, at)) return known;
        verified.delete(token);
      }
      if (!isLowS(token)) throw new Error('high-S or malformed ES256 signature');
      const { payload } = await jwtVerify(token, jwks, {
        algorithms: [ALG],
        issuer,
        audience: 'authenticated',
        currentDate: at,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      verified.remember(token, payload);
      return payload;
    },
  };
}
