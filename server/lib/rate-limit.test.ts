import { describe, expect, it } from 'vitest';
import { rateLimitMessage, waitText } from './rate-limit.ts';

describe('rateLimitMessage', () => {
  it('says seconds up to 90 s and whole minutes (rounded up) beyond', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(90)).toBe('90 seconds');
    expect(waitText(91)).toBe('2 minutes');
    expect(rateLimitMessage(3594)).toBe('Too many requests. Please try again in 60 minutes.');
    expect(rateLimitMessage(600, 'Too many failed sign-in attempts.')).toBe('Too many failed sign-in attempts. Please try again in 10 minutes.');
  });
});
