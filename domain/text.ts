// Text rules shared by the API's validator (server/lib/validator.ts), the embedded auth provider
// (server/auth-provider/auth.http.ts, auth.schemas.ts) and the contracts (names). Pure.
import { MSG } from './messages.ts';

/**
 * PostgreSQL stores neither U+0000 (text and jsonb refuse it) nor an unpaired UTF-16 surrogate
 * (it cannot be encoded as UTF-8), so either would surface as a database error: refuse them up front.
 */
export const INVALID_TEXT_MESSAGE = 'Text must not contain NUL (\\u0000) characters or unpaired surrogates (\\ud800-\\udfff)';
export const TOO_DEEP_MESSAGE = 'The request is nested too deeply';

/** How deep validated input may nest before it is refused (no contract comes close). */
export const MAX_INPUT_DEPTH = 64;

/** Replaces every unpaired UTF-16 surrogate (a loop, not a lookbehind regex, which older Safari cannot parse). */
export function replaceLoneSurrogates(s: string, replacement: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      out += s[i]! + s[i + 1]!;
      i++;
    } else out += c >= 0xd800 && c <= 0xdfff ? replacement : s[i]!;
  }
  return out;
}

const SURROGATE = /[\ud800-\udfff]/;

export const hasLoneSurrogate = (s: string) => SURROGATE.test(s) && replaceLoneSurrogates(s, '\u0000') !== s;

export const isInvalidText = (s: string) => s.includes('\u0000') || hasLoneSurrogate(s);

/** The reason `value` (strings, keys and values at any depth) cannot be stored, or null when it can. */
export function invalidTextProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH, depth = 0): string | null {
  if (typeof value === 'string') return isInvalidText(value) ? INVALID_TEXT_MESSAGE : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= maxDepth) return TOO_DEEP_MESSAGE;
  const entries: [string | null, unknown][] = Array.isArray(value) ? value.map((v) => [null, v]) : Object.entries(value);
  for (const [k, v] of entries) {
    if (k !== null && isInvalidText(k)) return INVALID_TEXT_MESSAGE;
    const problem = invalidTextProblem(v, maxDepth, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Whether `value` holds a NUL or a lone surrogate anywhere, or nests deeper than `maxDepth`. */
export const containsInvalidText = (value: unknown, maxDepth = MAX_INPUT_DEPTH) => invalidTextProblem(value, maxDepth) !== null;

/** How deep a JSON value nests (a scalar is 0, `{}` is 1); stops counting at `limit`. */
export function jsonDepth(value: unknown, limit = MAX_INPUT_DEPTH): number {
  if (value === null || typeof value !== 'object') return 0;
  if (limit <= 0) return 1;
  let deepest = 0;
  for (const v of Array.isArray(value) ? value : Object.values(value)) deepest = Math.max(deepest, jsonDepth(v, limit - 1));
  return 1 + deepest;
}

/** C0/C1 controls, DEL and the Unicode line/paragraph separators: never part of a name. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_RUN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
export const hasControlChars = (s: string) => s.search(CONTROL_RUN) !== -1;
export const NAME_CONTROL_MESSAGE = 'Names cannot contain line breaks or control characters';

/**
 * Characters that draw nothing but change what a reader sees: every Unicode format character
 * (General Category Cf: the bidirectional embeddings, overrides and isolates U+202A–U+202E and
 * U+2066–U+2069, the zero-width characters and marks U+200B–U+200F, U+2060–U+2064, U+FEFF, the
 * soft hyphen, tag characters), the combining grapheme joiner U+034F and the Hangul fillers
 * U+115F, U+1160, U+3164 and U+FFA0 (letters that render blank). Unicode Technical Standard #39
 * section 3.1 lists these as not allowed in identifiers; a name that reaches a mail must read as
 * it is stored (Trojan Source, CVE-2021-42574, is the same trick in source code).
 */
const INVISIBLE = /[\p{Cf}\u034f\u115f\u1160\u3164\uffa0]/u;

/** A scheme's `://` (`http://`, `hxxp://`, never part of a name) or `www.` at the start of a word. */
const URL_START = /:\/\/|(?:^|[^\p{L}\p{N}])www\./iu;

/** What ends a would-be domain name: anything but letters, digits, marks, hyphens, dots and apostrophes. */
const NOT_IN_DOMAIN = /[^\p{L}\p{N}\p{M}.'’-]+/u;

/**
 * A whole token that is a bare domain name ("evil.com", "example.co", "пример.рф"): labels of
 * letters, digits and hyphens joined by dots with no space, ending in a label of two or more
 * letters (a trailing full stop allowed). Abbreviations keep the space after their dot ("St. John's
 * College", "Example Univ."), initials are single letters ("J.R.R. Smith"), and an apostrophe
 * continues the word ("St.John's"), so none of them is one. Anchored at both ends and with dots
 * only between labels, it runs in linear time whatever the input.
 */
const DOMAIN_TOKEN = /^[-.]*(?:[\p{L}\p{N}][\p{L}\p{N}\p{M}-]*\.)+\p{L}[\p{L}\p{M}]+\.*$/u;

/** The full stops IDNA maps to U+002E besides U+FF0E, which NFKC already folds (RFC 3490 section 3.1). */
const IDEOGRAPHIC_STOPS = /[\u3002\uff61]/g;

const hasBareDomain = (folded: string) => folded.replace(IDEOGRAPHIC_STOPS, '.').split(NOT_IN_DOMAIN).some((token) => DOMAIN_TOKEN.test(token));

/**
 * Why a person's or an organization's name is refused, or null when it is accepted: control
 * characters, invisible or text-direction characters, or a web address or domain name. Names are
 * put into invitation and join-request mails sent from the product's address, where a mail
 * client turns a URL or a domain into a link. Checked on the NFKC form too, so full-width
 * look-alikes ("ｗｗｗ．", "ｈｔｔｐ：／／") are caught. The one rule every name field uses
 * (domain/contracts/fields.ts personName and organizationName).
 */
export function nameProblem(name: string): string | null {
  if (hasControlChars(name)) return NAME_CONTROL_MESSAGE;
  if (INVISIBLE.test(name)) return MSG.nameInvisibleChars;
  const folded = name.normalize('NFKC');
  if (URL_START.test(folded) || hasBareDomain(folded)) return MSG.nameWebAddress;
  return null;
}

/** Replaces runs of control characters with one space (defence for text put into mail headers and bodies). */
export const stripControlChars = (s: string) => s.replace(CONTROL_RUN, ' ');

/**
 * A lower-case ASCII slug for file names: accents are dropped rather than split off
 * ("Ångström" → "angstrom"; NFKD decomposes, then the combining marks U+0300–U+036F are removed),
 * every other run of non-alphanumerics becomes one dash, at most `max` characters, `fallback` when nothing is left.
 */
export function slugify(text: string, max = 40, fallback = 'organization'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || fallback;
}

/**
 * One CSV field (RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled).
 * A value starting with = + - @ (or tab / carriage return) is prefixed with an apostrophe so a
 * spreadsheet shows it as text instead of running it as a formula (OWASP "CSV Injection").
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV document: a header row, then one line per row, CRLF line ends (RFC 4180). */
export const toCsv = (header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]) =>
  [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';

/**
 * A person's name as shown, signed and mailed: first and last name, single-spaced and trimmed
 * ('' when both are empty or missing).
 */
export const fullName = (firstName: string | null | undefined, lastName: string | null | undefined): string =>
  `${firstName ?? ''} ${lastName ?? ''}`.replace(/\s+/g, ' ').trim();
