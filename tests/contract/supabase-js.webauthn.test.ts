// supabase-js's auth.mfa with factorType 'webauthn' (real client) against the real server (ADR 041):
// enrol, challenge (creation and request options), verify (aal1 -> aal2, amr mfa/webauthn), unenrol,
// and the answers an attacker could send. The credentials come from a software authenticator
// (./software-authenticator.ts) as a browser would hand them to supabase-js.
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authMfaFactors } from '#server/db/schema/index.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { passwordClient, uniqueEmail } from './contract-helpers.ts';
import { startContractServer, type ContractServer } from './contract-server.ts';
import { SoftwareAuthenticator, type CredentialLike, type Tamper } from './software-authenticator.ts';

describe.each([TEST_DRIVER])('supabase-js auth.mfa WebAuthn contract (%s)', (driver) => {
  let server: ContractServer;
  let rpId: string;
  beforeEach(async () => {
    server = await startContractServer(driver, { AUTH_AUTOCONFIRM: 'true' });
    rpId = new URL(server.baseUrl).hostname;
  });
  afterEach(async () => {
    await server.close();
  });

  const signedIn = (email = uniqueEmail('webauthn')) => passwordClient(server, email);
  /** Another password sign-in of the account: a new aal1 session. */
  const passwordSession = async (email: string) => (await passwordClient(server, email, false)).client;

  /** mfa.challenge as supabase-js's mfa.webauthn.challenge calls it; the options for navigator.credentials. */
  async function challenge(client: SupabaseClient, factorId: string) {
    const { data, error } = await client.auth.mfa.challenge({ factorId, webauthn: { rpId, rpOrigins: [server.baseUrl] } });
    if (error || !data || data.type !== 'webauthn') throw error ?? new Error('not a webauthn challenge');
    return data;
  }

  const verify = (client: SupabaseClient, factorId: string, challengeId: string, type: 'create' | 'request', credential: CredentialLike) =>
    client.auth.mfa.verify({ factorId, challengeId, webauthn: { type, rpId, rpOrigins: [server.baseUrl], credential_response: credential as never } });

  /** Enrols and verifies a WebAuthn factor on `key`: the factor's id and its credential id. */
  async function registered(client: SupabaseClient, key: SoftwareAuthenticator, friendlyName = 'Security key') {
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName });
    if (enrolled.error) throw enrolled.error;
    const made = await challenge(client, enrolled.data.id);
    if (made.webauthn.type !== 'create') throw new Error('expected creation options');
    const credential = key.create(made.webauthn.credential_options.publicKey as never);
    const verified = await verify(client, enrolled.data.id, made.id, 'create', credential);
    if (verified.error) throw verified.error;
    return { factorId: enrolled.data.id, credentialId: credential.id };
  }

  /** One sign-in assertion by `key` for the factor, optionally tampered with. */
  async function assert(client: SupabaseClient, key: SoftwareAuthenticator, factorId: string, tamper: Tamper = {}) {
    const made = await challenge(client, factorId);
    if (made.webauthn.type !== 'request') throw new Error('expected request options');
    const credential = key.get(made.webauthn.credential_options.publicKey as never, tamper);
    return { challengeId: made.id, credential, result: await verify(client, factorId, made.id, 'request', credential) };
  }

  it('enrols a passkey, verifies its registration and later sign-ins, and raises the session to aal2 with amr mfa/webauthn', async () => {
    const { client, email } = await signedIn();
    const key = new SoftwareAuthenticator(server.baseUrl);

    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'YubiKey' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toEqual({ id: expect.any(String), type: 'webauthn', friendly_name: 'YubiKey' });
    const factorId = enrolled.data!.id;
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([expect.objectContaining({ id: factorId, factor_type: 'webauthn', status: 'unverified' })]);

    const made = await challenge(client, factorId);
    expect(made.expires_at - Math.floor(server.clock.now().getTime() / 1000)).toBeGreaterThanOrEqual(299);
    expect(made.webauthn.type).toBe('create');
    const creation = made.webauthn.credential_options.publicKey as unknown as Record<string, any>;
    // The relying party is APP_URL, whatever the client says; the challenge reached supabase-js as bytes.
    expect(creation.rp).toEqual({ id: rpId, name: 'MVRSP Assess' });
    expect(creation.user).toMatchObject({ name: email, displayName: email });
    expect(creation.challenge).toBeInstanceOf(ArrayBuffer);
    expect(creation.attestation).toBe('none');
    expect(creation.pubKeyCredParams).toContainEqual({ type: 'public-key', alg: -7 });

    const credential = key.create(creation as never);
    const verified = await verify(client, factorId, made.id, 'create', credential);
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr).toEqual([
      { method: 'mfa/webauthn', timestamp: expect.any(Number) },
      { method: 'password', timestamp: expect.any(Number) },
    ]);
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.webauthn).toEqual([expect.objectContaining({ id: factorId, factor_type: 'webauthn', status: 'verified', friendly_name: 'YubiKey' })]);
    const [row] = await server.built.database.db.select().from(authMfaFactors).where(eq(authMfaFactors.id, factorId));
    expect(row).toMatchObject({ secret: null, credentialId: credential.id, credentialSignCount: 0, credentialTransports: ['usb'] });
    expect(JSON.stringify((await client.auth.getUser()).data.user)).not.toContain(row!.credentialPublicKey!);

    // A later password sign-in is aal1 with aal2 next, and the key's signature raises it.
    const again = await passwordSession(email);
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const request = await challenge(again, factorId);
    expect(request.webauthn.type).toBe('request');
    const requestOptions = request.webauthn.credential_options.publicKey as unknown as Record<string, any>;
    expect(requestOptions.rpId).toBe(rpId);
    expect(requestOptions.allowCredentials).toHaveLength(1);
    expect(Buffer.from(requestOptions.allowCredentials[0].id).toString('base64url')).toBe(credential.id);
    const signed = await verify(again, factorId, request.id, 'request', key.get(requestOptions as never));
    expect(signed.error).toBeNull();
    expect(decodeJwt(signed.data!.access_token)).toMatchObject({ aal: 'aal2', amr: [{ method: 'mfa/webauthn' }, { method: 'password' }] });
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', currentAuthenticationMethods: [{ method: 'mfa/webauthn' }, { method: 'password' }] });
    const [after] = await server.built.database.db.select().from(authMfaFactors).where(eq(authMfaFactors.id, factorId));
    expect(after!.credentialSignCount).toBe(1);
    // The refresh keeps aal2 and the method.
    const refreshed = await again.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2', amr: [{ method: 'mfa/webauthn' }, { method: 'password' }] });
  });

  it('refuses a wrong challenge, a replayed assertion, another origin or RP ID, a counter going backwards, and the wrong ceremony, with 4xx codes', async () => {
    const { client, email } = await signedIn();
    const key = new SoftwareAuthenticator(server.baseUrl);
    const { factorId } = await registered(client, key);
    const aal1 = await passwordSession(email);

    // Registration answers for another origin or RP ID are refused too.
    const fresh = await signedIn();
    const enrolled = (await fresh.client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' })).data!;
    for (const tamper of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { challenge: Buffer.from('not the challenge').toString('base64url') }]) {
      const made = await challenge(fresh.client, enrolled.id);
      const refused = await verify(fresh.client, enrolled.id, made.id, 'create', key.create(made.webauthn.credential_options.publicKey as never, tamper));
      expect(refused.error, JSON.stringify(tamper)).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }

    // An assertion signed over another challenge than the one it is sent with.
    const first = await challenge(aal1, factorId);
    const second = await challenge(aal1, factorId);
    const forFirst = key.get(first.webauthn.credential_options.publicKey as never);
    const crossed = await verify(aal1, factorId, second.id, 'request', forFirst);
    expect(crossed.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(crossed.error!.message).toMatch(/challenge/i);

    const origin = await assert(aal1, key, factorId, { origin: 'https://evil.example' });
    expect(origin.result.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(origin.result.error!.message).toMatch(/origin/i);
    const rp = await assert(aal1, key, factorId, { rpId: 'evil.example' });
    expect(rp.result.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(rp.result.error!.message).toMatch(/RP ID/i);
    // The answer to a request challenge is a signature, not a new credential.
    const wrongType = await challenge(aal1, factorId);
    const asCreate = await verify(aal1, factorId, wrongType.id, 'create', key.create({ challenge: (wrongType.webauthn.credential_options.publicKey as { challenge: ArrayBuffer }).challenge, rp: { id: rpId, name: 'x' }, user: { id: new ArrayBuffer(16), name: email } }));
    expect(asCreate.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    // The good one, then its replay: with its own challenge (used up) and with a new one.
    const good = await assert(aal1, key, factorId);
    expect(good.result.error).toBeNull();
    const replayed = await verify(aal1, factorId, good.challengeId, 'request', good.credential);
    expect(replayed.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
    const another = await challenge(aal1, factorId);
    const replayedNew = await verify(aal1, factorId, another.id, 'request', good.credential);
    expect(replayedNew.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    // One assertion sent twice at once (two sessions of the user): one raises its session, the other is refused.
    const racerA = await passwordSession(email);
    const racerB = await passwordSession(email);
    const raced = await challenge(racerA, factorId);
    const once = key.get(raced.webauthn.credential_options.publicKey as never);
    const results = await Promise.all([verify(racerA, factorId, raced.id, 'request', once), verify(racerB, factorId, raced.id, 'request', once)]);
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    // The loser: the challenge or the counter claimed by the winner (422), or its aal1 session ended by it (403).
    const loser = results.find((r) => r.error)!.error!;
    expect(loser.status! >= 400 && loser.status! < 500, `${loser.status} ${loser.code}`).toBe(true);

    // A cloned key: its counter is behind the one the server saw last.
    const otherSession = await passwordSession(email);
    const cloned = await assert(otherSession, key, factorId, { counter: 1 });
    expect(cloned.result.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(cloned.result.error!.message).toMatch(/counter/i);
    expect((await assert(otherSession, key, factorId)).result.error).toBeNull();
  });

  it('answers 404 mfa_factor_not_found when another user challenges, verifies or unenrols your WebAuthn factor', async () => {
    const owner = await signedIn();
    const key = new SoftwareAuthenticator(server.baseUrl);
    const { factorId } = await registered(owner.client, key);
    const ownerAal1 = await passwordSession(owner.email);
    const made = await challenge(ownerAal1, factorId);
    const assertion = key.get(made.webauthn.credential_options.publicKey as never);
    const other = await signedIn();
    for (const result of [
      await other.client.auth.mfa.challenge({ factorId, webauthn: { rpId } }),
      await verify(other.client, factorId, made.id, 'request', assertion),
      await other.client.auth.mfa.unenroll({ factorId }),
    ]) {
      expect(result.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    }
    // Another user's own factor cannot take the owner's signature either.
    const theirs = await registered(other.client, new SoftwareAuthenticator(server.baseUrl), 'Their key');
    const otherAal1 = await passwordSession(other.email);
    const theirChallenge = await challenge(otherAal1, theirs.factorId);
    const borrowed = await verify(otherAal1, theirs.factorId, theirChallenge.id, 'request', assertion);
    expect(borrowed.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    // The owner's challenge and assertion are untouched.
    expect((await verify(ownerAal1, factorId, made.id, 'request', assertion)).error).toBeNull();
  });

  it('unenrols a WebAuthn factor only from an aal2 session; a second key excludes the first; attempts are limited per factor', async () => {
    const { client, email } = await signedIn();
    const key = new SoftwareAuthenticator(server.baseUrl);
    const first = await registered(client, key, 'Key one');

    // Adding a second key (aal2): the creation options exclude the credential already registered.
    const second = (await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key two' })).data!;
    const made = await challenge(client, second.id);
    const creation = made.webauthn.credential_options.publicKey as unknown as Record<string, any>;
    expect(creation.excludeCredentials.map((c: { id: ArrayBuffer }) => Buffer.from(c.id).toString('base64url'))).toEqual([first.credentialId]);
    // A credential id registered already is refused (one credential, one factor): what someone who
    // learned another's credential id (it is not secret) could try to tie to their own factor.
    const again = await verify(client, second.id, made.id, 'create', key.create(creation as never, { credentialId: first.credentialId }));
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(again.error!.message).toMatch(/registered already/);

    const aal1 = await passwordSession(email);
    const refused = await aal1.auth.mfa.unenroll({ factorId: first.factorId });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });

    // Five failed attempts in 5 minutes, then 429 even for a good signature.
    for (let i = 0; i < 5; i++) {
      const bad = await assert(aal1, key, first.factorId, { origin: 'https://evil.example' });
      expect(bad.result.error, `attempt ${i + 1}`).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }
    expect((await assert(aal1, key, first.factorId)).result.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    server.clock.advance(300_000);
    // A challenge past its 5 minutes is refused as expired.
    const stale = await challenge(aal1, first.factorId);
    server.clock.advance(301_000);
    const expired = await verify(aal1, first.factorId, stale.id, 'request', key.get(stale.webauthn.credential_options.publicKey as never));
    expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
    expect((await assert(aal1, key, first.factorId)).result.error).toBeNull();

    const done = await aal1.auth.mfa.unenroll({ factorId: first.factorId });
    expect(done.error).toBeNull();
    const refreshed = await aal1.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });
    expect((await aal1.auth.mfa.listFactors()).data?.webauthn).toEqual([]);
  });
});

