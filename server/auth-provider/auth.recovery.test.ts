import { describe, expect, it } from 'vitest';
import { safeRedirect } from './auth.recovery.ts';
import { mergeMetadata } from './auth.update-user.ts';

describe('safeRedirect', () => {
  const app = 'https://assess.example.org';
  it.each([
    [undefined, app],
    ['', app],
    ['https://assess.example.org/reset-password', 'https://assess.example.org/reset-password'],
    ['https://assess.example.org/reset-password?x=1#old', 'https://assess.example.org/reset-password?x=1'],
    ['https://evil.example/reset-password', app],
    ['https://assess.example.org.evil.example/', app],
    ['http://assess.example.org/reset-password', app],
    ['//evil.example', app],
    ['javascript:alert(1)', app],
    ['/reset-password', app],
  ])('%s → %s', (raw, expected) => {
    expect(safeRedirect(app, raw)).toBe(expected);
  });
});

describe('mergeMetadata', () => {
  it('merges keys and removes those set to null', () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: null, c: 3 })).toEqual({ a: 1, c: 3 });
  });
});
