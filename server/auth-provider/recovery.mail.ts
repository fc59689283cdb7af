import type { MailMessage } from '../lib/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The password-reset e-mail. The link is the only secret in it. */
export function recoveryMail(to: string, link: string): MailMessage {
  const text = [
    'Hello,',
    '',
    'Someone asked to reset the password of your MVRSP Assess account.',
    'Open this link within one hour to choose a new password:',
    '',
    link,
    '',
    'The link works once. If you did not ask for a reset, ignore this e-mail: your password stays the same.',
    '',
    'MVRSP Assess',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Someone asked to reset the password of your MVRSP Assess account. Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p>The link works once. If you did not ask for a reset, ignore this e-mail: your password stays the same.</p>
<p>MVRSP Assess</p>`;
  return { to, subject: 'Reset your MVRSP Assess password', text, html, links: [link] };
}
