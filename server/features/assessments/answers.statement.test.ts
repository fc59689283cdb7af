import { describe, expect, it } from 'vitest';
import { literal } from './answers.statement.ts';

const U = '0193a6f2-7b1c-7d2e-8f30-4a5b6c7d8e9f';

describe('literal (the only way a value enters the PGlite answer statement as SQL text)', () => {
  it.each([
    ['uuid', U, `'${U}'`],
    ['uuid', U.toUpperCase(), `'${U.toUpperCase()}'`],
    ['uuid', null, 'null'],
    ['text', 'yes', "'yes'"],
    ['text', 'no', "'no'"],
    ['int', 0, '0'],
    ['int', 41, '41'],
    ['int', null, 'null'],
    ['origin', 'confirmed', "'confirmed'"],
    ['origin', 'bulk_confirmed', "'bulk_confirmed'"],
  ] as const)('%s %j is %s', (type, value, text) => {
    expect(literal(type, value)).toBe(text);
  });

  it.each([
    ['uuid', `${U}'; drop table responses; --`],
    ['uuid', `${U}\n`],
    ['uuid', `'${U}'`],
    ['uuid', U.replace(/-/g, '')],
    ['uuid', ''],
    ['uuid', 42],
    ['uuid', undefined],
    ['text', "yes'"],
    ['text', 'YES'],
    ['text', 'maybe'],
    ['text', ''],
    ['int', '1'],
    ['int', '1; select 1'],
    ['int', 1.5],
    ['int', Number.NaN],
    ['int', Number.POSITIVE_INFINITY],
    ['int', 2 ** 53],
    ['int', 1e21],
    ['int', undefined],
    ['int', { valueOf: (): number => 1 }],
    // A re-confirmation writes only confirmed or bulk_confirmed; no other origin, and no origin as an answer.
    ['origin', 'answered'],
    ['origin', 'carried'],
    ['origin', "confirmed'"],
    ['origin', 'yes'],
    ['origin', ''],
    ['text', 'confirmed'],
    ['text', 'bulk_confirmed'],
  ] as const)('refuses %s %j', (type, value) => {
    expect(() => literal(type, value)).toThrow(TypeError);
  });
});
