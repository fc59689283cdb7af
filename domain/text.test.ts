import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { csvField, fullName, NAME_CONTROL_MESSAGE, nameProblem, slugify, toCsv } from './text.ts';

describe('slugify', () => {
  it('drops accents instead of splitting them off', () => {
    expect(slugify('Ångström Research Lab & Co.')).toBe('angstrom-research-lab-co');
    expect(slugify('Université de Montréal')).toBe('universite-de-montreal');
  });

  it('falls back when nothing ASCII is left, and trims to the limit without a trailing dash', () => {
    expect(slugify('東京大学')).toBe('organization');
    expect(slugify('a'.repeat(39) + ' b', 40)).toBe('a'.repeat(39));
  });
});

describe('csvField', () => {
  it('prefixes cells a spreadsheet would run as formulas', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvField(s)).toBe(`'${s}`);
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('quotes commas, quotes and line breaks and leaves plain text and numbers alone', () => {
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('plain')).toBe('plain');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
    expect(toCsv(['a', 'b'], [['1', '=2']])).toBe("a,b\r\n1,'=2\r\n");
  });
});

describe('nameProblem (every name field: domain/contracts/fields.ts nameField)', () => {
  const LEGITIMATE = [
    "St. John's College",
    'J. R. R. Smith',
    'J.R.R. Smith',
    'Example Univ.',
    "St.John's College",
    'Université de Montréal',
    'Massachusetts Institute of Technology',
    'Dept. of Energy, Office of Science',
    'Acme Research, Inc.',
    'Samsung Electronics Co., Ltd.',
    'Ph.D. Programs',
    'Mary-Jane O’Brien',
    'U.S. Naval Research Laboratory',
    '東京大学',
    'جامعة القاهرة',
    'Jean-Luc Picard 3rd',
    'Version 2.0 Lab',
    'AT&T Labs',
    'Smith & Sons (No. 5)',
  ];
  const WEB = [
    'http://evil.example',
    'HTTPS://evil.example/x',
    'Visit hxxp://x',
    'www.evil',
    'Go to WWW.evil.org',
    'evil.com/x',
    'example.co',
    'Acme (evil.com)',
    'x@evil.com',
    'пример.рф',
    'a.b.example.org',
    'ｗｗｗ．evil',
    'ｅｖｉｌ．ｃｏｍ',
    'evil。com',
    'evil-site.io?q=1',
  ];
  const INVISIBLE = ['\u202e', '\u202a', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069', '\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\ufeff', '\u2060', '\u2064', '\u00ad', '\u061c', '\u3164', '\u{e0041}'];

  it('accepts names with abbreviations, initials, accents and other scripts', () => {
    for (const name of LEGITIMATE) expect(nameProblem(name), name).toBeNull();
  });

  it('refuses web addresses and bare domain names, also in full-width and ideographic forms', () => {
    for (const name of WEB) expect(nameProblem(name), name).toBe(MSG.nameWebAddress);
  });

  it('refuses every bidirectional override or isolate and every zero-width or other invisible character', () => {
    for (const c of INVISIBLE) expect(nameProblem(`Acme${c}Research`), c.codePointAt(0)!.toString(16)).toBe(MSG.nameInvisibleChars);
    expect(nameProblem('Ada\r\nBcc: x@example.org')).toBe(NAME_CONTROL_MESSAGE);
  });

  // Words as they appear in names: letters (any script), optional capital, abbreviation dots
  // followed by a space, initials.
  const word = fc.oneof(
    fc.stringMatching(/^[A-Z][a-z]{0,11}$/),
    fc.stringMatching(/^[A-Z][a-z]{0,5}\.$/),
    fc.stringMatching(/^[A-Z]\.$/),
    fc.constantFrom('Université', 'Zürich', 'Łódź', 'O’Neil', "D'Arcy", 'Smith-Jones', '&', '(Lab)', '3rd', 'Co.,', '大学', 'جامعة'),
  );
  const name = fc.array(word, { minLength: 1, maxLength: 8 }).map((ws) => ws.join(' '));

  it('accepts any name made of words, abbreviations with a space after the dot and initials (property)', () => {
    fc.assert(fc.property(name, (n) => nameProblem(n) === null));
  });

  it('refuses any such name once a domain, a URL or www. is put anywhere in it (property)', () => {
    const label = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}[a-z0-9]$/);
    const tld = fc.stringMatching(/^[a-z]{2,8}$/);
    const domain = fc.tuple(label, tld, fc.constantFrom('', '/x', '/path?q=1', ':8080')).map(([l, t, rest]) => `${l}.${t}${rest}`);
    const web = fc.oneof(
      domain,
      domain.map((d) => `http://${d}`),
      domain.map((d) => `https://${d}`),
      label.map((l) => `www.${l}`),
      domain.map((d) => d.toUpperCase()),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 4 }), web, fc.array(word, { maxLength: 4 }), (before, w, after) => nameProblem([...before, w, ...after].join(' ')) === MSG.nameWebAddress),
    );
  });

  it('refuses any name with an invisible or text-direction character anywhere (property)', () => {
    const invisible = fc.oneof(fc.constantFrom(...INVISIBLE), fc.integer({ min: 0x202a, max: 0x202e }).map((c) => String.fromCodePoint(c)), fc.integer({ min: 0x2066, max: 0x2069 }).map((c) => String.fromCodePoint(c)), fc.integer({ min: 0x200b, max: 0x200f }).map((c) => String.fromCodePoint(c)));
    fc.assert(
      fc.property(name, invisible, fc.nat(), (n, c, at) => {
        const i = at % (n.length + 1);
        return nameProblem(n.slice(0, i) + c + n.slice(i)) === MSG.nameInvisibleChars;
      }),
    );
  });
});

describe('fullName', () => {
  it('joins first and last name, single-spaced and trimmed', () => {
    expect(fullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullName('  Ada ', ' Lovelace  ')).toBe('Ada Lovelace');
    expect(fullName('Mary  Ann', 'Smith')).toBe('Mary Ann Smith');
    expect(fullName('Ada', '')).toBe('Ada');
    expect(fullName(null, undefined)).toBe('');
  });
});
