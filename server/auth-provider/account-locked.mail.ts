import type { MailMessage } from '../lib/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Sent when wrong passwords lock an account (at most one an hour). The link is the only secret in it. */
export function accountLockedMail(to: string, link: string): MailMessage {
  const text = [
    'Hello,',
    '',
    'Several wrong passwords were entered for your MVRSP Assess account, so signing in is paused for a while.',
    'You can still sign in from a device you used recently. If it was not you, or you have forgotten your password, open this link within one hour to choose a new password; that also lifts the pause:',
    '',
    link,
    '',
    'The link works once. If it was you and you remember your password, ignore this e-mail and try again later.',
    '',
    'MVRSP Assess',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Several wrong passwords were entered for your MVRSP Assess account, so signing in is paused for a while.
You can still sign in from a device you used recently. If it was not you, or you have forgotten your password, open this link within one hour to choose a new password; that also lifts the pause:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p>The link works once. If it was you and you remember your password, ignore this e-mail and try again later.</p>
<p>MVRSP Assess</p>`;
  return { to, subject: 'Sign-in to your MVRSP Assess account is paused', text, html, links: [link] };
}
