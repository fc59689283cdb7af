import { describe, expect, it } from 'vitest';
import { lockoutDelayMs } from './auth.limits.ts';

describe('account lockout', () => {
  it('starts at 5 failures and doubles up to 15 minutes', () => {
    expect(lockoutDelayMs(4)).toBe(0);
    expect(lockoutDelayMs(5)).toBe(30_000);
    expect(lockoutDelayMs(6)).toBe(60_000);
    expect(lockoutDelayMs(50)).toBe(15 * 60_000);
  });

});
