// The committed content register must be what domain/questions/bank-register.ts renders from the
// bank, sources and requirements in code (regenerate with npm run content:register).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REGISTER_PATH, renderRegister } from '#domain/questions/bank-register.ts';
import { RELEASES_PATH, renderReleases } from '#domain/questions/releases.ts';

describe('content register', () => {
  it(`${REGISTER_PATH} is up to date (npm run content:register)`, () => {
    expect(readFileSync(new URL(`../../${REGISTER_PATH}`, import.meta.url), 'utf8')).toBe(renderRegister());
  });

  it(`${RELEASES_PATH} is up to date (npm run content:register)`, () => {
    expect(readFileSync(new URL(`../../${RELEASES_PATH}`, import.meta.url), 'utf8')).toBe(renderReleases());
  });
});
