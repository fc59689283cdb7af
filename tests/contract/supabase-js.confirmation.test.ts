// Sign-up with e-mail confirmation as supabase-js sees it (GoTrue with "Confirm email" on): no session
// at sign-up, a mailed single-use link that opens the SPA's /confirm-email page, where the sign-up
// password confirms and signs in (ADR 002 §9), email_not_confirmed before that, resend for unconfirmed
// addresses only, and AUTH_AUTOCONFIRM for local trials.
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { confirmWithPassword, fragmentOf, mailLinkTo, mailSettled, PASSWORD, postVerify, uniqueEmail } from './contract-helpers.ts';
import { startContractServer, type ContractServer } from './contract-server.ts';

describe.each([TEST_DRIVER])('supabase-js sign-up confirmation (%s)', (driver) => {
  let server: ContractServer;
  afterEach(async () => {
    await server?.close();
  });

  const follow = (link: string) => fetch(link, { redirect: 'manual' });
  const meta = { firstName: 'Ada', lastName: 'Lovelace', organizationName: 'Analytical Engines' };

  it('signUp returns the unconfirmed user without a session and mails a single-use link to the password page', async () => {
    server = await startContractServer(driver);
    const email = uniqueEmail('confirm');
    const redirectTo = `${server.baseUrl}/dashboard`;
    const { data, error } = await server.client().auth.signUp({ email, password: PASSWORD, options: { data: meta, emailRedirectTo: redirectTo } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, email_confirmed_at: null, user_metadata: meta });
    expect(data.user?.confirmation_sent_at).toBeTruthy();

    const link = await mailLinkTo(server, email);
    const mail = server.mail.at(-1)!;
    expect(mail).toMatchObject({ to: email, subject: 'Confirm your MVRSP Assess account' });
    expect(mail.text).toContain(link);
    // The mail says what the link needs: it no longer promises to sign in by itself.
    expect(mail.text).toContain('enter the password you chose when you signed up');
    expect(mail.text).not.toContain('confirm the address and sign in');
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.baseUrl}/auth/v1/verify`);
    expect(url.searchParams.get('type')).toBe('signup');
    expect(url.searchParams.get('redirect_to')).toBe(redirectTo);

    // Before confirming, the password grant is refused with GoTrue's code.
    const early = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({ code: 'email_not_confirmed', message: 'Email not confirmed', status: 400 });
    expect(early.data.session).toBeNull();
    // A wrong password still looks like any wrong password.
    expect((await server.client().auth.signInWithPassword({ email, password: 'Wrong-password-1' })).error).toMatchObject({ code: 'invalid_credentials' });

    const res = await follow(link);
    expect(res.status).toBe(303);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const location = res.headers.get('location')!;
    // The link only forwards its token (in the fragment) to the page that asks for the password.
    expect(location.startsWith(`${server.baseUrl}/confirm-email#`)).toBe(true);
    const hash = fragmentOf(location);
    expect(hash.get('type')).toBe('signup');
    expect(hash.get('token_hash')).toBe(url.searchParams.get('token'));
    expect(hash.get('redirect_to')).toBe(redirectTo);
    expect(hash.get('access_token')).toBeNull();
    const confirmed = await postVerify(server, { type: 'signup', token_hash: hash.get('token_hash'), password: PASSWORD });
    expect(confirmed.status).toBe(200);
    const client = server.client();
    const set = await client.auth.setSession({ access_token: String(confirmed.body.access_token), refresh_token: String(confirmed.body.refresh_token) });
    expect(set.error).toBeNull();
    expect(set.data.user?.email_confirmed_at).toBeTruthy();
    expect(set.data.user?.identities?.[0]?.identity_data?.email_verified).toBe(true);

    // Single use: the same link again lands on the error fragment.
    const again = fragmentOf((await follow(link)).headers.get('location')!);
    expect(again.get('error_code')).toBe('otp_expired');
    expect((await postVerify(server, { type: 'signup', token_hash: hash.get('token_hash'), password: PASSWORD })).body).toMatchObject({ code: 'otp_expired' });
    // And the password now signs in.
    expect((await server.client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('a confirmation link without the sign-up password confirms nothing and opens no session; with it, the address is confirmed', async () => {
    server = await startContractServer(driver);
    const email = uniqueEmail('victim');
    // Someone signs up with an address that is not theirs, their own password and an organization.
    await server.client().auth.signUp({ email, password: 'Squatter-password-1', options: { data: meta } });
    const link = await mailLinkTo(server, email);

    // The owner clicks the unsolicited link: following it opens no session and confirms nothing.
    const opened = await follow(link);
    expect(fragmentOf(opened.headers.get('location')!).get('access_token')).toBeNull();
    expect((await server.client().auth.signInWithPassword({ email, password: 'Squatter-password-1' })).error).toMatchObject({ code: 'email_not_confirmed' });
    // Without a password: 400 validation_failed with a message the page shows.
    const bare = await confirmWithPassword(server, link, undefined);
    expect(bare).toMatchObject({ status: 400, body: { code: 'validation_failed', message: 'Enter your password to confirm your address' } });
    // supabase-js verifyOtp (no password) is refused the same way.
    const token = fragmentOf(bare.location).get('token_hash')!;
    expect((await server.client().auth.verifyOtp({ token_hash: token, type: 'signup' })).error).toMatchObject({ code: 'validation_failed', status: 400 });
    // A wrong password: 400 invalid_credentials, and the link stays usable.
    expect(await confirmWithPassword(server, link, 'Owner-guess-123')).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    expect((await server.client().auth.signInWithPassword({ email, password: 'Squatter-password-1' })).error).toMatchObject({ code: 'email_not_confirmed' });
    // With the sign-up password the address is confirmed and a session opens, carrying the sign-up metadata.
    const ok = await confirmWithPassword(server, link, 'Squatter-password-1');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'bearer', user: { email, user_metadata: meta } });
    expect((ok.body.user as { email_confirmed_at: string | null }).email_confirmed_at).toBeTruthy();
    expect((await server.client().auth.signInWithPassword({ email, password: 'Squatter-password-1' })).error).toBeNull();
  });

  it('wrong passwords on the confirmation page count toward the account lockout of the password grant', async () => {
    server = await startContractServer(driver);
    const email = uniqueEmail('locked');
    await server.client().auth.signUp({ email, password: PASSWORD });
    const link = await mailLinkTo(server, email);
    for (let i = 0; i < 5; i++) expect((await confirmWithPassword(server, link, `Wrong-password-${i}`)).body).toMatchObject({ code: 'invalid_credentials' });
    // Locked: the right password is refused on the page and by the password grant alike, the link stays unused.
    expect(await confirmWithPassword(server, link, PASSWORD)).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
    expect((await server.client().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'over_request_rate_limit' });
    server.clock.advance(31_000);
    expect((await confirmWithPassword(server, link, PASSWORD)).status).toBe(200);
  });

  it('POST /verify type signup with the token_hash and the password confirms once; links expire after 24 h', async () => {
    server = await startContractServer(driver);
    const email = uniqueEmail('otp');
    await server.client().auth.signUp({ email, password: PASSWORD });
    const token = new URL(await mailLinkTo(server, email)).searchParams.get('token')!;
    const first = await postVerify(server, { token_hash: token, type: 'signup', password: PASSWORD });
    expect(first.status).toBe(200);
    expect((first.body.user as { email_confirmed_at: string | null }).email_confirmed_at).toBeTruthy();
    const second = await postVerify(server, { token_hash: token, type: 'signup', password: PASSWORD });
    expect(second).toMatchObject({ status: 403, body: { code: 'otp_expired' } });

    const late = uniqueEmail('late');
    await server.client().auth.signUp({ email: late, password: PASSWORD });
    const lateToken = new URL(await mailLinkTo(server, late)).searchParams.get('token')!;
    server.clock.advance(24 * 60 * 60_000 + 1_000);
    expect((await postVerify(server, { token_hash: lateToken, type: 'signup', password: PASSWORD })).body).toMatchObject({ code: 'otp_expired' });
    // A confirmation token is not a recovery token.
    const third = uniqueEmail('cross');
    await server.client().auth.signUp({ email: third, password: PASSWORD });
    const crossToken = new URL(await mailLinkTo(server, third)).searchParams.get('token')!;
    expect((await server.client().auth.verifyOtp({ token_hash: crossToken, type: 'recovery' })).error).toMatchObject({ code: 'otp_expired' });
  });

  it('resend mails a new link to an unconfirmed address only, once a minute, with the same answer for everyone', async () => {
    server = await startContractServer(driver);
    const email = uniqueEmail('resend');
    await server.client().auth.signUp({ email, password: PASSWORD });
    const firstLink = await mailLinkTo(server, email);
    const resend = (address: string) => server.client().auth.resend({ type: 'signup', email: address });

    // Within the minute of the sign-up mail: refused, like recover.
    expect((await resend(email)).error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
    server.clock.advance(61_000);
    expect((await resend(email)).error).toBeNull();
    const secondLink = await mailLinkTo(server, email);
    expect(secondLink).not.toBe(firstLink);
    // The new link supersedes the old one.
    expect(fragmentOf((await follow(firstLink)).headers.get('location')!).get('error_code')).toBe('otp_expired');
    expect((await confirmWithPassword(server, secondLink, PASSWORD)).status).toBe(200);

    // Confirmed and unknown addresses: the same empty answer, no mail, the same 60 s spacing.
    const before = server.mail.length;
    for (const address of [email, uniqueEmail('nobody')]) {
      expect((await resend(address)).error).toBeNull();
      expect((await resend(address)).error).toMatchObject({ code: 'over_email_send_rate_limit' });
    }
    await mailSettled(server);
    expect(server.mail.length).toBe(before);
  });

  it('AUTH_AUTOCONFIRM=true keeps the old behaviour: confirmed at sign-up, session at once, no mail', async () => {
    server = await startContractServer(driver, { AUTH_AUTOCONFIRM: 'true' });
    const email = uniqueEmail('auto');
    const { data, error } = await server.client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(server.mail).toHaveLength(0);
  });

  it('a recovery link for a never-confirmed account drops what the sign-up set up (metadata, password, sessions)', async () => {
    server = await startContractServer(driver);
    const email = uniqueEmail('squat');
    // Someone signs up with an address that is not theirs, with an organization in the metadata.
    await server.client().auth.signUp({ email, password: 'Squatter-password-1', options: { data: meta } });
    // The owner asks for a password reset and follows the link.
    expect((await server.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const hash = fragmentOf((await follow(await mailLinkTo(server, email))).headers.get('location')!);
    expect(hash.get('type')).toBe('recovery');
    const owner = server.client();
    const set = await owner.auth.setSession({ access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! });
    expect(set.error).toBeNull();
    expect(set.data.user?.email_confirmed_at).toBeTruthy();
    expect(set.data.user?.user_metadata).toEqual({});
    // The sign-up's password no longer works; the owner sets their own.
    expect((await server.client().auth.signInWithPassword({ email, password: 'Squatter-password-1' })).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await owner.auth.updateUser({ password: 'Owner-password-123' })).error).toBeNull();
    expect((await server.client().auth.signInWithPassword({ email, password: 'Owner-password-123' })).error).toBeNull();
  });
});
