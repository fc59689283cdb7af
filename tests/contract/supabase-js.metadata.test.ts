// user_metadata at its limit (MAX_METADATA_CHARS of JSON) must never make an account unusable: the
// access token does not carry it, so every request stays far below the server's header limit (Node:
// 16 KB), and sign-in, refresh, recovery and the updateUser that clears it all work.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_METADATA_CHARS } from '#server/auth-provider/auth.schemas.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { confirmWithPassword, fragmentOf, mailLinkTo, PASSWORD, uniqueEmail, verifyWithPublishedJwks } from './contract-helpers.ts';
import { startContractServer, type ContractServer } from './contract-server.ts';

/** Metadata whose JSON is exactly MAX_METADATA_CHARS long. */
function metadataAtLimit(): Record<string, unknown> {
  const base = { firstName: 'Ada', lastName: 'Lovelace', notes: '' };
  return { ...base, notes: 'x'.repeat(MAX_METADATA_CHARS - JSON.stringify(base).length) };
}

describe.each([TEST_DRIVER])('supabase-js with user_metadata at its limit (%s)', (driver) => {
  let server: ContractServer;
  beforeEach(async () => {
    server = await startContractServer(driver);
  });
  afterEach(async () => {
    await server.close();
  });

  const api = (token: string) => server.fetch('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } });

  it('signs up, confirms, signs in, refreshes, recovers and clears the metadata', async () => {
    const email = uniqueEmail('big');
    const data = metadataAtLimit();
    expect(JSON.stringify(data)).toHaveLength(MAX_METADATA_CHARS);
    const signUp = await server.client().auth.signUp({ email, password: PASSWORD, options: { data } });
    expect(signUp.error).toBeNull();

    // Confirmation opens a session; supabase-js setSession then calls GET /user with the access token.
    const confirmed = await confirmWithPassword(server, await mailLinkTo(server, email), PASSWORD);
    expect(confirmed.status).toBe(200);
    const first = server.client();
    const set = await first.auth.setSession({ access_token: String(confirmed.body.access_token), refresh_token: String(confirmed.body.refresh_token) });
    expect(set.error).toBeNull();
    expect(set.data.user?.user_metadata).toEqual(data); // the metadata lives in the user JSON, not the token

    const client = server.client();
    const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const token = signIn.data.session!.access_token;
    expect(token.length).toBeLessThan(2048);
    const { payload } = await verifyWithPublishedJwks(server, token);
    expect(payload.user_metadata).toBeUndefined();
    expect(signIn.data.user?.user_metadata).toEqual(data);
    expect((await client.auth.getUser()).data.user?.user_metadata).toEqual(data);
    expect((await api(token)).status).not.toBe(431);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.user?.user_metadata).toEqual(data);
    expect((await client.auth.getUser()).error).toBeNull();

    // Recovery: the mailed link's session (in the fragment) is usable.
    server.clock.advance(61_000);
    expect((await server.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const res = await fetch(await mailLinkTo(server, email), { redirect: 'manual' });
    const hash = fragmentOf(res.headers.get('location')!);
    expect(hash.get('type')).toBe('recovery');
    const recovered = server.client();
    const recoveredSet = await recovered.auth.setSession({ access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! });
    expect(recoveredSet.error).toBeNull();

    // updateUser can clear it (a null value removes the key, as in GoTrue).
    const cleared = await client.auth.updateUser({ data: { notes: null } });
    expect(cleared.error).toBeNull();
    expect(cleared.data.user?.user_metadata).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect((await recovered.auth.getUser()).data.user?.user_metadata).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
  });
});
