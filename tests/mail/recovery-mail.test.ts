// Password-recovery e-mail over real SMTP (nodemailer -> smtp-server), end to end: request a
// reset, read the delivered message, follow its link to a recovery session, set a new password.
import { describe, expect, it } from 'vitest';
import type { EmbeddedAuthAdmin } from '#server/auth-provider/index.ts';
import { signInUser, signUpUser } from '#tests/setup/auth.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { decodedBody, header, useAppWithSmtp } from './smtp-capture.ts';

describe.each([TEST_DRIVER])('password recovery e-mail over SMTP (%s)', (driver) => {
  const app = useAppWithSmtp(driver);

  /** Follows a mailed link on the app (it lives on APP_URL, which nothing listens on). */
  const follow = (link: string) => app.server.app.request(link.replace(/^https?:\/\/[^/]+/, ''), { redirect: 'manual' });

  it('delivers the reset link to the account, and the link opens a recovery session', async () => {
    const user = await signUpUser(app.server, { email: 'grace.hopper@example.org' });
    const appUrl = app.server.deps.env.APP_URL;
    const redirectTo = `${appUrl}/reset-password`;
    const before = app.smtp.messages.length;

    const res = await app.server.json('POST', `/auth/v1/recover?redirect_to=${encodeURIComponent(redirectTo)}`, { email: 'Grace.Hopper@Example.org' });
    expect(res.status).toBe(200);
    await (app.server.deps.authAdmin as EmbeddedAuthAdmin).idle(); // the mail goes out after the answer

    expect(app.smtp.messages).toHaveLength(before + 1);
    const message = app.smtp.messages.at(-1)!;
    expect(message.to).toEqual(['grace.hopper@example.org']);
    expect(message.from).toBe('no-reply@mvrsp.test');
    expect(header(message.raw, 'subject')).toBe('Reset your MVRSP Assess password');
    expect(header(message.raw, 'to')).toBe('grace.hopper@example.org');

    const body = decodedBody(message.raw);
    const found = /http:\/\/localhost:3999\/auth\/v1\/verify\?[^\s"<]+/.exec(body);
    expect(found).not.toBeNull();
    const link = found![0];
    const url = new URL(link);
    expect(url.searchParams.get('type')).toBe('recovery');
    expect(url.searchParams.get('redirect_to')).toBe(redirectTo);
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    // Following the link redirects to the reset page with a recovery session in the hash.
    const opened = await follow(link);
    expect(opened.status).toBe(303);
    const location = opened.headers.get('location')!;
    expect(location.startsWith(`${redirectTo}#`)).toBe(true);
    const hash = new URLSearchParams(new URL(location).hash.slice(1));
    expect(hash.get('type')).toBe('recovery');
    expect(hash.get('token_type')).toBe('bearer');
    const accessToken = hash.get('access_token')!;
    expect(accessToken).toBeTruthy();
    expect(hash.get('refresh_token')).toBeTruthy();

    // That session belongs to the account and may set a new password, which then signs in.
    const me = await app.server.json('GET', '/auth/v1/user', undefined, accessToken);
    expect(me).toMatchObject({ status: 200, body: { id: user.userId, email: 'grace.hopper@example.org' } });
    expect((await app.server.json('PUT', '/auth/v1/user', { password: 'Compiler-pioneer-1952' }, accessToken)).status).toBe(200);
    await expect(signInUser(app.server, user.email, 'Compiler-pioneer-1952')).resolves.toMatchObject({ userId: user.userId });
    await expect(signInUser(app.server, user.email, user.password)).rejects.toThrow(/400/);

    // The link works once.
    const again = await follow(link);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toContain('error_code=otp_expired');
    expect(again.headers.get('location')).not.toContain('access_token');
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const before = app.smtp.messages.length;
    const res = await app.server.json('POST', '/auth/v1/recover', { email: 'nobody@example.org' });
    expect(res.status).toBe(200);
    expect(app.smtp.messages).toHaveLength(before);
  });
});
