import type { MailMessage } from '../lib/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sign-up confirmation e-mail. The link is the only secret in it. */
export function confirmationMail(to: string, link: string): MailMessage {
  const text = [
    'Hello,',
    '',
    'Someone created an MVRSP Assess account with this e-mail address.',
    'To confirm the address, open this link within 24 hours and enter the password you chose when you signed up:',
    '',
    link,
    '',
    'The link works once. If you did not sign up, ignore this e-mail: the account stays unconfirmed and cannot be used. To use this address yourself, reset the password instead: that discards whatever the sign-up set up.',
    '',
    'MVRSP Assess',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Someone created an MVRSP Assess account with this e-mail address. To confirm the address, open this link within 24 hours and enter the password you chose when you signed up:</p>
<p><a href="${escapeHtml(link)}">Confirm your e-mail address</a></p>
<p>The link works once. If you did not sign up, ignore this e-mail: the account stays unconfirmed and cannot be used. To use this address yourself, reset the password instead: that discards whatever the sign-up set up.</p>
<p>MVRSP Assess</p>`;
  return { to, subject: 'Confirm your MVRSP Assess account', text, html, links: [link] };
}
