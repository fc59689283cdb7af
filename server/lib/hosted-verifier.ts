import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Env } from '../env.ts';
import { unauthorized } from './app-error.ts';
import { isCanonicalJws } from './base64url.ts';
import type { AuthUser, TokenVerifier } from './factory.ts';

const CLOCK_TOLERANCE_SECONDS = 30;

/**
 * Verifies hosted-Supabase access tokens. Exactly one key family is trusted (no algorithm confusion):
 * the shared HS256 secret when SUPABASE_JWT_SECRET is set, otherwise the project's asymmetric
 * signing keys (ES256/RS256) from its JWKS endpoint.
 */
export function createHostedVerifier(
  env: Pick<Env, 'SUPABASE_URL' | 'SUPABASE_JWT_SECRET'>,
  opts: { now?: () => Date } = {},
): TokenVerifier {
  if (!env.SUPABASE_URL) throw new Error('createHostedVerifier needs SUPABASE_URL');
  const base = env.SUPABASE_URL.replace(/\/+$/, '');
  const issuer = `${base}/auth/v1`;
  const secret = env.SUPABASE_JWT_SECRET;
  const key: Uint8Array | JWTVerifyGetKey = secret
    ? new TextEncoder().encode(secret)
    : createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  const algorithms = secret ? ['HS256'] : ['ES256', 'RS256'];

  return {
    kind: 'supabase',
    async verify(token: string): Promise<AuthUser> {
      let payload: JWTPayload;
      // GoTrue encodes canonically; any other spelling of a token is a forgery (server/lib/base64url.ts).
      if (!isCanonicalJws(token)) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
      try {
        const options = { algorithms, issuer, audience: 'authenticated', clockTolerance: CLOCK_TOLERANCE_SECONDS, currentDate: opts.now?.() };
        payload = (typeof key === 'function' ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options)).payload;
      } catch {
        throw unauthorized('Your session is invalid or has expired. Please sign in again.');
      }
      if (!payload.sub || payload.role !== 'authenticated') throw unauthorized('This token does not belong to a signed-in user');
      const userMetadata = isRecord(payload.user_metadata) ? payload.user_metadata : {};
      return {
        id: payload.sub,
        email: typeof payload.email === 'string' ? payload.email.toLowerCase() : '',
        sessionId: typeof payload.session_id === 'string' ? payload.session_id : null,
        userMetadata,
        // Supabase access tokens carry no confirmation claim. With "Confirm email" on, hosted Supabase
        // issues no session before the address is confirmed, so a token implies a confirmed address;
        // GoTrue copies the identity's email_verified into user_metadata, and an explicit false is
        // believed (ADR 002).
        emailConfirmed: userMetadata.email_verified !== false,
        // GoTrue puts `aal` in every access token; anything but aal2 counts as aal1 (ADR 040).
        aal: payload.aal === 'aal2' ? 'aal2' : 'aal1',
      };
    },
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
