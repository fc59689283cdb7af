// Only the canonical base64url spelling of a token is accepted: access tokens (each JWS segment),
// refresh tokens and e-mail link tokens. Node's decoder reads padding, '+' and '/', and set trailing
// bits as the same bytes; every such forged variant of a valid token must be refused like any bad token.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgedJwsSpellings, lenientSpellings } from '#tests/setup/forged-tokens.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { fragmentOf, mailLinkTo, postVerify, signedUpClient } from './contract-helpers.ts';
import { startContractServer, type ContractServer } from './contract-server.ts';

describe.each([TEST_DRIVER])('forged token spellings are refused (%s)', (driver) => {
  let server: ContractServer;
  beforeEach(async () => {
    server = await startContractServer(driver);
  });
  afterEach(async () => {
    await server.close();
  });

  const api = (token: string) => server.fetch('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } });

  it('access tokens: /auth/v1/user answers bad_jwt and /api answers 401 for every variant', async () => {
    const { client, session } = await signedUpClient(server);
    const token = session.access_token;
    expect((await client.auth.getUser(token)).error).toBeNull();
    const valid = await api(token);
    expect(valid.status).not.toBe(401);

    const variants = forgedJwsSpellings(token).filter((v) => !v.includes(' '));
    expect(variants.length).toBeGreaterThanOrEqual(9);
    for (const variant of variants) {
      const user = await client.auth.getUser(variant);
      expect(user.error, variant).toMatchObject({ status: 403, code: 'bad_jwt' });
      expect((await api(variant)).status, variant).toBe(401);
    }
    // The canonical token still works after every forgery was tried (nothing was revoked or cached).
    expect((await client.auth.getUser(token)).error).toBeNull();
  });

  it('refresh tokens: every variant is refresh_token_not_found, and the real one still rotates', async () => {
    const { session } = await signedUpClient(server);
    for (const variant of lenientSpellings(session.refresh_token)) {
      const res = await server.fetch('/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: variant }),
      });
      expect(res.status, variant).toBe(400);
      expect(await res.json(), variant).toMatchObject({ code: 'refresh_token_not_found' });
    }
    const fresh = await server.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(fresh.error).toBeNull();
  });

  it('e-mail link tokens: recovery variants never open a session; the real link still does', async () => {
    const { email } = await signedUpClient(server);
    expect((await server.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const link = new URL(await mailLinkTo(server, email));
    const token = link.searchParams.get('token')!;
    for (const variant of lenientSpellings(token)) {
      const forged = new URL(link);
      forged.searchParams.set('token', variant);
      const res = await fetch(forged, { redirect: 'manual' });
      expect(fragmentOf(res.headers.get('location')!).get('error_code'), variant).toBe('otp_expired');
      expect((await postVerify(server, { type: 'recovery', token_hash: variant })).status, variant).toBe(403);
    }
    const res = await fetch(link, { redirect: 'manual' });
    expect(fragmentOf(res.headers.get('location')!).get('type')).toBe('recovery');
  });
});
