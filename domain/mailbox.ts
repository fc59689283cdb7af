// One mailbox, however its address is written: the comparison key for "is this the same person's
// mailbox?" (a removed member asking to join again, ADR 003). Used by the server only through
// this function, so every check agrees on what "the same mailbox" means.
//
// - The whole address is lower-cased. RFC 5321 section 2.4 lets a host treat the local part as
//   case-sensitive, but mail providers in practice do not, and two addresses differing only in case
//   are one person for this check.
// - A `+tag` sub-address is dropped (user+anything@host is delivered to user@host by Gmail,
//   Outlook.com, Fastmail, iCloud and most hosted mail; RFC 5233 describes the convention).
// - Dots in the local part are dropped for gmail.com and googlemail.com only, where Google ignores
//   them ("Dots don't matter in Gmail addresses", https://support.google.com/mail/answer/7436150);
//   googlemail.com is the same service, so it is folded into gmail.com. Elsewhere a dot is significant
//   (jane.doe@ and janedoe@ may be two people) and is kept.

const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/** The canonical mailbox of `email` (see above); an address without `@` is only trimmed and lower-cased. */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.+$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = Object.hasOwn(DOTLESS_DOMAINS, domain) ? DOTLESS_DOMAINS[domain] : undefined;
  if (dotless !== undefined) {
    const undotted = local.replace(/\./g, '');
    // A local part of only dots stays as it was rather than becoming empty.
    if (undotted) local = undotted;
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/** True when the two addresses reach the same mailbox by `mailboxKey`. */
export const sameMailbox = (a: string, b: string): boolean => mailboxKey(a) === mailboxKey(b);
