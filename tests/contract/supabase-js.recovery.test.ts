// Password reset end to end: resetPasswordForEmail → mailed link → 303 with tokens in the hash → setSession → updateUser.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { fragmentOf, mailLinkTo, mailSettled, PASSWORD, signedUpClient, uniqueEmail, verifyWithPublishedJwks } from './contract-helpers.ts';
import { startContractServer, type ContractServer } from './contract-server.ts';

describe.each([TEST_DRIVER])('supabase-js password recovery (%s)', (driver) => {
  let server: ContractServer;
  beforeEach(async () => {
    server = await startContractServer(driver);
  });
  afterEach(async () => {
    await server.close();
  });

  const follow = (link: string) => fetch(link, { redirect: 'manual' });

  it('mails a single-use link that opens a recovery session for setting a new password', async () => {
    const { email } = await signedUpClient(server);
    const redirectTo = `${server.baseUrl}/reset-password`;
    const sent = await server.client().auth.resetPasswordForEmail(email, { redirectTo });
    expect(sent).toEqual({ data: {}, error: null });

    await mailSettled(server);
    const mail = server.mail.at(-1)!;
    expect(mail).toMatchObject({ to: email, subject: 'Reset your MVRSP Assess password' });
    const link = await mailLinkTo(server, email);
    expect(mail.text).toContain(link);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.baseUrl}/auth/v1/verify`);
    expect(url.searchParams.get('type')).toBe('recovery');
    expect(url.searchParams.get('redirect_to')).toBe(redirectTo);

    const res = await follow(link);
    expect(res.status).toBe(303);
    // The link's URL carries the one-time token: the served redirect must not leak it as a referrer
    // (the app-wide secure headers default to strict-origin-when-cross-origin; the route's own header wins).
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${redirectTo}#`)).toBe(true);
    const hash = fragmentOf(location);
    expect(hash.get('type')).toBe('recovery');
    expect(hash.get('token_type')).toBe('bearer');
    expect(hash.get('expires_in')).toBe('3600');
    expect(Number(hash.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    const { payload } = await verifyWithPublishedJwks(server, hash.get('access_token')!);
    expect(payload.amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);

    const client = server.client();
    const set = await client.auth.setSession({ access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! });
    expect(set.error).toBeNull();
    expect(set.data.user?.email).toBe(email);
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    // A recovery session may set the password without the current one, for an hour (the link proved the mailbox).
    server.clock.advance(20 * 60_000);
    const updated = await client.auth.updateUser({ password: 'Recovered-password-42' });
    expect(updated.error).toBeNull();
    expect((await server.client().auth.signInWithPassword({ email, password: 'Recovered-password-42' })).error).toBeNull();

    const again = await follow(link);
    expect(again.status).toBe(303);
    expect(Object.fromEntries(fragmentOf(again.headers.get('location')!))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
    expect(again.headers.get('location')).toContain('error_description=Email+link+is+invalid+or+has+expired');
  });

  it('answers {} for unknown addresses without sending mail', async () => {
    const sent = await server.client().auth.resetPasswordForEmail(uniqueEmail('ghost'));
    expect(sent).toEqual({ data: {}, error: null });
    expect(server.mail).toHaveLength(0);
  });

  it('allows one mail per address per 60 s', async () => {
    const { email } = await signedUpClient(server);
    expect((await server.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await server.client().auth.resetPasswordForEmail(email);
    expect(second.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
    expect(second.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    server.clock.advance(61_000);
    expect((await server.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    await mailSettled(server);
    expect(server.mail.filter((m) => m.to === email && m.subject === 'Reset your MVRSP Assess password')).toHaveLength(2);
  });

  it('only redirects to the app origin', async () => {
    const { email } = await signedUpClient(server);
    await server.client().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const link = await mailLinkTo(server, email);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(server.baseUrl);
    const tampered = new URL(link);
    tampered.searchParams.set('redirect_to', 'https://evil.example/steal');
    const res = await follow(tampered.toString());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')!.startsWith(`${server.baseUrl}#access_token=`)).toBe(true);
  });

  it('rejects expired links and links of a superseded request', async () => {
    const { email } = await signedUpClient(server);
    await server.client().auth.resetPasswordForEmail(email);
    const first = await mailLinkTo(server, email);
    server.clock.advance(61_000);
    await server.client().auth.resetPasswordForEmail(email);
    const second = await mailLinkTo(server, email);
    expect(fragmentOf((await follow(first)).headers.get('location')!).get('error_code')).toBe('otp_expired');

    server.clock.advance(61 * 60_000);
    expect(fragmentOf((await follow(second)).headers.get('location')!).get('error_code')).toBe('otp_expired');
    const garbage = await follow(`${server.baseUrl}/auth/v1/verify?token=nope&type=recovery`);
    expect(garbage.headers.get('location')).toBe(
      `${server.baseUrl}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    );
  });

  it('verifyOtp with the token_hash (POST /verify) returns a session, once', async () => {
    const { email } = await signedUpClient(server);
    await server.client().auth.resetPasswordForEmail(email);
    const token = new URL(await mailLinkTo(server, email)).searchParams.get('token')!;
    const client = server.client();
    const first = await client.auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(first.error).toBeNull();
    expect(first.data.session?.user.email).toBe(email);
    const second = await server.client().auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(second.error).toMatchObject({ code: 'otp_expired', message: 'Email link is invalid or has expired', status: 403 });
  });

  it('a password change through recovery ends the other sessions', async () => {
    const { client: original, email } = await signedUpClient(server, uniqueEmail(), PASSWORD);
    await server.client().auth.resetPasswordForEmail(email);
    const token = new URL(await mailLinkTo(server, email)).searchParams.get('token')!;
    const recovered = server.client();
    await recovered.auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect((await recovered.auth.updateUser({ password: 'Another-new-password-8' })).error).toBeNull();
    expect((await original.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });
});
