// supabase-js (real client) against the real server: sign-up, sign-in, user, refresh rotation, password change, sign-out.
import { isAuthSessionMissingError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { PASSWORD, signedUpClient, uniqueEmail, verifyWithPublishedJwks } from './contract-helpers.ts';
import { startContractServer, type ContractServer } from './contract-server.ts';

describe.each([TEST_DRIVER])('supabase-js contract (%s)', (driver) => {
  let server: ContractServer;
  beforeEach(async () => {
    server = await startContractServer(driver);
  });
  afterEach(async () => {
    await server.close();
  });

  it('the confirmation link opens a session with a GoTrue-shaped user and an ES256 access token', async () => {
    const email = uniqueEmail('signup');
    const { session } = await signedUpClient(server, email);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBeGreaterThan(3590); // setSession derives it from expires_at
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      phone: '',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect(session.user.identities?.[0]).toMatchObject({ provider: 'email', user_id: session.user.id });

    const { header, payload } = await verifyWithPublishedJwks(server, session.access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(header.kid).toBeTruthy();
    expect(payload).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(payload.user_metadata).toBeUndefined(); // served in the user JSON only (ADR 002)
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]); // GoTrue's method for an e-mail link
    expect(typeof payload.session_id).toBe('string');
  });

  it('answers a duplicate e-mail like a new one (GoTrue with confirmation on) and rejects a short password with the code supabase-js exposes', async () => {
    const { email, session } = await signedUpClient(server);
    const dup = await server.client().auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
    expect(dup.error).toBeNull();
    expect(dup.data.session).toBeNull();
    expect(dup.data.user).toMatchObject({ email, identities: [] });
    expect(dup.data.user?.id).not.toBe(session.user.id);

    const weak = await server.client().auth.signUp({ email: uniqueEmail(), password: 'short' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(weak.error).toMatchObject({ code: 'weak_password', status: 422, reasons: ['length'] });
    expect(weak.error?.message).toBe('Password should be at least 8 characters.');
  });

  it('signs in with the right password and rejects wrong or unknown credentials identically', async () => {
    const { email, session: first } = await signedUpClient(server);
    const client = server.client();
    const ok = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.id).toBe(first.user.id);
    expect(ok.data.session?.access_token).not.toBe(first.access_token);
    expect(ok.data.user?.last_sign_in_at).toBeTruthy();

    for (const attempt of [
      { email, password: 'Wrong-password-1' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
    ]) {
      const bad = await server.client().auth.signInWithPassword(attempt);
      expect(bad.error).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials', status: 400 });
      expect(bad.data.session).toBeNull();
    }
  });

  it('getUser returns the signed-in user from the server', async () => {
    const { client, session } = await signedUpClient(server);
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: session.user.id, email: session.user.email });

    const anonymous = await server.client().auth.getUser('not-a-jwt');
    expect(anonymous.error).toMatchObject({ code: 'bad_jwt', status: 403 });
  });

  it('refreshSession rotates both tokens and emits TOKEN_REFRESHED', async () => {
    const { client, session } = await signedUpClient(server);
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    server.clock.advance(2_000);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(data.session?.access_token).not.toBe(session.access_token);
    expect(data.session?.user.id).toBe(session.user.id);
    expect(events).toContain('TOKEN_REFRESHED');
    const me = await client.auth.getUser();
    expect(me.data.user?.id).toBe(session.user.id);
  });

  it('accepts a rotated refresh token again within the 10 s reuse window (parallel tabs)', async () => {
    const { session } = await signedUpClient(server);
    const tabA = await server.client().auth.refreshSession({ refresh_token: session.refresh_token });
    server.clock.advance(5_000);
    const tabB = await server.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(tabA.error).toBeNull();
    expect(tabB.error).toBeNull();
    expect(tabB.data.session?.refresh_token).not.toBe(tabA.data.session?.refresh_token);
    // Both tabs keep working afterwards.
    expect((await server.client().auth.refreshSession({ refresh_token: tabA.data.session!.refresh_token })).error).toBeNull();
    expect((await server.client().auth.refreshSession({ refresh_token: tabB.data.session!.refresh_token })).error).toBeNull();
  });

  it('revokes the session when the parent of the active token comes back after the window (no fork)', async () => {
    const { session } = await signedUpClient(server);
    const rotated = await server.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(rotated.error).toBeNull();
    server.clock.advance(11_500);
    const stale = await server.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(stale.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 });
    // The newer token of the same session no longer works either: the whole session is gone.
    const newer = await server.client().auth.refreshSession({ refresh_token: rotated.data.session!.refresh_token });
    expect(newer.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
    await expect(server.built.deps.tokens.verify(rotated.data.session!.access_token)).rejects.toMatchObject({ status: 401 });
  });

  it('revokes the whole session when an old refresh token is reused after the window', async () => {
    const { session } = await signedUpClient(server);
    const second = await server.client().auth.refreshSession({ refresh_token: session.refresh_token });
    const third = await server.client().auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
    expect(third.error).toBeNull();
    server.clock.advance(11_000);

    const reuse = await server.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toMatchObject({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used', status: 400 });

    const current = await server.client().auth.getUser(third.data.session!.access_token);
    expect(isAuthSessionMissingError(current.error)).toBe(true);
    const latest = await server.client().auth.refreshSession({ refresh_token: third.data.session!.refresh_token });
    expect(latest.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
    await expect(server.built.deps.tokens.verify(third.data.session!.access_token)).rejects.toMatchObject({ status: 401 });
  });

  it('rejects an unknown refresh token', async () => {
    const { error } = await server.client().auth.refreshSession({ refresh_token: 'x'.repeat(43) });
    expect(error).toMatchObject({ code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found', status: 400 });
  });

  it('updateUser changes the password, keeps this session and ends the others', async () => {
    const { client, email, session } = await signedUpClient(server);
    const other = server.client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });

    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({
      code: 'same_password',
      message: 'New password should be different from the old password.',
      status: 422,
    });
    const weak = await client.auth.updateUser({ password: '1234567' });
    expect(weak.error).toMatchObject({ code: 'weak_password', status: 422 });

    const { data, error } = await client.auth.updateUser({ password: 'A-brand-new-password-7', data: { firstName: 'Grace' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ firstName: 'Grace', lastName: 'Lovelace' });

    expect((await client.auth.getUser()).data.user?.id).toBe(session.user.id);
    const otherUser = await other.auth.getUser();
    expect(isAuthSessionMissingError(otherUser.error)).toBe(true);

    const old = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error).toMatchObject({ code: 'invalid_credentials' });
    const fresh = await server.client().auth.signInWithPassword({ email, password: 'A-brand-new-password-7' });
    expect(fresh.error).toBeNull();
  });

  it('updateUser changes the password only after a recent sign-in or with the current password', async () => {
    const { client, email } = await signedUpClient(server);
    server.clock.advance(11 * 60_000); // the session is now older than the 10-minute window (its token still valid)
    const stale = await client.auth.updateUser({ password: 'A-brand-new-password-7' });
    expect(stale.error).toMatchObject({ code: 'reauthentication_needed', status: 400 });
    expect(stale.error?.message).toMatch(/current password/);
    const wrong = await client.auth.updateUser({ password: 'A-brand-new-password-7', current_password: 'Not-the-password-1' });
    expect(wrong.error).toMatchObject({ code: 'current_password_mismatch', status: 400 });
    // Metadata alone needs no reauthentication.
    expect((await client.auth.updateUser({ data: { firstName: 'Grace' } })).error).toBeNull();
    // Wrong current passwords count towards the sign-in lockout, so they cannot be guessed here.
    for (let i = 0; i < 4; i++) await client.auth.updateUser({ password: 'A-brand-new-password-7', current_password: `Guess-${i}-password` });
    expect((await client.auth.updateUser({ password: 'A-brand-new-password-7', current_password: PASSWORD })).error).toMatchObject({
      code: 'over_request_rate_limit',
      status: 429,
    });
    server.clock.advance(31_000);
    expect((await client.auth.updateUser({ password: 'A-brand-new-password-7', current_password: PASSWORD })).error).toBeNull();
    // A fresh sign-in may change it without the current password.
    const again = server.client();
    expect((await again.auth.signInWithPassword({ email, password: 'A-brand-new-password-7' })).error).toBeNull();
    expect((await again.auth.updateUser({ password: 'Another-new-password-8' })).error).toBeNull();
  });

  it('signOut ends the session: the old access and refresh tokens stop working', async () => {
    const { client, session } = await signedUpClient(server);
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect(events).toContain('SIGNED_OUT');

    const after = await server.client().auth.getUser(session.access_token);
    expect(isAuthSessionMissingError(after.error)).toBe(true);
    const raw = await server.fetch('/auth/v1/user', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ code: 'session_not_found', error_code: 'session_not_found' });

    const refresh = await server.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
    await expect(server.built.deps.tokens.verify(session.access_token)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });
});
