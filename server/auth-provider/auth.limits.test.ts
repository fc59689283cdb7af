import { describe, expect, it } from 'vitest';
import { lockoutDelayMs, WindowLimiter } from './auth.limits.ts';

describe('WindowLimiter', () => {
  it('allows max hits per window per key, then reports the wait', () => {
    const limiter = new WindowLimiter(3, 60_000);
    expect([0, 1, 2].map((i) => limiter.hit('a', 1_000 + i))).toEqual([0, 0, 0]);
    expect(limiter.hit('a', 2_000)).toBe(59);
    expect(limiter.hit('b', 2_000)).toBe(0);
    expect(limiter.hit('a', 61_000)).toBe(0);
  });
});

describe('account lockout', () => {
  it('starts at 5 failures and doubles up to 15 minutes', () => {
    expect(lockoutDelayMs(4)).toBe(0);
    expect(lockoutDelayMs(5)).toBe(30_000);
    expect(lockoutDelayMs(6)).toBe(60_000);
    expect(lockoutDelayMs(50)).toBe(15 * 60_000);
  });

});
