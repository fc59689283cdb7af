import { describe, expect, it } from 'vitest';
import { csvField, slugify, toCsv } from './text.ts';

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
