import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgedJwsSpellings } from '#tests/setup/forged-tokens.ts';
import { createHostedVerifier } from './hosted-verifier.ts';

const USER_ID = '6f1c3c1e-8d3b-4a53-9d0b-1f0f4e1b2a77';
const claims = (issuer: string, extra: JWTPayload = {}): JWTPayload => ({
  sub: USER_ID,
  role: 'authenticated',
  email: 'Ada@Example.com',
  session_id: 'a9a7c1de-7c5e-4c89-9f62-16d1c8f0f0aa',
  user_metadata: { firstName: 'Ada' },
  ...extra,
});

async function sign(payload: JWTPayload, key: CryptoKey | Uint8Array, header: { alg: string; kid?: string }, opts: { iss: string; aud?: string; exp?: string | number } ) {
  return new SignJWT(payload)
    .setProtectedHeader({ ...header, typ: 'JWT' })
    .setIssuer(opts.iss)
    .setAudience(opts.aud ?? 'authenticated')
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '1h')
    .sign(key);
}

describe('hosted verifier, legacy HS256 secret', () => {
  const url = 'https://abcd.supabase.co';
  const iss = `${url}/auth/v1`;
  const secretText = 'super-secret-jwt-token-with-at-least-32-characters-long';
  const secret = new TextEncoder().encode(secretText);
  const verifier = createHostedVerifier({ SUPABASE_URL: url, SUPABASE_JWT_SECRET: secretText });

  it('accepts a user token and maps the identity', async () => {
    expect(verifier.kind).toBe('supabase');
    const token = await sign(claims(iss), secret, { alg: 'HS256' }, { iss });
    await expect(verifier.verify(token)).resolves.toEqual({
      id: USER_ID,
      email: 'ada@example.com',
      sessionId: 'a9a7c1de-7c5e-4c89-9f62-16d1c8f0f0aa',
      userMetadata: { firstName: 'Ada' },
      emailConfirmed: true,
      aal: 'aal1',
    });
  });

  it("takes GoTrue's aal claim: aal2 only when it says so (ADR 040)", async () => {
    const aal2 = await sign({ ...claims(iss), aal: 'aal2' }, secret, { alg: 'HS256' }, { iss });
    await expect(verifier.verify(aal2)).resolves.toMatchObject({ aal: 'aal2' });
    const odd = await sign({ ...claims(iss), aal: 'AAL2' }, secret, { alg: 'HS256' }, { iss });
    await expect(verifier.verify(odd)).resolves.toMatchObject({ aal: 'aal1' });
  });

  it('refuses every non-canonical spelling of a valid token (padding, + and /, trailing bits)', async () => {
    const token = await sign(claims(iss), secret, { alg: 'HS256' }, { iss });
    await expect(verifier.verify(token)).resolves.toMatchObject({ id: USER_ID });
    const variants = forgedJwsSpellings(token);
    expect(variants.length).toBeGreaterThanOrEqual(9);
    for (const variant of variants) await expect(verifier.verify(variant), variant).rejects.toMatchObject({ status: 401 });
  });

  it.each([
    ['a wrong secret', async () => sign(claims(iss), new TextEncoder().encode('x'.repeat(40)), { alg: 'HS256' }, { iss })],
    ['another issuer', async () => sign(claims(iss), secret, { alg: 'HS256' }, { iss: 'https://other.supabase.co/auth/v1' })],
    ['another audience', async () => sign(claims(iss), secret, { alg: 'HS256' }, { iss, aud: 'anon' })],
    ['the anon key (role anon, no sub)', async () => sign({ role: 'anon', ref: 'abcd' }, secret, { alg: 'HS256' }, { iss })],
    ['a token without sub', async () => sign({ ...claims(iss), sub: undefined }, secret, { alg: 'HS256' }, { iss })],
    ['an expired token (beyond the 30 s tolerance)', async () => sign(claims(iss), secret, { alg: 'HS256' }, { iss, exp: Math.floor(Date.now() / 1000) - 31 })],
    ['an ES256 token (other key family)', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      return sign(claims(iss), privateKey, { alg: 'ES256' }, { iss });
    }],
    ['garbage', async () => 'not.a.jwt'],
  ])('rejects %s with 401', async (_name, make) => {
    await expect(verifier.verify(await make())).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('tolerates 30 s of clock skew', async () => {
    const token = await sign(claims(iss), secret, { alg: 'HS256' }, { iss, exp: Math.floor(Date.now() / 1000) - 20 });
    await expect(verifier.verify(token)).resolves.toMatchObject({ id: USER_ID });
  });
});

describe('hosted verifier, asymmetric keys from the project JWKS', () => {
  let server: Server;
  let url: string;
  let es: { privateKey: CryptoKey; kid: string };
  let rs: { privateKey: CryptoKey; kid: string };
  let requests = 0;

  beforeAll(async () => {
    const esPair = await generateKeyPair('ES256');
    const rsPair = await generateKeyPair('RS256');
    es = { privateKey: esPair.privateKey, kid: 'es-key-1' };
    rs = { privateKey: rsPair.privateKey, kid: 'rs-key-1' };
    const keys = [
      { ...(await exportJWK(esPair.publicKey)), kid: es.kid, alg: 'ES256', use: 'sig' },
      { ...(await exportJWK(rsPair.publicKey)), kid: rs.kid, alg: 'RS256', use: 'sig' },
    ];
    server = createServer((req, res) => {
      requests += 1;
      if (req.url !== '/auth/v1/.well-known/jwks.json') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('accepts ES256 and RS256 tokens signed by published keys', async () => {
    const verifier = createHostedVerifier({ SUPABASE_URL: `${url}/`, SUPABASE_JWT_SECRET: undefined });
    const iss = `${url}/auth/v1`;
    const esToken = await sign(claims(iss), es.privateKey, { alg: 'ES256', kid: es.kid }, { iss });
    const rsToken = await sign(claims(iss), rs.privateKey, { alg: 'RS256', kid: rs.kid }, { iss });
    await expect(verifier.verify(esToken)).resolves.toMatchObject({ id: USER_ID, email: 'ada@example.com' });
    await expect(verifier.verify(rsToken)).resolves.toMatchObject({ id: USER_ID });
    expect(requests).toBeGreaterThan(0);
  });

  it('rejects unknown keys, HS256 tokens, wrong issuers and non-user roles', async () => {
    const verifier = createHostedVerifier({ SUPABASE_URL: url, SUPABASE_JWT_SECRET: undefined });
    const iss = `${url}/auth/v1`;
    const stranger = await generateKeyPair('ES256');
    const bad = [
      await sign(claims(iss), stranger.privateKey, { alg: 'ES256', kid: es.kid }, { iss }),
      await sign(claims(iss), new TextEncoder().encode('y'.repeat(40)), { alg: 'HS256' }, { iss }),
      await sign(claims(iss), es.privateKey, { alg: 'ES256', kid: es.kid }, { iss: 'https://evil.example/auth/v1' }),
      await sign(claims(iss, { role: 'service_role' }), es.privateKey, { alg: 'ES256', kid: es.kid }, { iss }),
    ];
    for (const token of bad) await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401 });
  });
});
