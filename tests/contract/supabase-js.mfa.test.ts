// supabase-js's auth.mfa (real client) against the real server: TOTP enrol, challenge, verify (aal1 -> aal2), unenrol.
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authMfaChallenges, authMfaFactors } from '#server/db/schema/index.ts';
import { JOBS, runDueJobs } from '#server/features/jobs/index.ts';
import { base32Decode } from '#domain/base32.ts';
import { hotp, totpStep } from '#server/auth-provider/auth.totp.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { passwordClient, PASSWORD, uniqueEmail } from './contract-helpers.ts';
import { startContractServer, type ContractServer } from './contract-server.ts';

describe.each([TEST_DRIVER])('supabase-js auth.mfa contract (%s)', (driver) => {
  let server: ContractServer;
  beforeEach(async () => {
    server = await startContractServer(driver, { AUTH_AUTOCONFIRM: 'true' });
  });
  afterEach(async () => {
    await server.close();
  });

  /** A confirmed account signed in with its password (amr password, aal1). */
  const signedIn = (email = uniqueEmail('mfa')) => passwordClient(server, email);

  /** The code an authenticator app shows for `secret` at the server's time, `offset` steps away. */
  const codeFor = (secret: string, offset = 0) => hotp(base32Decode(secret), totpStep(server.clock.now()) + offset);

  async function enrolled(client: SupabaseClient, friendlyName = 'Phone') {
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer: 'MVRSP Assess' });
    if (error || !data || data.type !== 'totp') throw error ?? new Error('no factor');
    return data;
  }

  async function accessToken(client: SupabaseClient) {
    const { data } = await client.auth.getSession();
    return data.session!.access_token;
  }

  it('enrols a TOTP factor, verifies it with a code from its secret, and raises the session to aal2 as supabase-js reads it', async () => {
    const { client, email } = await signedIn();
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect(before.data?.currentAuthenticationMethods).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);

    const factor = await enrolled(client);
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toBe(
      `otpauth://totp/MVRSP%20Assess:${email}?algorithm=SHA1&digits=6&issuer=MVRSP+Assess&period=30&secret=${factor.totp.secret}`,
    );
    // GoTrue sends bare SVG; supabase-js turns it into the data URI an <img> shows.
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);

    // Unverified: listed in `all` only, and the next level stays aal1.
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all).toEqual([expect.objectContaining({ id: factor.id, factor_type: 'totp', status: 'unverified', friendly_name: 'Phone' })]);
    expect(listed.data?.totp).toEqual([]);

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: 'totp' });
    const expiresAt = (challenge.data as { expires_at: number }).expires_at;
    expect(expiresAt - Math.floor(server.clock.now().getTime() / 1000)).toBeGreaterThanOrEqual(299);

    const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeFor(factor.totp.secret) });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr).toEqual([
      { method: 'totp', timestamp: expect.any(Number) },
      { method: 'password', timestamp: expect.any(Number) },
    ]);
    expect(verified.data!.user.factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified' })]);

    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const verifiedList = await client.auth.mfa.listFactors();
    expect(verifiedList.data?.totp.map((f) => f.id)).toEqual([factor.id]);

    // The refresh token the verification returned keeps the session at aal2.
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2', session_id: claims.session_id });

    // A new password sign-in is aal1 with aal2 next: the shape an app checks to ask for the code.
    const again = server.client();
    await again.auth.signInWithPassword({ email, password: PASSWORD });
    const level = await again.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const viaChallengeAndVerify = await again.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret, 1) });
    expect(viaChallengeAndVerify.error).toBeNull();
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
  });

  it('keeps the secret sealed at rest, never in the user JSON', async () => {
    const { client } = await signedIn();
    const factor = await enrolled(client);
    const [row] = await server.built.database.db.select().from(authMfaFactors).where(eq(authMfaFactors.id, factor.id));
    const sealed = row!.secret!;
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{12}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(factor.totp.secret);
    expect(Buffer.from(sealed.split('.')[3]!, 'base64url').toString('latin1')).not.toContain(factor.totp.secret);
    const { data } = await client.auth.getUser();
    expect(JSON.stringify(data.user)).not.toContain(factor.totp.secret);
  });

  it('refuses a code used once already, a wrong code, an expired challenge, and throttles attempts per factor', async () => {
    const { client } = await signedIn();
    const factor = await enrolled(client);
    const code = codeFor(factor.totp.secret);
    expect((await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code })).error).toBeNull();

    const reused = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    const stale = await client.auth.mfa.challenge({ factorId: factor.id });
    server.clock.advance(301_000);
    const expired = await client.auth.mfa.verify({ factorId: factor.id, challengeId: stale.data!.id, code: codeFor(factor.totp.secret) });
    expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });

    const wrongCode = () => String((Number(codeFor(factor.totp.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = wrongCode();
    // The budget is 5 attempts per 5 minutes per factor: the clock moved past the reused code's
    // attempt, so the expired challenge was the first of this window; four wrong codes fill it.
    for (let attempt = 2; attempt <= 5; attempt++) {
      const refused = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: wrong });
      expect(refused.error, `attempt ${attempt}`).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }
    const throttled = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    expect(throttled.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    server.clock.advance(300_000);
    expect((await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) })).error).toBeNull();

    // Past the 5-minute windows, 20 attempts a day: three more full windows and the 21st is refused.
    for (let window = 0; window < 4; window++) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const refused = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: wrongCode() });
        expect(refused.error, `window ${window} attempt ${attempt}`).toMatchObject({ code: 'mfa_verification_failed' });
      }
      server.clock.advance(300_000);
    }
    const daily = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    expect(daily.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('limits challenges per factor (each is a stored row): 60 in 5 minutes, then 429 until the window passes', async () => {
    const { client } = await signedIn();
    const factor = await enrolled(client);
    for (let i = 0; i < 60; i++) expect((await client.auth.mfa.challenge({ factorId: factor.id })).error, `challenge ${i + 1}`).toBeNull();
    expect((await client.auth.mfa.challenge({ factorId: factor.id })).error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(await server.built.database.db.select().from(authMfaChallenges).where(eq(authMfaChallenges.factorId, factor.id))).toHaveLength(60);
    server.clock.advance(300_000);
    expect((await client.auth.mfa.challenge({ factorId: factor.id })).error).toBeNull();
  });

  it('unenrols a verified factor only from an aal2 session, and the session drops to aal1', async () => {
    const { client, email } = await signedIn();
    const factor = await enrolled(client);
    expect((await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) })).error).toBeNull();

    const aal1 = server.client();
    await aal1.auth.signInWithPassword({ email, password: PASSWORD });
    const refused = await aal1.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    // Enrolling another factor, or changing the password, also needs aal2 once one is verified.
    const second = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Spare' });
    expect(second.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    const password = await aal1.auth.updateUser({ password: `${PASSWORD}-new` });
    expect(password.error).toMatchObject({ status: 401, code: 'insufficient_aal' });

    const done = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(done.error).toBeNull();
    expect(done.data).toEqual({ id: factor.id });
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password', timestamp: expect.any(Number) }] });
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
    expect((await client.auth.getUser()).data.user).not.toHaveProperty('factors');
  });

  it('answers 404 mfa_factor_not_found when another user challenges, verifies or unenrols your factor', async () => {
    const owner = await signedIn();
    const factor = await enrolled(owner.client);
    const { data: challenge } = await owner.client.auth.mfa.challenge({ factorId: factor.id });
    const other = await signedIn();
    const code = codeFor(factor.totp.secret);
    for (const result of [
      await other.client.auth.mfa.challenge({ factorId: factor.id }),
      await other.client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge!.id, code }),
      await other.client.auth.mfa.unenroll({ factorId: factor.id }),
    ]) {
      expect(result.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    }
    // The owner's factor and challenge are untouched.
    expect((await owner.client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge!.id, code })).error).toBeNull();
  });

  it('answers GoTrue errors for a bad factor type, a duplicate name and an unknown challenge; the aal1 refresh token cannot mint aal2 tokens', async () => {
    const { client } = await signedIn();
    const token = await accessToken(client);
    const post = (path: string, body: unknown) =>
      server.fetch(`/auth/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(await (await post('/factors', { factor_type: 'sms' })).json()).toMatchObject({ code: 'validation_failed' });
    expect((await post('/factors', { factor_type: 'phone', phone: '+15555550100' })).status).toBe(422);
    const { data: session } = await client.auth.getSession();
    const oldRefresh = session.session!.refresh_token;
    const factor = await enrolled(client, 'Phone');
    const dup = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(dup.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
    const unknown = await client.auth.mfa.verify({ factorId: factor.id, challengeId: crypto.randomUUID(), code: codeFor(factor.totp.secret) });
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
    expect((await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) })).error).toBeNull();

    const replay = await server.fetch('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: oldRefresh }),
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: 'refresh_token_already_used' });
  });

  it('the auth.mfa_sweep job removes expired challenges and factors never verified, and keeps the rest', async () => {
    const { client } = await signedIn();
    const kept = await enrolled(client, 'Kept');
    expect((await client.auth.mfa.challengeAndVerify({ factorId: kept.id, code: codeFor(kept.totp.secret) })).error).toBeNull();
    const abandoned = await enrolled(client, 'Abandoned');
    await client.auth.mfa.challenge({ factorId: kept.id });
    const db = server.built.database.db;
    const sweep = JOBS.filter((j) => j.name === 'auth.mfa_sweep');
    server.clock.advance(301_000);
    const { data: fresh } = await client.auth.mfa.challenge({ factorId: kept.id });
    const [run] = await runDueJobs(server.built.deps, server.clock.now(), sweep);
    expect(run).toMatchObject({ ok: true, result: { challenges: 2, factors: 1 } });
    expect((await db.select({ id: authMfaFactors.id }).from(authMfaFactors)).map((r) => r.id)).toEqual([kept.id]);
    expect((await db.select({ id: authMfaChallenges.id }).from(authMfaChallenges)).map((r) => r.id)).toEqual([fresh!.id]);
    expect(abandoned.id).not.toBe(kept.id);
  });
});
