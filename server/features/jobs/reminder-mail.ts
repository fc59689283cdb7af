// The text of a reminder e-mail: plain, names the organization, the duty and the date, and links
// into the app. It carries no token: the link opens the app, which asks the reader to sign in.
import { stripControlChars } from '#domain/text.ts';

export const PRODUCT_NAME = 'MVRSP Assess';

/** Header-safe and body-safe: one line, no control characters (names may predate the contracts' rules). */
const oneLine = (s: string) => stripControlChars(s).replace(/\s+/g, ' ').trim();

/** An absolute link into the app: APP_URL (server/env.ts) plus an app path, as the invitation mail builds it. */
export const appLink = (appUrl: string, path: string) => `${appUrl.replace(/\/+$/, '')}${path}`;

export interface ReminderMailInput {
  organizationName: string;
  recipientName: string;
  /** What the reminder is about, e.g. "Your self-certification". */
  duty: string;
  /**
   * The whole statement instead of `duty verb dueOn`, when the date is part of a conditional duty
   * ("Section 117 report due July 31 if you received a reportable foreign gift or contract").
   */
  sentence?: string;
  /** The date it concerns (YYYY-MM-DD). */
  dueOn: string;
  /** "is due on", "expires on", ": next due"... the words between the duty and the date. */
  verb: string;
  /** Days from the day it was queued to the date (null when the date has passed). */
  daysLeft: number | null;
  /** Extra lines (the question code, the source that sets the date, what to do). */
  lines: string[];
  link: string;
}

export function reminderMail(raw: ReminderMailInput): { subject: string; body: string } {
  const org = oneLine(raw.organizationName);
  const duty = oneLine(raw.duty);
  // "Section 117 reports ...: next due 2027-01-31" or "Your self-certification expires on 2027-03-01".
  const sentence = raw.sentence ? oneLine(raw.sentence) : `${duty}${raw.verb.startsWith(':') ? '' : ' '}${raw.verb} ${raw.dueOn}`;
  const when = raw.daysLeft === null || raw.daysLeft < 0 ? '' : raw.daysLeft === 0 ? ' (today)' : raw.daysLeft === 1 ? ' (tomorrow)' : ` (in ${raw.daysLeft} days)`;
  const subject = oneLine(`${org}: ${sentence}${when}`).slice(0, 250);
  const body = [
    `Hello ${oneLine(raw.recipientName) || 'there'},`,
    ``,
    `This is a reminder for ${org} on ${PRODUCT_NAME}:`,
    ``,
    `${sentence}${when}.`,
    ...raw.lines.map(oneLine).filter(Boolean),
    ``,
    `Open it in ${PRODUCT_NAME} (sign in if asked):`,
    raw.link,
    ``,
    `You receive this because of your role in ${org}. Each reminder is sent once.`,
  ].join('\n');
  return { subject, body };
}
