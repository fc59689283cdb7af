import type { MailMessage } from '../lib/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Sent to the owner of a confirmed account when someone signs up with its address (the sign-up
 * itself answers as for a new address, so only the mailbox learns that the account exists).
 * No secret in it: plain links to the sign-in and password-reset pages.
 */
export function signupNoticeMail(to: string, appUrl: string): MailMessage {
  const signIn = new URL('/login', appUrl).toString();
  const reset = new URL('/forgot-password', appUrl).toString();
  const text = [
    'Hello,',
    '',
    'Someone just tried to create an MVRSP Assess account with this e-mail address, which already has an account.',
    'If it was you: sign in instead, or reset your password if you have forgotten it.',
    '',
    `Sign in: ${signIn}`,
    `Reset your password: ${reset}`,
    '',
    'If it was not you, you can ignore this e-mail: nothing about your account has changed.',
    '',
    'MVRSP Assess',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Someone just tried to create an MVRSP Assess account with this e-mail address, which already has an account.
If it was you: sign in instead, or reset your password if you have forgotten it.</p>
<p><a href="${escapeHtml(signIn)}">Sign in</a> · <a href="${escapeHtml(reset)}">Reset your password</a></p>
<p>If it was not you, you can ignore this e-mail: nothing about your account has changed.</p>
<p>MVRSP Assess</p>`;
  return { to, subject: 'Sign-up attempt for your MVRSP Assess account', text, html, links: [signIn, reset] };
}
