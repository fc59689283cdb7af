// Sign-up reveals no account (GoTrue with "Confirm email" on, internal/api/signup.go): a new address,
// an unconfirmed account and a confirmed account, in any case or padding, all get 200 with a bare
// user and no session. The existing account is never changed; its unconfirmed owner gets the
// confirmation link again (one a minute), its confirmed owner a notice (one an hour).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { confirmWithPassword, mailLinkTo, mailSettled, PASSWORD, signedUpClient, uniqueEmail } from './contract-helpers.ts';
import { startContractServer, type ContractServer } from './contract-server.ts';

/** The shape of a user JSON: its keys, and its identities' keys (values differ by nature). */
const shape = (u: User | null) => ({
  keys: Object.keys(u ?? {}).sort(),
  identityKeys: (u?.identities ?? []).map((i) => Object.keys(i).sort()),
});

describe.each([TEST_DRIVER])('supabase-js sign-up for a taken address (%s)', (driver) => {
  let server: ContractServer;
  beforeEach(async () => {
    server = await startContractServer(driver);
  });
  afterEach(async () => {
    await server.close();
  });

  const signUp = (email: string, password = 'Intruder-password-9', data: Record<string, unknown> = { firstName: 'Mallory' }) =>
    server.client().auth.signUp({ email, password, options: { data } });
  const mailsTo = (email: string, subject: string) => server.mail.filter((m) => m.to === email && m.subject === subject);

  it('a confirmed account: 200 with GoTrue\'s obfuscated user, the account unchanged, one notice an hour to its owner', async () => {
    const { email, session } = await signedUpClient(server);
    const fresh = await signUp(uniqueEmail('new'));
    expect(fresh.error).toBeNull();

    for (const spelling of [email, email.toUpperCase(), `  ${email}  `]) {
      const dup = await signUp(spelling);
      expect(dup.error).toBeNull();
      expect(dup.data.session).toBeNull();
      expect(dup.data.user).toMatchObject({
        email,
        email_confirmed_at: null,
        confirmed_at: null,
        last_sign_in_at: null,
        identities: [],
        user_metadata: { firstName: 'Mallory' },
        app_metadata: { provider: 'email', providers: ['email'] },
      });
      expect(dup.data.user?.id).not.toBe(session.user.id);
      expect(dup.data.user?.confirmation_sent_at).toBeTruthy();
      expect(Object.keys(dup.data.user ?? {}).sort()).toEqual(shape(fresh.data.user).keys);
    }

    // Nothing of the account changed: the owner's password and metadata stand, the intruder's do not.
    expect((await server.client().auth.signInWithPassword({ email, password: 'Intruder-password-9' })).error).toMatchObject({ code: 'invalid_credentials' });
    const owner = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(owner.error).toBeNull();
    expect(owner.data.user?.user_metadata).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });

    // The owner hears of it once, with the ways back in; repeated attempts in the hour mail nothing more.
    await mailSettled(server);
    const notices = mailsTo(email, 'Sign-up attempt for your MVRSP Assess account');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('If it was you: sign in instead, or reset your password');
    expect(notices[0]?.links).toEqual([`${server.baseUrl}/login`, `${server.baseUrl}/forgot-password`]);
    expect(mailsTo(email, 'Confirm your MVRSP Assess account')).toHaveLength(1); // only the original sign-up's
    server.clock.advance(61 * 60_000);
    expect((await signUp(email)).error).toBeNull();
    await mailSettled(server);
    expect(mailsTo(email, 'Sign-up attempt for your MVRSP Assess account')).toHaveLength(2);
  });

  it('an unconfirmed account: 200 shaped like a new sign-up, the link mailed again (one a minute), the first password still the one that confirms', async () => {
    const email = uniqueEmail('pending');
    const first = await signUp(email, PASSWORD, { firstName: 'Ada' });
    expect(first.error).toBeNull();
    const firstLink = await mailLinkTo(server, email);

    const again = await signUp(email.toUpperCase(), 'Other-password-77', { firstName: 'Mallory' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(shape(again.data.user)).toEqual(shape(first.data.user));
    expect(again.data.user).toMatchObject({ email, email_confirmed_at: null, user_metadata: { firstName: 'Mallory' } });
    expect(again.data.user?.identities).toHaveLength(1);
    expect(again.data.user?.id).not.toBe(first.data.user?.id); // nothing of the real account is shown
    // Within the minute of the first mail: no second mail (and still 200).
    await mailSettled(server);
    expect(mailsTo(email, 'Confirm your MVRSP Assess account')).toHaveLength(1);

    server.clock.advance(61_000);
    expect((await signUp(email, 'Other-password-77')).error).toBeNull();
    const secondLink = await mailLinkTo(server, email);
    expect(secondLink).not.toBe(firstLink);
    expect(mailsTo(email, 'Confirm your MVRSP Assess account')).toHaveLength(2);
    // The account was not changed: only the first sign-up's password confirms, and its metadata stands.
    expect((await confirmWithPassword(server, secondLink, 'Other-password-77')).body).toMatchObject({ code: 'invalid_credentials' });
    const confirmed = await confirmWithPassword(server, secondLink, PASSWORD);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ user: { email, user_metadata: { firstName: 'Ada' } } });
  });

  it('with AUTH_AUTOCONFIRM a taken address still answers 422 user_already_exists (GoTrue auto-confirm)', async () => {
    await server.close();
    server = await startContractServer(driver, { AUTH_AUTOCONFIRM: 'true' });
    const email = uniqueEmail('auto');
    expect((await signUp(email)).data.session).toBeTruthy();
    const dup = await signUp(email.toUpperCase());
    expect(dup.error).toMatchObject({ code: 'user_already_exists', status: 422 });
  });
});
