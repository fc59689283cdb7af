// The invitation e-mail (plain text + HTML). The link carries the only copy of the token.
import { stripControlChars } from '#domain/text.ts';
import type { MailMessage } from '../../lib/mailer.ts';

export interface InviteMailInput {
  to: string;
  inviterName: string;
  inviterEmail: string;
  organizationName: string;
  appUrl: string;
  token: string;
  expiresAt: Date;
}

export const PRODUCT_NAME = 'MVRSP Assess';

export const inviteLink = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/invite/${encodeURIComponent(token)}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * Header-safe and body-safe: no line breaks or other control characters. The contracts refuse them in
 * names (domain/contracts/fields.ts); this also covers names stored before that rule.
 */
const oneLine = (s: string) => stripControlChars(s).replace(/\s+/g, ' ').trim();

export function inviteMail(raw: InviteMailInput): MailMessage {
  const input = { ...raw, inviterName: oneLine(raw.inviterName), inviterEmail: oneLine(raw.inviterEmail), organizationName: oneLine(raw.organizationName) };
  const link = inviteLink(input.appUrl, input.token);
  const expires = input.expiresAt.toUTCString();
  const subject = oneLine(`${input.inviterName} invited you to join ${input.organizationName} on ${PRODUCT_NAME}`);
  const text = [
    `Hello,`,
    ``,
    `${input.inviterName} (${input.inviterEmail}) invited you (${input.to}) to join ${input.organizationName} on ${PRODUCT_NAME}, the research security program self-assessment.`,
    ``,
    `Accept the invitation and create your account here:`,
    link,
    ``,
    `The link works once and expires on ${expires}. If you did not expect this invitation, you can ignore this e-mail.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello,</p>
<p><strong>${escapeHtml(input.inviterName)}</strong> (${escapeHtml(input.inviterEmail)}) invited you (${escapeHtml(input.to)}) to join <strong>${escapeHtml(input.organizationName)}</strong> on ${PRODUCT_NAME}, the research security program self-assessment.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">Accept invitation</a></p>
<p style="font-size:13px;color:#475569">Or open this link: ${escapeHtml(link)}<br>The link works once and expires on ${escapeHtml(expires)}. If you did not expect this invitation, you can ignore this e-mail.</p>
</body></html>`;
  return { to: input.to, subject, text, html, links: [link] };
}
